/**
 * BullMQ on a real Redis Cluster (docs/operations.md "Redis topologies"): each queue's keys under
 * its own hash tag, so BullMQ's multi-key scripts and transactions stay in one slot; a job queued
 * through the app's queues is handled by a worker and completes; a bulk add (one MULTI) works too.
 */
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobHandlers } from '../../src/queues/job-handler.js';
import { queueKeyPrefix } from '../../src/queues/queue-key-prefix.js';
import { createRedis } from '../../src/redis.js';
import { createHarness, type Harness } from '../support/harness.js';
import { clusterReady, startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.js';
import { eventually } from '../support/webhook-receiver.js';
import { closeInOrder } from '../support/close-in-order.js';

let cluster: LocalRedisCluster;
let h: Harness;
const handled: string[] = [];

beforeAll(async () => {
  // Its nodes require a password, as a hosted cluster's do: the settings carry it to every node.
  cluster = await startRedisCluster({ password: 'cluster-test-password' });
  h = createHarness({ redis: cluster.topology });
  await clusterReady(h.redis);
  h.startWorker({
    handlers: (defaults: JobHandlers) => ({
      ...defaults,
      'hub.mirror-transcription': (payload) => {
        handled.push(payload.transcriptionId);
        return Promise.resolve();
      },
      'service.expire-upload': (payload) => {
        handled.push(payload.transcriptionId);
        return Promise.resolve();
      },
    }),
  });
});
afterAll(() => closeInOrder(h, cluster));

describe('job queues on a Redis Cluster', () => {
  it('connects the app and its workers to the cluster the settings name, with its password', async () => {
    expect(h.redis).toBeInstanceOf(Cluster);
    expect(cluster.nodeList).toMatch(/^redis:\/\/:cluster-test-password@127\.0\.0\.1:\d+,/);
    expect(h.config.process.redis).toEqual(cluster.topology);
    const withoutPassword = createRedis(
      { kind: 'cluster', nodes: cluster.nodes, access: { tls: false } },
      { name: 'convoqa-test-no-password' },
    );
    try {
      // Refused by every node; its commands fail at once instead of waiting for a cluster.
      const [refusal] = (await once(withoutPassword, 'error')) as [Error & { lastNodeError?: Error }];
      expect(refusal.lastNodeError?.message).toMatch(/NOAUTH/);
      await expect(withoutPassword.set('convoqa:test:probe', '1')).rejects.toThrow(
        "Cluster isn't ready and enableOfflineQueue options is false",
      );
    } finally {
      withoutPassword.disconnect();
    }
  });

  it('queues a job, a worker handles it, and it completes', async () => {
    const id = randomUUID();
    await h.jobs.enqueue('service.expire-upload', { transcriptionId: id }, { jobId: `expire-${id}` });
    await eventually(async () => handled.includes(id), 15_000);
    const job = await h.jobs.queue('service.expire-upload').getJob(`expire-${id}`);
    await eventually(async () => (await job?.getState()) === 'completed', 5_000);
    // The job id made it happen once: queued again while kept, it is not handled again.
    await h.jobs.enqueue('service.expire-upload', { transcriptionId: id }, { jobId: `expire-${id}` });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(handled.filter((seen) => seen === id)).toHaveLength(1);
  });

  it('adds many jobs in one bulk transaction and handles each once', async () => {
    const ids: string[] = Array.from({ length: 20 }, () => randomUUID());
    await h.jobs.enqueueMany(
      'hub.mirror-transcription',
      ids.map((id) => ({ payload: { transcriptionId: id }, jobId: `mirror-${id}` })),
    );
    await eventually(async () => ids.every((id) => handled.includes(id)), 15_000);
    expect(handled.filter((seen) => ids.includes(seen))).toHaveLength(ids.length);
  });

  it('keeps each queue under its own hash tag, all of its keys in one slot', async () => {
    const prefix = queueKeyPrefix(h.queuePrefix, 'service.expire-upload', true);
    expect(prefix).toBe(`{${h.queuePrefix}.service.expire-upload}`);
    const slot = (key: string) => (h.redis as Cluster).cluster('KEYSLOT', key);
    const keys = ['wait', 'active', 'completed', 'events', 'meta', 'id'].map((suffix) => `${prefix}:service.expire-upload:${suffix}`);
    expect(new Set(await Promise.all(keys.map(slot))).size).toBe(1);
    expect(await h.redis.exists(`${prefix}:service.expire-upload:meta`)).toBe(1);
    // Two queues' tags differ, so the queues spread over the masters.
    expect(await slot(`${queueKeyPrefix(h.queuePrefix, 'hub.mirror-transcription', true)}:x`)).not.toBe(await slot(`${prefix}:x`));
    // On a single Redis the configured prefix stays: jobs queued before keep being seen.
    expect(queueKeyPrefix('convoqa', 'service.expire-upload', false)).toBe('convoqa');
  });
});
