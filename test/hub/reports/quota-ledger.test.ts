/**
 * The quota ledger against a fake upstream that counts the analytics calls that reach it: racing
 * callers never send more than the month's quota, the next month frees it, and an upstream 429
 * quota_exceeded stops every further call that month.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isUpstreamError, type ConversationClient } from '../../../src/hub/client/index.js';
import { unpacedTestClient } from '../client/support.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { isQuotaRefused, pullAnalytics, QuotaRefusedError, settleOutcomeOf } from '../../../src/hub/reports/quota/pull-analytics.js';
import { readLedgerRow, reserveQuota } from '../../../src/hub/reports/quota/quota-ledger.js';
import { getQuotaStatus } from '../../../src/hub/reports/quota/quota-status.js';
import { dashboardAnswer } from '../../fakes/analytics-answers.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import { errorWire } from '../../fakes/wire-fixtures.js';
import { closedPort } from '../../support/closed-port.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let fake: FakeUpstream;

beforeAll(async () => {
  h = createHarness();
});
afterAll(() => closeInOrder(h));
afterEach(async () => {
  await fake.close();
});

/** A client of its own (a new key, so a ledger scope of its own) that never waits for pacing. */
async function setUp(startAt: string): Promise<{ ctx: HubContext; client: ConversationClient; setNow: (iso: string) => void }> {
  fake = await startFakeUpstream();
  const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
  let now = new Date(startAt);
  const ctx = h.hubContext({ upstream: () => Promise.resolve(client), now: () => now });
  return { ctx, client, setNow: (iso) => (now = new Date(iso)) };
}

const ok = () => ({ json: { data: dashboardAnswer('account') } });
const pullAccount = (ctx: HubContext, purpose: 'scheduled' | 'on-demand') =>
  pullAnalytics(ctx, { endpoint: 'analytics', params: {}, purpose });

