import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { createJobQueues } from '../../../src/queues/job-queues.js';
import { createDb } from '../../../src/db.js';
import { enqueueMirror } from '../../../src/hub/mirror/enqueue-mirror.js';
import { createRedis } from '../../../src/redis.js';
import { startOutboxRelay } from '../../../src/hub/webhooks/outbox-relay.js';
import { testDatabaseUrl, testRedisUrl, type Harness } from '../../support/harness.js';
import { startHubStack, type HubStack } from '../../support/hub-stack.js';
import { startTcpProxyFor, type TcpProxy } from '../../support/tcp-proxy.js';
import { seedEvaluatedTranscription } from '../client/support.js';
import { eventually } from '../../support/webhook-receiver.js';
import { harnessForFile } from '../../support/harness-for-file.js';

let h: Harness;
const cleanups = harnessForFile((harness) => {
  h = harness;
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
  it('acknowledges once the receipt is committed; the sweeper queues its mirror once Redis is back, without a retry', async () => {
    const redisProxy = await proxied(testRedisUrl);
    const redis = createRedis(redisProxy.url);
    redis.on('error', () => undefined);
    cleanups.push(async () => redis.disconnect());
    const jobs = createJobQueues(redis, h.queuePrefix);
    cleanups.push(() => jobs.close());
    const stack = await startHubStack(h, { hub: () => ({ jobs }) });
    cleanups.push(() => stack.close());
    const sweeper = startOutboxRelay({ db: h.db, jobs, logger: stack.hub.logger }, { sweepEveryMs: 200, olderThanMs: 500 });
    cleanups.push(() => sweeper.stop());

    const transcriptionId = randomUUID();
    const id = randomUUID();
    const at = new Date();
    const body = JSON.stringify({ type: 'transcription.completed', data: { transcription_id: transcriptionId } });
    const headers = {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': new Webhook(stack.account.webhookSecret).sign(id, at, body),
    };
    const send = () => request(stack.app).post('/webhooks/transcriptions/success').set(headers).send(body);

    await redisProxy.down();
    const accepted = await send();
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ data: { received: true, duplicate: false } });
    // Durable in PostgreSQL, not queued: Redis did not answer.
    expect((await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${transcriptionId}-success` } }))?.enqueuedAt).toBeNull();
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${transcriptionId}-success` } }))?.enqueuedAt).toBeNull();

    await redisProxy.up();
    // The sender does not retry: the sweeper queues the mirror and marks the receipt.
    const receipt = await eventually(
      async () => {
        const found = await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${transcriptionId}-success` } });
        return found?.enqueuedAt ? found : undefined;
      },
      15_000,
      200,
    );
    // enqueued_at is set only once Redis took the mirror job (the first test's worker may already have run it).
    expect(receipt.enqueuedAt).toBeInstanceOf(Date);
    // A later repeat is a duplicate and is counted (and, a poke like any webhook, queues a fresh mirror).
    expect((await send()).body).toEqual({ data: { received: true, duplicate: true } });
    expect((await h.db.hubWebhookReceipt.findUnique({ where: { id: `tx-${transcriptionId}-success` } }))?.duplicates).toBe(1);
  }, 40_000);
});
