import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The headers the built-in service sends with a webhook body: JSON, and its Standard Webhooks id, timestamp and signature. */
export function signedWebhookHeaders(secret: string, body: string, options: { id?: string; at?: Date } = {}) {
  const id = options.id ?? randomUUID();
  const at = options.at ?? new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

/** A signed webhook about one COMPLETED transcription (`transcription.completed`, or `type`), body and headers as the built-in service sends them. */
export function signedTranscriptionWebhook(
  secret: string,
  transcriptionId: string,
  options: { id?: string; at?: Date; type?: string } = {},
) {
  const at = options.at ?? new Date();
  const body = JSON.stringify({
    type: options.type ?? 'transcription.completed',
    timestamp: at.toISOString(),
    data: { transcription_id: transcriptionId, status: 'COMPLETED', configuration_id: randomUUID(), name: null, error: null },
  });
  return { body, headers: signedWebhookHeaders(secret, body, { id: options.id, at }) };
}
