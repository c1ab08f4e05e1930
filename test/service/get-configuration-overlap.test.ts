/**
 * get-configuration reads its row while Redis decides the rate limit (api-operation-pipeline.ts,
 * ServiceOperation.overlapsRateLimit). Proved here: the read is sent before the decision arrives,
 * and every outcome (admitted, refused, limiter down, each with a good or a bad body) is the same
 * status, headers and bytes as the same operation run in the sequential order.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../src/db.js';
import type { RequestListener } from '../../src/lib/http/machine-surface.js';
import { getConfiguration } from '../../src/service/configurations/get-configuration.js';
import { createApiSurface } from '../../src/service/http/api-surface.js';
import { serviceOperations } from '../../src/service/operations.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';

let h: Harness;
/** The same API with get-configuration in the sequential order: rate limit, then body, then read. */
let sequentialApp: RequestListener;
beforeAll(() => {
  // 5 a minute with a burst of 1: one call empties the bucket, and it refills only after 12 s.
  h = createHarness({ rateLimitScale: 0.01 });
  sequentialApp = createApiSurface(h.deps, {
    ...serviceOperations,
    'get-configuration': { ...getConfiguration, overlapsRateLimit: false },
  });
});
afterAll(() => h.close());

/** Holds every rate-limit script call of the harness's Redis until released. */
function holdRateLimit() {
  const redis = h.redis as unknown as { evalsha: (...args: unknown[]) => Promise<unknown> };
  const real = redis.evalsha.bind(redis);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  redis.evalsha = async (...args: unknown[]) => {
    held += 1;
    await released;
    return real(...args);
  };
  return {
    held: () => held,
    release: () => {
      release();
      delete (redis as { evalsha?: unknown }).evalsha;
    },
  };
}

/** Counts the prepared configuration reads sent on the harness's pool. */
function countConfigurationReads() {
  const pool = poolOf(h.db) as unknown as { query: (...args: unknown[]) => unknown };
  const real = pool.query.bind(pool);
  let reads = 0;
  pool.query = (...args: unknown[]) => {
    if ((args[0] as { name?: string } | undefined)?.name === 'svc-get-configuration') reads += 1;
    return real(...args);
  };
  return { reads: () => reads, restore: () => delete (pool as { query?: unknown }).query };
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  for (const started = Date.now(); !condition(); ) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

describe('get-configuration overlaps the rate limit', () => {
  it('sends the configuration read before Redis has decided', async () => {
    const account = await h.createAccount();
    const id = (await account.call('create-configuration', { tag: 'Overlap' })).body.data.configuration.configuration_id as string;
    const hold = holdRateLimit();
    const counter = countConfigurationReads();
    try {
      const pending = account.call('get-configuration', { configuration_id: id }).then((res) => res);
      await until(() => counter.reads() === 1);
      expect(hold.held()).toBe(1); // the decision is still held: both round trips are in flight at once
      hold.release();
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body.data.configuration.configuration_id).toBe(id);
    } finally {
      hold.release();
      counter.restore();
    }
  });
});

type Body = string | object;
const callOn = (app: RequestListener, account: TestAccount, body: Body) =>
  request(app)
    .post('/api/get-configuration')
    .set('x-api-key', account.key)
    .set('x-request-id', 'same-request-id')
    .set('content-type', 'application/json')
    .send(body);

/** Status, every header but Date, and the body's bytes. */
const outcome = (res: request.Response) => {
  const headers = { ...(res.headers as Record<string, string>) };
  delete headers.date;
  return { status: res.status, headers, text: res.text };
};

/** `prepare` may return what undoes it, run once the call is answered. */
type Prepare = (account: TestAccount) => Promise<(() => void) | void>;

async function compareOutcomes(prepare: Prepare, body: (account: TestAccount, id: string) => Body) {
  const results = [];
  for (const app of [h.app, sequentialApp]) {
    const account = await h.createAccount();
    const id = (await account.call('create-configuration', { tag: 'Same' })).body.data.configuration.configuration_id as string;
    const undo = await prepare(account);
    try {
      results.push({ accountId: account.id, id, answer: outcome(await callOn(app, account, body(account, id))) });
    } finally {
      undo?.();
    }
  }
  const [overlapped, sequential] = results;
  // Each app saw its own account and configuration: the same ids and creation time in both before
  // comparing (get-configuration-prepared.test.ts checks the configuration's own bytes).
  const alike = (answer: typeof sequential.answer, ids: { accountId: string; id: string }) => {
    const text = JSON.stringify(answer)
      .replaceAll(ids.accountId, '<account>')
      .replaceAll(ids.id, '<configuration>')
      .replace(/\\"created_at\\":\\"[^"\\]+\\"/, '<created_at>');
    const same = JSON.parse(text) as typeof sequential.answer;
    // The ETag hashes the body, which then holds the ids: compared only when it holds none.
    if (text !== JSON.stringify(answer)) delete same.headers.etag;
    return same;
  };
  expect(alike(overlapped.answer, overlapped)).toEqual(alike(sequential.answer, sequential));
  return sequential.answer;
}

const exhaust = async (account: TestAccount) => {
  expect((await callOn(h.app, account, { configuration_id: randomUUID() })).status).toBe(404);
};
const nothing = async () => undefined;

describe('every outcome as in the sequential order', () => {
  const bodies: [string, (account: TestAccount, id: string) => Body][] = [
    ['its configuration', (_a, id) => ({ configuration_id: id })],
    ['a missing configuration', () => ({ configuration_id: '5f0c8d5e-8a4b-4c1e-9a77-2b8f8a1d0c11' })],
    ['invalid JSON', () => '{"configuration_id": '],
    ['no configuration_id', () => ({})],
    ['an id that is not a uuid', () => ({ configuration_id: 'nope' })],
    ['an unknown field', () => ({ configuration_id: randomUUID(), confguration: 1 })],
  ];

  it.each(bodies)('admitted, with %s', async (_name, body) => {
    const answer = await compareOutcomes(nothing, body);
    expect(answer.status).not.toBe(429);
  });

  it.each(bodies)('refused by the rate limit, with %s: the same 429', async (_name, body) => {
    const answer = await compareOutcomes(exhaust, body);
    expect(answer.status).toBe(429);
    expect(answer.headers['x-ratelimit-remaining']).toBe('0');
    expect(answer.headers['retry-after']).toBeDefined();
    expect(JSON.parse(answer.text)).toEqual({
      error: { code: 'rate_limited', message: 'Rate limit exceeded for get-configuration: 5 requests per minute' },
    });
  });

  it('a body over the size limit, refused: 429 in both', async () => {
    const big = JSON.stringify({ configuration_id: randomUUID(), pad: 'x'.repeat(h.deps.settings.apiBodyLimitBytes) });
    const answer = await compareOutcomes(exhaust, () => big);
    expect(answer.status).toBe(429);
  });

  it('the limiter down, with a good or a bad body: the same 503, and the read it started is dropped', async () => {
    const redis = h.redis as unknown as { evalsha: (...args: unknown[]) => Promise<unknown> };
    const down = async () => {
      redis.evalsha = () => Promise.reject(new Error('connection lost'));
      return () => void delete (redis as { evalsha?: unknown }).evalsha;
    };
    for (const body of [(_a: TestAccount, id: string) => ({ configuration_id: id }), () => '{']) {
      const answer = await compareOutcomes(down, body);
      expect(answer.status).toBe(503);
    }
  });
});
