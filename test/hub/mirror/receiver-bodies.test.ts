/**
 * The receiver's own HTTP stack (receiver-surface.ts on machine-surface.ts, read-body.ts): signed
 * webhooks whose bodies come chunked or compressed are verified on the decoded bytes and
 * acknowledged; oversized bodies, other URLs and methods, and a PostgreSQL that refuses
 * connections get the error model's answers. Through createApp, as the web process serves them.
 */
import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/app.js';
import { createDb, type Db } from '../../../src/db.js';
import { closedPort } from '../../support/closed-port.js';
import { errorBody, createHarness, type Harness } from '../../support/harness.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { sendRaw, type RawRequest } from '../../support/raw-http.js';
import { signedWebhookHeaders } from '../../support/signed-webhook-headers.js';

let h: Harness;
let stack: HubStack;
let deadDb: Db;
beforeAll(async () => {
  h = createHarness();
  stack = await startHubStack(h);
  deadDb = createDb(`postgresql://postgres@127.0.0.1:${await closedPort()}/nowhere`, { maxConnections: 1 });
});
afterAll(async () => {
  await deadDb.$disconnect();
  await stack.close();
  await h.close();
});

/** A signed webhook about a new transcription, to the success URL. */
function signedWebhook(extra: Partial<RawRequest> = {}, pad = ''): RawRequest & { body: Buffer | string; signedBody: string } {
  const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: randomUUID() }, ...(pad ? { pad } : {}) });
  return {
    path: '/webhooks/transcriptions/success',
    headers: signedWebhookHeaders(stack.account.webhookSecret, body),
    body,
    signedBody: body,
    ...extra,
  };
}

const accepted = { data: { received: true, duplicate: false } };

describe('the receiver on its own stack', () => {
  it('acknowledges a signed webhook sent chunked, gzipped, or both, verified on the decoded body', async () => {
    // Signed for another body: refused.
    const forged = await sendRaw(stack.app, { ...signedWebhook(), headers: signedWebhook().headers });
    expect(forged.status).toBe(401);
    const chunked = await sendRaw(stack.app, signedWebhook({ chunked: true }));
    expect([chunked.status, chunked.json]).toEqual([202, accepted]);
    for (const isChunked of [false, true]) {
      const hook = signedWebhook();
      const gzipped = await sendRaw(stack.app, {
        ...hook,
        body: gzipSync(hook.signedBody),
        headers: { ...hook.headers, 'content-encoding': 'gzip', 'x-request-id': 'hook-gz' },
        chunked: isChunked,
      });
      expect([gzipped.status, gzipped.json]).toEqual([202, accepted]);
      expect(gzipped.headers['x-request-id']).toBe('hook-gz');
      expect(gzipped.headers['content-type']).toBe('application/json; charset=utf-8');
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const limit = stack.hub.settings.receiver.bodyLimitBytes;
    const refusal = errorBody('payload_too_large', `Request body exceeds the limit of ${limit} bytes`);
    for (const chunked of [false, true]) {
      const answer = await sendRaw(stack.app, signedWebhook({ chunked }, 'x'.repeat(limit + 10)));
      expect([answer.status, answer.json]).toEqual([413, refusal]);
    }
  });

  it('answers other URLs and methods with 404', async () => {
    const other = await sendRaw(stack.app, signedWebhook({ path: '/webhooks/transcriptions/other' }));
    expect([other.status, other.json]).toEqual([404, errorBody('not_found', 'Unknown webhook receiver: /transcriptions/other')]);
    const outside = await sendRaw(stack.app, signedWebhook({ path: '/webhooks/nope' }));
    expect([outside.status, outside.json]).toEqual([404, errorBody('not_found', 'Unknown webhook receiver: POST /nope')]);
    const get = await sendRaw(stack.app, { method: 'GET', path: '/webhooks/transcriptions/success' });
    expect([get.status, get.json]).toEqual([404, errorBody('not_found', 'Unknown webhook receiver: GET /transcriptions/success')]);
    const slash = await sendRaw(stack.app, signedWebhook({ path: '/webhooks/transcriptions/success/' }));
    expect([slash.status, slash.json]).toEqual([202, accepted]);
  });

  it('answers 503 with Retry-After while PostgreSQL refuses connections, so the sender retries', async () => {
    const app = createApp(h.deps, { ...stack.hub, db: deadDb });
    const refused = await sendRaw(app, signedWebhook());
    expect([refused.status, refused.json]).toEqual([503, errorBody('unavailable', 'Webhook not stored; retry later')]);
    expect(refused.headers['retry-after']).toBe('5');
  });
});
