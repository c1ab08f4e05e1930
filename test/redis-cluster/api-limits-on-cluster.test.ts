/**
 * The API's rate limits and monthly quotas with a real Redis Cluster as the app's Redis
 * (docs/operations.md "Redis topologies"): the same 429s and quota answers as on a single Redis.
 * The quota's script reads the rate-limit bucket and the month's counter at once, so both keys
 * carry the account's hash tag and share a slot.
 */
import type { Cluster } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTraits } from '../../src/contract/operations.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { startWebProcess } from '../support/processes.js';
import { eventually } from '../support/webhook-receiver.js';
import { clusterReady, startRedisCluster, type LocalRedisCluster } from '../support/redis-cluster.js';
import { closeInOrder } from '../support/close-in-order.js';

const clock = new Date('2026-11-30T23:59:00Z');
let cluster: LocalRedisCluster;
let h: Harness;

beforeAll(async () => {
  cluster = await startRedisCluster({ password: 'cluster-test-password' });
  h = createHarness({ redis: cluster.topology, rateLimitScale: 1, now: () => clock });
  await clusterReady(h.redis);
});
afterAll(() => closeInOrder(h, cluster));

/** The statuses of `count` calls made one after another. */
async function statusesOf(account: TestAccount, operation: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await account.call(operation, {})).status);
  return statuses;
}

describe('the API on a Redis Cluster', () => {
  it("admits an operation's burst, then answers 429 rate_limited, per account", async () => {
    const [first, second] = [await h.createAccount(), await h.createAccount()];
    const { burst } = operationTraits['list-participants'].limit;
    expect(await statusesOf(first, 'list-participants', burst)).toEqual(Array.from({ length: burst }, () => 200));
    const refused = await first.call('list-participants', {});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody('rate_limited', 'Rate limit exceeded for list-participants: 50 requests per minute'));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect((await second.call('list-participants', {})).status).toBe(200);
  });

  it('counts the monthly quota from the ledger and refuses past it with 429 quota_exceeded', async () => {
    const account = await h.createAccount();
    // 28 calls already recorded this month: Redis has no counter yet and seeds it from the ledger.
    await h.db.$executeRaw`
      INSERT INTO svc_analytics_quota_usage (account_id, operation, month, used) VALUES (${account.id}::uuid, 'analytics', '2026-11-01'::date, 28)`;
    // analytics: burst 2, so the 30th call is the last of both the burst and the quota.
    expect(await statusesOf(account, 'analytics', 2)).toEqual([200, 200]);
    const clusterClient = h.redis as Cluster;
    const quotaKey = `${h.config.service.rateLimitPrefix}quota:{${account.id}}:analytics:2026-11-01`;
    expect(await h.redis.get(quotaKey)).toBe('30');
    const bucketKey = `${h.config.service.rateLimitPrefix}{${account.id}}:analytics`;
    expect(await clusterClient.cluster('KEYSLOT', bucketKey)).toBe(await clusterClient.cluster('KEYSLOT', quotaKey));

    await h.redis.del(bucketKey); // a full bucket again: the next refusal is the quota's
    const refused = await account.call('analytics', {});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody('quota_exceeded', 'Monthly quota of 30 analytics calls exhausted; resets 2026-12-01T00:00:00Z'));
    expect(refused.headers['retry-after']).toBe('60');
  });

  it('never hands out more than the quota to calls racing through one account', async () => {
    const account = await h.createAccount();
    await h.db.$executeRaw`
      INSERT INTO svc_analytics_quota_usage (account_id, operation, month, used) VALUES (${account.id}::uuid, 'analytics-evaluator', '2026-11-01'::date, 498)`;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => account.call('analytics-evaluator', { evaluator_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' })),
    );
    // A counted call reaches the operation (404: no such evaluator); the others are refused.
    const codes = answers.map((res) => (res.status === 404 ? 'counted' : (res.body as { error: { code: string } }).error.code));
    expect(codes.filter((code) => code === 'counted')).toHaveLength(2);
    expect(codes.filter((code) => code === 'quota_exceeded').length).toBeGreaterThanOrEqual(1);
    expect(codes.filter((code) => code !== 'counted').every((code) => code === 'quota_exceeded' || code === 'rate_limited')).toBe(true);
    const ledger = await h.db.$queryRaw<{ used: number }[]>`
      SELECT used FROM svc_analytics_quota_usage WHERE account_id = ${account.id}::uuid AND operation = 'analytics-evaluator'`;
    expect(ledger).toEqual([{ used: 500 }]);
  });

  it('is what a web process uses when REDIS_CLUSTER_NODES names the cluster', async () => {
    const web = await startWebProcess({ REDIS_CLUSTER_NODES: cluster.nodeList, RATE_LIMIT_SCALE: '1' });
    try {
      const call = (key: string) =>
        fetch(`${web.baseUrl}/api/list-evaluators`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: '{}',
        });
      // Until the process's cluster connection is ready, a request answers 503 (src/redis.ts).
      const warmUp = await h.createAccount();
      await eventually(async () => (await call(warmUp.key)).status !== 503, 10_000);
      const account = await h.createAccount();
      const statuses = [];
      for (let i = 0; i < 4; i += 1) statuses.push((await call(account.key)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The bucket the process took its decisions from is on the cluster.
      expect(await h.redis.exists(`${h.config.service.rateLimitPrefix}{${account.id}}:list-evaluators`)).toBe(1);
    } finally {
      await web.stop();
    }
  });
});
