/**
 * Monthly analytics quotas (spec Limits; docs/decisions.md): 30 / 500 / 500 calls per account and UTC
 * month, counted in Redis with the rate limit and recorded in PostgreSQL's ledger; 429
 * quota_exceeded with Retry-After up to the reset. (A Redis restarted empty: quota-redis-restart.test.ts.)
 */
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../src/lib/rate-limit/redis-rate-limiter.js';
import { readMonthlyQuotaUse, recordMonthlyQuotaUse } from '../../src/service/quotas/monthly-quota-ledger.js';
import { createHarness, errorBody, type Harness, type TestAccount } from '../support/harness.js';
import { closeInOrder } from '../support/close-in-order.js';

let clock = new Date('2026-11-30T23:59:30Z');
let h: Harness;
let throttled: Harness;
beforeAll(() => {
  h = createHarness({ now: () => clock });
  throttled = createHarness({ now: () => clock, rateLimitScale: 1 });
});
afterAll(() => closeInOrder(h, throttled));

async function usedCalls(account: TestAccount, operation: string, month: string): Promise<number | null> {
  const rows = await h.db.$queryRaw<{ used: number }[]>`
    SELECT used FROM svc_analytics_quota_usage WHERE account_id = ${account.id}::uuid AND operation = ${operation} AND month = ${month}::date`;
  return rows[0]?.used ?? null;
}

async function setUsedCalls(account: TestAccount, operation: string, month: string, used: number) {
  await h.db.$executeRaw`
    INSERT INTO svc_analytics_quota_usage (account_id, operation, month, used) VALUES (${account.id}::uuid, ${operation}, ${month}::date, ${used})`;
}

describe('monthly quota of analytics (30)', () => {
  it('answers the 31st call of the month 429 with Retry-After up to 00:00 UTC on the 1st, and resets then', async () => {
    clock = new Date('2026-11-30T23:59:30Z');
    const account = await h.createAccount();
    for (let i = 0; i < 30; i += 1) expect((await account.call('analytics', {})).status).toBe(200);
    const refused = await account.call('analytics', {});
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody('quota_exceeded', 'Monthly quota of 30 analytics calls exhausted; resets 2026-12-01T00:00:00Z'));
    expect(refused.headers['retry-after']).toBe('30');
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(30);

    clock = new Date('2026-12-01T00:00:00Z');
    expect((await account.call('analytics', {})).status).toBe(200);
    expect(await usedCalls(account, 'analytics', '2026-12-01')).toBe(1);
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(30);
  });

  it('never lets concurrent calls spend more than the quota', async () => {
    clock = new Date('2026-11-15T08:00:00Z');
    const account = await h.createAccount();
    const answers = await Promise.all(Array.from({ length: 45 }, () => account.call('analytics', {})));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    for (const res of answers.filter((r) => r.status === 429)) {
      expect(res.body.error.code).toBe('quota_exceeded');
      // 2026-11-15T08:00Z → 2026-12-01T00:00Z: 15 days 16 hours.
      expect(res.headers['retry-after']).toBe(String(15 * 86_400 + 16 * 3_600));
    }
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(30);
  });
});

describe('the meter under contention', () => {
  it('admits exactly the limit when 200 calls race, each count handed out once, and the ledger keeps the largest', async () => {
    const account = await h.createAccount();
    const limiter = new RedisRateLimiter(h.redis, { prefix: `test-quota-{${account.id}}:` });
    const entry = { accountId: account.id, operation: 'analytics', month: '2026-11-01' };
    const decisions = await Promise.all(
      Array.from({ length: 200 }, async () => {
        const decision = await limiter.checkWithQuota(
          'bucket',
          { perMinute: 1_000_000, burst: 1_000 },
          {
            key: 'counter',
            limit: 50,
            ttlSeconds: 60,
            readSeed: () => readMonthlyQuotaUse(h.db, entry),
          },
        );
        if (decision.admitted) await recordMonthlyQuotaUse(h.db, { ...entry, used: decision.used });
        return decision;
      }),
    );
    const admitted = decisions
      .filter((d) => d.admitted)
      .map((d) => d.used)
      .sort((a, b) => a - b);
    expect(admitted).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(decisions.filter((d) => d.isQuotaExhausted)).toHaveLength(150);
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(50);
    // Writes landing late or out of order never lower the ledger.
    await recordMonthlyQuotaUse(h.db, { ...entry, used: 7 });
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(50);
  });
});

