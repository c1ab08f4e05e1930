/**
 * A Redis Cluster master SIGKILLed under load and its replica promoted (docs/operations.md "Redis
 * topologies"): every job whose enqueue was acknowledged, and had reached the replica, is handled
 * after the promotion, while the worker and the queues keep their connections; jobs queued after
 * it are handled too. Handling is at least once (a job finished just as its master died may be
 * handled again), as with any worker crash.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../src/queues/job-handler.js';
import { queueKeyPrefix } from '../../src/queues/queue-key-prefix.js';
import { createHarness, type Harness } from '../support/harness.js';
import { clusterReady, startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.js';
import { eventually } from '../support/webhook-receiver.js';
import { closeInOrder } from '../support/close-in-order.js';

let cluster: LocalRedisCluster;
let h: Harness;
const handled = new Set<string>();

beforeAll(async () => {
  cluster = await startRedisCluster({ replicas: 1 });
  h = createHarness({ redis: cluster.topology });
  await clusterReady(h.redis);
  h.startWorker({
    lockDurationMs: 3_000,
    handlers: (defaults: JobHandlers) => ({
      ...defaults,
      'service.expire-upload': async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        handled.add(payload.transcriptionId);
      },
    }),
  });
});
afterAll(() => closeInOrder(h, cluster));

const enqueueAll = (ids: readonly string[]) =>
  h.jobs.enqueueMany(
    'service.expire-upload',
    ids.map((id) => ({ payload: { transcriptionId: id }, jobId: `expire-${id}` })),
  );

describe('a Redis Cluster failing over', () => {
  it('loses no acknowledged job when the master of its queue is SIGKILLed and its replica promoted', async () => {
    const before: string[] = Array.from({ length: 200 }, () => randomUUID());
    await enqueueAll(before);
    // Killed while the worker is part-way through the queue.
    await eventually(async () => handled.size >= 20, 15_000);
    expect(handled.size).toBeLessThan(before.length);
    const killed = await cluster.failOver(`${queueKeyPrefix(h.queuePrefix, 'service.expire-upload', true)}:service.expire-upload:wait`);
    expect(cluster.nodes.map((node) => node.port)).toContain(killed);

    const after: string[] = Array.from({ length: 20 }, () => randomUUID());
    await eventually(async () => {
      try {
        await enqueueAll(after);
        return true;
      } catch {
        return false; // the queues' connection is still learning the new master
      }
    }, 20_000);
    await eventually(async () => [...before, ...after].every((id) => handled.has(id)), 60_000);
  });
});
