/**
 * The hub with a real Redis Cluster as its Redis (docs/operations.md "Redis topologies"): the
 * client's pacing bucket shared by two connections, the clock's tick lock and the recording slots,
 * and the webhook receiver's path to the mirror (receipt, mirror job on the cluster, the client's
 * paced get-transcription, the mirrored row).
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisPacer } from '../../src/hub/client/pacing.js';
import { redisRunCoordinator } from '../../src/processes/clock/redis-run-coordinator.js';
import { createRedis } from '../../src/redis.js';
import { AccountSlots } from '../../src/service/processing/account-slots.js';
import { testPacingPrefix } from '../hub/client/support.js';
import { createHarness, type Harness } from '../support/harness.js';
import { startHubStack, type HubStack } from '../support/hub-stack.js';
import { clusterReady, startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.js';
import { seedEvaluatedTranscription } from '../support/seed.js';
import { signedWebhookHeaders } from '../support/signed-webhook-headers.js';
import { eventually } from '../support/webhook-receiver.js';
import { closeInOrder } from '../support/close-in-order.js';

let cluster: LocalRedisCluster;
let h: Harness;
let stack: HubStack;

beforeAll(async () => {
  cluster = await startRedisCluster();
  h = createHarness({ redis: cluster.topology });
  await clusterReady(h.redis);
  stack = await startHubStack(h);
  h.startWorker({ hub: stack.hub });
});
afterAll(() => closeInOrder(stack, h, cluster));

describe('the hub on a Redis Cluster', () => {
  it('paces upstream calls with one bucket shared by every connection', async () => {
    const other = createRedis(cluster.topology, { name: 'convoqa-test-other-process' });
    try {
      await clusterReady(other);
      const prefix = testPacingPrefix();
      const [here, there] = [new RedisPacer(h.redis, { prefix }), new RedisPacer(other, { prefix })];
      // One slot every 10 s: the few hundred ms the calls themselves take on a loaded machine do not blur it.
      const rule = { perMinute: 6, burst: 2 };
      const waits = [
        await here.reserve('k', rule),
        await there.reserve('k', rule),
        await here.reserve('k', rule),
        await there.reserve('k', rule),
      ];
      expect(waits.slice(0, 2)).toEqual([0, 0]);
      // Past the burst, the next slots of the one bucket, whichever connection asks.
      expect(waits[2]).toBeGreaterThan(8_000);
      expect(waits[2]).toBeLessThanOrEqual(10_000);
      expect(waits[3]).toBeGreaterThan(18_000);
      expect(waits[3]).toBeLessThanOrEqual(20_000);
    } finally {
      other.disconnect();
    }
  });

  it("lets one clock win each tick, and holds an account's recording slots", async () => {
    const coordinator = redisRunCoordinator(h.redis, `convoqa:test:clock:${randomUUID()}:`);
    expect(await coordinator.shouldRun('hub.reconcile-2026-11-28T00:05', 1_000)).toBe(true);
    expect(await coordinator.shouldRun('hub.reconcile-2026-11-28T00:05', 1_000)).toBe(false);
    const slots = new AccountSlots(h.redis, { prefix: `convoqa:test:slots:${randomUUID()}:`, limit: 1 });
    const accountId = randomUUID();
    const lease = await slots.acquire(accountId, 'first');
    expect(lease).not.toBeNull();
    expect(await slots.acquire(accountId, 'second')).toBeNull();
    await lease?.release();
    expect(await slots.acquire(accountId, 'second')).not.toBeNull();
  });

  it('receives a signed webhook and mirrors its transcription through jobs on the cluster', async () => {
    const seeded = await seedEvaluatedTranscription(h.db, stack.account.id);
    const body = JSON.stringify({
      type: 'transcription.completed',
      timestamp: new Date().toISOString(),
      data: { transcription_id: seeded.id, status: 'COMPLETED', configuration_id: randomUUID(), name: null, error: null },
    });
    const answer = await request(stack.app)
      .post('/webhooks/transcriptions/success')
      .set(signedWebhookHeaders(stack.account.webhookSecret, body))
      .send(body);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ data: { received: true, duplicate: false } });
    const row = await eventually(async () => (await h.db.hubTranscription.findUnique({ where: { id: seeded.id } })) ?? undefined, 15_000);
    expect(row).toMatchObject({ id: seeded.id, status: 'COMPLETED' });
    expect(await h.db.hubCriterionResult.count({ where: { transcriptionId: seeded.id } })).toBe(2);
    const receipt = await eventually(
      async () =>
        (await h.db.hubWebhookReceipt.findFirst({ where: { transcriptionId: seeded.id, enqueuedAt: { not: null } } })) ?? undefined,
      5_000,
    );
    expect(receipt.transcriptionId).toBe(seeded.id);
  });
});