describe('what uses quota', () => {
  it('every request past the rate limiter: 400 for bad dates, invalid JSON, 404, an empty result', async () => {
    clock = new Date('2026-11-15T08:00:00Z');
    const account = await h.createAccount();
    expect((await account.call('analytics', { start_date: '2026-11' })).status).toBe(400);
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(1);
    const invalidJson = await request(h.app)
      .post('/api/analytics')
      .set('x-api-key', account.key)
      .set('content-type', 'application/json')
      .send('{"start_date":');
    expect(invalidJson.body).toEqual(errorBody('invalid_json', 'Invalid JSON format'));
    const wrongKey = await request(h.app).post('/api/analytics').set('x-api-key', 'cq_wrong').send({});
    expect(wrongKey.status).toBe(403);
    expect((await account.call('analytics-evaluator', { evaluator_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' })).status).toBe(404);
    expect((await account.call('analytics-participant', { participant_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' })).status).toBe(404);
    expect((await account.call('analytics', { start_date: '2026-11-02', end_date: '2026-11-01' })).status).toBe(200);
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(3);
    expect(await usedCalls(account, 'analytics-evaluator', '2026-11-01')).toBe(1);
    expect(await usedCalls(account, 'analytics-participant', '2026-11-01')).toBe(1);
  });

  it('not a request the rate limiter refused', async () => {
    clock = new Date('2026-11-15T08:00:00Z');
    const account = await throttled.createAccount();
    // analytics: 5 per minute, burst 2.
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await account.call('analytics', {})).status);
    expect(statuses).toEqual([200, 200, 429, 429]);
    expect(await usedCalls(account, 'analytics', '2026-11-01')).toBe(2);
  });

  it('is counted per operation: analytics-evaluator and analytics-participant have 500 each', async () => {
    clock = new Date('2026-11-15T08:00:00Z');
    const account = await h.createAccount();
    await setUsedCalls(account, 'analytics-evaluator', '2026-11-01', 499);
    const unknownEvaluator = { evaluator_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' };
    expect((await account.call('analytics-evaluator', unknownEvaluator)).status).toBe(404);
    const refused = await account.call('analytics-evaluator', unknownEvaluator);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(
      errorBody('quota_exceeded', 'Monthly quota of 500 analytics-evaluator calls exhausted; resets 2026-12-01T00:00:00Z'),
    );
    expect((await account.call('analytics-participant', { participant_id: unknownEvaluator.evaluator_id })).status).toBe(404);
    expect((await account.call('analytics', {})).status).toBe(200);
    // Other operations are not metered.
    expect((await account.call('list-evaluators', {})).status).toBe(200);
    const rows = await h.db.$queryRaw<{ operation: string; used: number }[]>`
      SELECT operation, used FROM svc_analytics_quota_usage WHERE account_id = ${account.id}::uuid ORDER BY operation`;
    expect(rows).toEqual([
      { operation: 'analytics', used: 1 },
      { operation: 'analytics-evaluator', used: 500 },
      { operation: 'analytics-participant', used: 1 },
    ]);
  });

  it('is counted per account', async () => {
    clock = new Date('2026-11-15T08:00:00Z');
    const spent = await h.createAccount();
    await setUsedCalls(spent, 'analytics', '2026-11-01', 30);
    const fresh = await h.createAccount();
    expect((await spent.call('analytics', {})).status).toBe(429);
    expect((await fresh.call('analytics', {})).status).toBe(200);
  });
});
