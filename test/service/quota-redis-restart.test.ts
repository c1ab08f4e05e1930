/**
 * The analytics quota counted in Redis (meter-monthly-quota.ts) against a private redis-server
 * without persistence, SIGKILLed and started again empty: the counter is seeded again from
 * PostgreSQL's ledger, so the restart hands out no fresh month. And once the counter exists, each
 * call costs one Redis command: the rate limit and the quota in one script.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/app.js';
import { createRedis, type Redis } from '../../src/redis.js';
import { startPrivateRedis, type PrivateRedis } from '../reliability/support/private-redis.js';
import { createHarness, errorBody, type Harness } from '../support/harness.js';
import { eventually } from '../support/webhook-receiver.js';
import request from 'supertest';

const clock = new Date('2026-11-20T10:00:00Z');
let h: Harness;
let server: PrivateRedis;
let redis: Redis;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  h = createHarness({ now: () => clock });
  server = await startPrivateRedis();
  redis = createRedis(server.url, { name: 'convoqa-test-quota' });
  redis.on('error', () => undefined);
  app = createApp({ ...h.deps, redis });
});
afterAll(async () => {
  redis.disconnect();
  await server.close();
  await h.close();
});

const ledger = async (accountId: string) =>
  (await h.db.analyticsQuotaUsage.findFirst({ where: { accountId, operation: 'analytics' }, select: { used: true } }))?.used ?? 0;

async function scriptCalls(): Promise<number> {
  const stats = await redis.info('commandstats');
  const calls = (name: string) => Number(new RegExp(`cmdstat_${name}:calls=(\\d+)`).exec(stats)?.[1] ?? 0);
  return calls('evalsha') + calls('eval');
}

async function restartRedisEmpty() {
  await server.kill();
  await server.restart();
  await eventually(async () => (await redis.ping().catch(() => null)) === 'PONG', 10_000, 50);
  expect(await redis.dbsize()).toBe(0);
}

describe('the analytics quota when Redis restarts empty', () => {
  it('hands out no fresh quota: the spent month stays spent, a partly spent one goes on from its count', async () => {
    const spent = await h.createAccount();
    const partly = await h.createAccount();
    const call = (account: { key: string }) => request(app).post('/api/analytics').set('x-api-key', account.key).send({});

    for (let i = 0; i < 30; i += 1) expect((await call(spent)).status).toBe(200);
    const refused = await call(spent);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody('quota_exceeded', 'Monthly quota of 30 analytics calls exhausted; resets 2026-12-01T00:00:00Z'));
    for (let i = 0; i < 12; i += 1) expect((await call(partly)).status).toBe(200);
    expect(await ledger(spent.id)).toBe(30);
    expect(await ledger(partly.id)).toBe(12);

    await restartRedisEmpty();

    const afterRestart = await call(spent);
    expect(afterRestart.status).toBe(429);
    expect(afterRestart.body.error.code).toBe('quota_exceeded');
    const statuses = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await call(partly)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(18);
    expect(statuses.slice(18)).toEqual([429, 429]);
    expect(await ledger(partly.id)).toBe(30);
    expect(await ledger(spent.id)).toBe(30);
  });

  it('once the counter exists, a call is one Redis command (the rate limit and the quota together)', async () => {
    const account = await h.createAccount();
    const call = () => request(app).post('/api/analytics').set('x-api-key', account.key).send({});
    expect((await call()).status).toBe(200); // seeds the counter: two script calls
    const before = await scriptCalls();
    for (let i = 0; i < 5; i += 1) expect((await call()).status).toBe(200);
    expect((await scriptCalls()) - before).toBe(5);
  });
});
