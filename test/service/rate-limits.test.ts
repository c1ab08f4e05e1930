import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationTraits } from '../../src/contract/operations.js';
import { createHarness, errorBody, type Harness } from '../support/harness.js';
import { startWebProcess, type ChildService } from '../support/processes.js';

let h: Harness;
beforeAll(() => {
  h = createHarness({ rateLimitScale: 1 });
});
afterAll(() => h.close());

describe('per-account, per-operation limits with burst (spec Limits table)', () => {
  it('admits the burst at once, then answers 429 with Retry-After; every answer carries the counters', async () => {
    const account = await h.createAccount();
    const { perMinute, burst } = operationTraits['list-configurations'].limit;
    const answers = [];
    for (let i = 0; i < burst + 1; i += 1) answers.push(await account.call('list-configurations'));
    answers.slice(0, burst).forEach((res, i) => {
      expect(res.status).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(perMinute));
      expect(res.headers['x-ratelimit-remaining']).toBe(String(burst - 1 - i));
    });
    const refused = answers[burst];
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual(errorBody('rate_limited', 'Rate limit exceeded for list-configurations: 50 requests per minute'));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(2);
  });

  it('refills at the steady rate (one request per 60/rate seconds)', async () => {
    const account = await h.createAccount();
    for (let i = 0; i < 3; i += 1) expect((await account.call('list-configurations')).status).toBe(200);
    expect((await account.call('list-configurations')).status).toBe(429);
    await new Promise((r) => setTimeout(r, 1_300)); // 50/min: one token every 1.2 s
    expect((await account.call('list-configurations')).status).toBe(200);
    expect((await account.call('list-configurations')).status).toBe(429);
  });

  it("keeps separate buckets per operation and per account; an alias shares its operation's bucket", async () => {
    const a = await h.createAccount();
    const b = await h.createAccount();
    for (let i = 0; i < 3; i += 1) expect((await a.call(i % 2 ? 'get-configurations' : 'list-configurations')).status).toBe(200);
    expect((await a.call('get-configurations')).status).toBe(429);
    expect((await a.call('list-participants')).status).toBe(200);
    expect((await b.call('list-configurations')).status).toBe(200);
  });

  it('uses the spec limits for every operation', async () => {
    const account = await h.createAccount();
    const res = await account.call('get-configuration', { configuration_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' });
    expect(res.status).toBe(404);
    expect(res.headers['x-ratelimit-limit']).toBe('500');
    expect(res.headers['x-ratelimit-remaining']).toBe('16');
    const create = await account.call('create-participant', { tag: 'p' });
    expect(create.headers['x-ratelimit-limit']).toBe('10');
    expect(create.headers['x-ratelimit-remaining']).toBe('1');
  });
});

describe('two web processes sharing one Redis', () => {
  let processes: (ChildService & { baseUrl: string })[] = [];
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
  });

  it('together never admit more than burst + rate per minute for one account and operation', async () => {
    processes = await Promise.all([startWebProcess(), startWebProcess()]);
    const account = await h.createAccount();
    const configurationId = (await account.call('create-configuration', { tag: 'shared' })).body.data.configuration.configuration_id;
    const { perMinute, burst } = operationTraits['get-configuration'].limit;
    const call = (baseUrl: string, key: string) =>
      fetch(`${baseUrl}/api/get-configuration`, {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ configuration_id: configurationId }),
      });
    // Warm both processes up with another account, so that a cold first request (connection set-up)
    // does not leave the bucket full and overflowing at the start of the window.
    const warmUp = await h.createAccount();
    for (const p of processes) for (let i = 0; i < 3; i += 1) await (await call(p.baseUrl, warmUp.key)).arrayBuffer();

    const windowMs = 6_000;
    const started = Date.now();
    let admitted = 0;
    let refused = 0;
    let other = 0;
    const hammer = async (baseUrl: string) => {
      while (Date.now() - started < windowMs) {
        const res = await call(baseUrl, account.key);
        await res.arrayBuffer();
        if (res.status === 200) admitted += 1;
        else if (res.status === 429) refused += 1;
        else other += 1;
      }
    };
    // Eight concurrent callers per process.
    await Promise.all(processes.flatMap((p) => Array.from({ length: 8 }, () => hammer(p.baseUrl))));
    const elapsedMs = Date.now() - started;

    const ceiling = burst + Math.ceil((perMinute * elapsedMs) / 60_000);
    expect(other).toBe(0);
    expect(refused).toBeGreaterThan(admitted); // the limit was really under pressure
    expect(admitted).toBeLessThanOrEqual(ceiling);
    // ...and the limiter does not refuse what it should admit.
    expect(admitted).toBeGreaterThanOrEqual(burst + Math.floor((perMinute * windowMs) / 60_000) - 2);
  });
});
