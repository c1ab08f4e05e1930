/** Webhooks posted to the hub's receiver the way the built-in service sends them, for receiver tests. */
import type { WebApp } from '../../src/app.js';
import request from 'supertest';
import { signedWebhookHeaders } from './signed-webhook-headers.js';

/** POSTs `body` to the success receiver of `app`, signed with `secret` (as `id`, at `at`). */
export function postSignedWebhook(app: WebApp, secret: string, body: string, options: { id?: string; at?: Date } = {}) {
  return request(app)
    .post('/webhooks/transcriptions/success')
    .set(signedWebhookHeaders(secret, body, options))
    .send(body);
}

/** The least `transcription.completed` event the receiver accepts: it names the transcription. */
export const completedEventFor = (transcriptionId: string) =>
  JSON.stringify({ type: 'transcription.completed', data: { transcription_id: transcriptionId } });
