import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobQueues } from '../../../src/queues/job-queues.js';
import { createDb } from '../../../src/db.js';
import { enqueueMirror } from '../../../src/hub/mirror/enqueue-mirror.js';
import { createRedis } from '../../../src/redis.js';
import { createHarness, testDatabaseUrl, testRedisUrl, type Harness } from '../../support/harness.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { startTcpProxyFor, type TcpProxy } from '../../support/tcp-proxy.js';
import { seedEvaluatedTranscription } from '../client/support.js';
import { eventually } from '../../support/webhook-receiver.js';

let h: Harness;
const cleanups: (() => Promise<unknown>)[] = [];
beforeAll(() => {
  h = createHarness();
});
afterAll(async () => {
  // Workers first: a job still calling a stack's API would otherwise retry against a closed one.
  await h.close();
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
});

async function proxied(url: string): Promise<TcpProxy & { url: string }> {
  const proxy = await startTcpProxyFor(url);
  cleanups.push(() => proxy.close());
  return proxy;
}

describe('PostgreSQL down during the mirror', () => {
  it('the mirror job is retried, then succeeds once the database is back', async () => {
    const pgProxy = await proxied(testDatabaseUrl);
    const hubDb = createDb(pgProxy.url, { maxConnections: 2 });
    cleanups.push(() => hubDb.$disconnect());
    const stack: HubStack = await startHubStack(h);
    cleanups.push(() => stack.close());
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);

    await pgProxy.down();
    h.startWorker({ hub: { ...stack.hub, db: hubDb } });
    await enqueueMirror(h.jobs, seeded.id);
    const job = await eventually(async () => {
      const found = await h.jobs.queue('hub.mirror-transcription').getJob(`mirror-${seeded.id}`);
      return found && found.attemptsMade >= 2 ? found : undefined;
    }, 20_000);
    expect(job.failedReason).toBeTruthy();
    expect(await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })).toBeNull();

    await pgProxy.up();
    const row = await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined, 30_000);
    expect(row.status).toBe('COMPLETED');
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: seeded.id } })).toBe(2);
  }, 60_000);
});

describe('Redis down at receipt', () => {
  it('answers 503 so the sender retries; the retry after Redis is back is enqueued', async () => {
    const redisProxy = await proxied(testRedisUrl);
    const redis = createRedis(redisProxy.url);
    redis.on('error', () => undefined);
    cleanups.push(async () => redis.disconnect());
    const jobs = createJobQueues(redis, h.queuePrefix);
    cleanups.push(() => jobs.close());
    const stack = await startHubStack(h, { hub: () => ({ jobs }) });
    cleanups.push(() => stack.close());

    const transcriptionId = randomUUID();
    const id = randomUUID();
    const at = new Date();
    const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: transcriptionId } });
    const headers = { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': new Webhook(stack.account.webhookSecret).sign(id, at, body) };
    const send = () => request(stack.app).post('/webhooks/transcriptions/success').set(headers).send(body);

    await redisProxy.down();
    const refused = await send();
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.body).toEqual({ error: { code: 'unavailable', message: 'Webhook not stored; retry later' } });
    // Nothing was acknowledged, so nothing is kept: the sender's retry is the webhook.
    expect(await h.db.hubWebhookReceipt.findUnique({ where: { id: `whid-${id}` } })).toBeNull();

    await redisProxy.up();
    const accepted = await eventually(async () => {
      const res = await send();
      return res.status === 202 ? res : undefined;
    }, 15_000, 500);
    expect(accepted.body).toEqual({ data: { received: true, duplicate: false } });
    expect(await h.jobs.queue('hub.mirror-transcription').getJob(`mirror-${transcriptionId}`)).toBeDefined();
    expect((await h.db.hubWebhookReceipt.findUnique({ where: { id: `whid-${id}` } }))?.enqueuedAt).toBeInstanceOf(Date);
  }, 40_000);
});