describe('quota ledger', () => {
  it('lets 40 concurrent on-demand pulls send exactly 30 (the analytics quota); the other 10 send nothing', async () => {
    const { ctx, client } = await setUp('2026-11-30T23:59:00Z');
    fake.script('analytics', ...Array.from({ length: 40 }, ok));

    const results = await Promise.allSettled(Array.from({ length: 40 }, () => pullAccount(ctx, 'on-demand')));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(30);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(refusals).toHaveLength(10);
    expect(refusals.every(isQuotaRefused)).toBe(true);
    expect(fake.requestsFor('analytics')).toHaveLength(30);
    expect(fake.resetScripts()).toBe(10);
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics', ctx.now())).toEqual({
      endpoint: 'analytics',
      limit: 30,
      reserved: 0,
      used: 30,
      exhaustedAt: null,
    });
    const refusal = refusals[0] as QuotaRefusedError;
    expect(refusal.code).toBe('quota_exceeded');
    // Counts as they stood when refused (some of the 30 were still in flight).
    expect(refusal.message).toMatch(/^monthly quota of analytics \(30\) is spent: \d+ used, \d+ in flight; resets 2026-12-01T00:00:00Z$/);
    expect(refusal.options.retryAfterSeconds).toBe(60);
  });

  it('keeps the on-demand reserve from scheduled pulls: 30 concurrent scheduled pulls send 25, on-demand ones the last 5', async () => {
    const { ctx } = await setUp('2026-11-10T08:00:00Z');
    fake.script('analytics', ...Array.from({ length: 30 }, ok));

    const scheduled = await Promise.allSettled(Array.from({ length: 30 }, () => pullAccount(ctx, 'scheduled')));
    expect(scheduled.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
    const refusal = scheduled.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refusal.reason as Error).message).toMatch(
      /^monthly quota of analytics \(30\) minus the on-demand reserve \(5\) leaves no room: \d+ used, \d+ in flight; resets 2026-12-01T00:00:00Z$/,
    );
    const onDemand = await Promise.allSettled(Array.from({ length: 6 }, () => pullAccount(ctx, 'on-demand')));
    expect(onDemand.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(fake.requestsFor('analytics')).toHaveLength(30);
  });

  it('frees the quota when the month rolls over (00:00 UTC on the 1st, from the injected clock)', async () => {
    const { ctx, client, setNow } = await setUp('2026-11-30T23:59:59Z');
    fake.script('analytics', ...Array.from({ length: 31 }, ok));
    await Promise.all(Array.from({ length: 30 }, () => pullAccount(ctx, 'on-demand')));
    await expect(pullAccount(ctx, 'on-demand')).rejects.toBeInstanceOf(QuotaRefusedError);

    setNow('2026-12-01T00:00:00Z');
    await expect(pullAccount(ctx, 'on-demand')).resolves.toMatchObject({ kpis: { total_calls: 0 } });
    expect(fake.requestsFor('analytics')).toHaveLength(31);
    expect((await readLedgerRow(h.db, client.accountRef, 'analytics', new Date('2026-11-15Z'))).used).toBe(30);
    expect((await readLedgerRow(h.db, client.accountRef, 'analytics', new Date('2026-12-15Z'))).used).toBe(1);
  });

  it('stops every further call of the month after an upstream 429 quota_exceeded, then resumes next month', async () => {
    const { ctx, client, setNow } = await setUp('2026-11-12T10:00:00Z');
    fake.script(
      'analytics-participant',
      {
        status: 429,
        json: errorWire('quota_exceeded', 'Monthly quota of 500 analytics-participant calls exhausted; resets 2026-12-01T00:00:00Z'),
        headers: { 'retry-after': '1600000' },
      },
      { json: { data: dashboardAnswer('participant') } },
    );
    const pull = () =>
      pullAnalytics(ctx, {
        endpoint: 'analytics-participant',
        params: { participant_id: '6f1c2a57-5c1e-4a55-9d3e-0b8f0c6f7a10' },
        purpose: 'on-demand',
      });

    const first = await pull().catch((error: unknown) => error);
    expect(isUpstreamError(first, 'quota_exceeded')).toBe(true);
    const second = await pull().catch((error: unknown) => error);
    expect(second).toBeInstanceOf(QuotaRefusedError);
    expect((second as Error).message).toMatch(
      /^monthly quota of analytics-participant \(500\) reported exhausted by the upstream at 2026-11-/,
    );
    expect(fake.requestsFor('analytics-participant')).toHaveLength(1);
    const row = await readLedgerRow(h.db, client.accountRef, 'analytics-participant', ctx.now());
    expect(row).toMatchObject({ used: 0, reserved: 0 });
    expect(row.exhaustedAt).toBeInstanceOf(Date);
    // A scheduled reservation is refused just the same.
    expect(
      (
        await reserveQuota(h.db, {
          scope: client.accountRef,
          endpoint: 'analytics-participant',
          purpose: 'scheduled',
          reserve: 50,
          now: ctx.now(),
        })
      ).isReserved,
    ).toBe(false);
    const status = await getQuotaStatus(ctx);
    expect(status.endpoints.find((e) => e.endpoint === 'analytics-participant')).toMatchObject({ remaining: 0, remainingForScheduled: 0 });

    setNow('2026-12-01T00:00:01Z');
    await expect(pull()).resolves.toMatchObject({ degradation_alert: false });
    expect(fake.requestsFor('analytics-participant')).toHaveLength(2);
  });

  it('settles by outcome: a 5xx or a time-out counts as used, a refused connection or a rate-limited call is given back', async () => {
    const { ctx, client } = await setUp('2026-11-12T10:00:00Z');
    const evaluatorPull = (c: HubContext) =>
      pullAnalytics(c, {
        endpoint: 'analytics-evaluator',
        params: { evaluator_id: '6f1c2a57-5c1e-4a55-9d3e-0b8f0c6f7a10' },
        purpose: 'on-demand',
      });
    const rateLimited = { status: 429, json: errorWire('rate_limited', 'Rate limit exceeded'), headers: { 'retry-after': '0' } };
    fake.script(
      'analytics-evaluator',
      { status: 503, json: errorWire('internal', 'down') },
      ...Array.from({ length: 5 }, () => rateLimited),
    );
    await expect(evaluatorPull(ctx)).rejects.toMatchObject({ kind: 'server_error' });
    await expect(evaluatorPull(ctx)).rejects.toMatchObject({ kind: 'rate_limited' });
    const refused = unpacedTestClient(`http://127.0.0.1:${await closedPort()}/api`, fake.apiKey);
    await expect(evaluatorPull({ ...ctx, upstream: () => Promise.resolve(refused) })).rejects.toMatchObject({ kind: 'network' });
    const slow = unpacedTestClient(fake.baseUrl, fake.apiKey, { timeoutMs: 100 });
    fake.script('analytics-evaluator', { delayMs: 400, json: { data: dashboardAnswer('evaluator') } });
    await expect(evaluatorPull({ ...ctx, upstream: () => Promise.resolve(slow) })).rejects.toMatchObject({ kind: 'timeout' });

    // The refused connection was another scope (another base URL): it reserved and gave back there.
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', ctx.now())).toMatchObject({ used: 2, reserved: 0 });
    expect(await readLedgerRow(h.db, refused.accountRef, 'analytics-evaluator', ctx.now())).toMatchObject({ used: 0, reserved: 0 });
  });

  it('counts a 429 that does not say rate_limited as used: it may be the quota, in words of its own', async () => {
    const { ctx, client } = await setUp('2026-11-12T10:00:00Z');
    fake.script('analytics-evaluator', { status: 429, json: { message: 'Monthly quota exceeded' } });
    const error = await pullAnalytics(ctx, {
      endpoint: 'analytics-evaluator',
      params: { evaluator_id: '6f1c2a57-5c1e-4a55-9d3e-0b8f0c6f7a10' },
      purpose: 'on-demand',
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate_limited', attempts: 1 });
    expect(settleOutcomeOf(error)).toBe('used');
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', ctx.now())).toMatchObject({ used: 1, reserved: 0 });
  });
});
