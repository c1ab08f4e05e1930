/**
 * The receiver as a transactional outbox, with the real `web` and `worker` processes and a private
 * redis-server (no persistence) SIGKILLed: a webhook sent while Redis is dead is acknowledged
 * (its receipt is committed in PostgreSQL), and once Redis is started again, empty, the web
 * process's outbox relay (its sweep) queues its mirror and the worker mirrors it. The sender sends once and
 * never retries.
 */
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrivateRedis, type PrivateRedis } from '../../reliability/support/private-redis.js';
import { createHarness, testDatabaseUrl, type Harness } from '../../support/harness.js';
import { startEntry, startWebProcess, type ChildService } from '../../support/processes.js';
import { seedEvaluatedTranscription } from '../../support/seed.js';
import { eventually } from '../../support/webhook-receiver.js';

let h: Harness;
let redis: PrivateRedis;
const children: ChildService[] = [];
beforeAll(async () => {
  h = createHarness();
  redis = await startPrivateRedis();
});
afterAll(async () => {
  for (const child of children) await child.stop();
  await redis.close();
  await h.close();
});

describe('a webhook acknowledged while Redis is dead', () => {
  it('is mirrored once Redis is back, without the sender retrying', async () => {
    const account = await h.createAccount();
    const seeded = await seedEvaluatedTranscription(h.db, account.id);
    const env = {
      DATABASE_URL: testDatabaseUrl,
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `test-outbox-${randomUUID().slice(0, 8)}`,
      UPSTREAM_API_KEY: account.key,
      HUB_WEBHOOK_SECRET: account.webhookSecret,
      RATE_LIMIT_SCALE: '10',
    };
    const web = await startWebProcess(env);
    children.push(web);

    await redis.kill();
    const id = randomUUID();
    const at = new Date();
    const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: seeded.id } });
    const res = await fetch(`${web.baseUrl}/webhooks/transcriptions/success`, {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': new Webhook(account.webhookSecret).sign(id, at, body),
      },
    });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ data: { received: true, duplicate: false } });
    const stored = await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${seeded.id}-success` } });
    expect(stored?.transcriptionId).toBe(seeded.id);
    expect(stored?.enqueuedAt).toBeNull();

    await redis.restart();
    // The worker reaches the built-in API (the upstream) through the web process.
    const worker = startEntry('src/worker.ts', { ...env, PUBLIC_BASE_URL: web.baseUrl });
    children.push(worker);
    const mirrored = await eventually(
      async () => (await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined,
      60_000,
      250,
    ).catch((error: unknown) => {
      throw new Error(`not mirrored: ${String(error)}\nweb:\n${web.output()}\nworker:\n${worker.output()}`);
    });
    expect(mirrored.status).toBe('COMPLETED');
    expect((await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${seeded.id}-success` } }))?.enqueuedAt).toBeInstanceOf(Date);
  }, 120_000);
});
