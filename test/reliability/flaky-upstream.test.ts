/**
 * The upstream answers 429, 500 or nothing at all 30% of the time during a backfill.
 *
 * The built-in API serves one account with 40 evaluated transcriptions, behind a fault-injecting
 * proxy (support/flaky-proxy.ts, seeded): 10% injected 429 rate_limited with Retry-After: 1 (not
 * forwarded), 10% injected 500 (half after forwarding), 10% hangs (forwarded, the answer withheld
 * past the client's 1 s time-out). The hub's client points at the proxy. The backfill runs to
 * completion (resuming, as the CLI says, if a run leaves some behind), then 40 account reports are
 * pulled on demand through the quota ledger: more than the month's 30 `analytics` calls.
 * Fault draws hash the seed and each request's identity, so every run sees the same faults.
 *
 * Proves: every upstream transcription is mirrored exactly once (rows and criterion rows from the
 * database), faults of every kind were injected, and the quota is never overspent: the service's
 * own meter (svc_analytics_quota_usage) stays within the limit, the service never answered 429
 * quota_exceeded, the ledger counts at least what the meter counts (a call that timed out on the
 * client but ran upstream is counted), and the service never rate-limited the client for real.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationClient, isUpstreamError, type ConversationClient } from '../../src/hub/client/index.js';
import type { HubContext } from '../../src/hub/hub-context.js';
import { backfillMirror, type BackfillProgress } from '../../src/hub/mirror/backfill.js';
import { monthlyQuotaOf } from '../../src/hub/reports/quota/analytics-endpoints.js';
import { isQuotaRefused } from '../../src/hub/reports/quota/pull-analytics.js';
import { runReportOnDemand } from '../../src/hub/reports/runs/run-report-on-demand.js';
import { seedEvaluatedTranscription, serveBuiltIn, testPacingPrefix } from '../hub/client/support.js';
import { createHarness, type Harness, type TestAccount } from '../support/harness.js';
import { startFlakyProxy, type FlakyProxy } from './support/flaky-proxy.js';
import { reportScenario } from './support/report-scenario.js';
import { closeInOrder } from '../support/close-in-order.js';

const now = new Date('2026-11-21T09:00:00Z');
const seed = 102_026;
const transcriptionCount = 40;
/** Account reports pulled: ten more than the month's quota of `analytics` calls (30). */
const reportPulls = 40;
/** The service's and the client's limits at 20× the spec's: analytics 100/min, get-transcription 10,000/min. */
const rateLimitScale = 20;
const clientTimeoutMs = 1_000;

let h: Harness;
let account: TestAccount;
let upstream: Awaited<ReturnType<typeof serveBuiltIn>>;
let proxy: FlakyProxy;
let client: ConversationClient;
let hub: HubContext;

beforeAll(async () => {
  h = createHarness({ now: () => now, rateLimitScale });
  account = await h.createAccount();
  // Seeded one after another: the n-th transcription is `#n` in every run, whatever its UUID.
  const stableNames = new Map<string, string>();
  for (let i = 0; i < transcriptionCount; i += 1)
    stableNames.set((await seedEvaluatedTranscription(h.db, account.id)).id.toLowerCase(), `#${i}`);
  const identify = (body: string) =>
    body.replace(
      /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
      (id) => stableNames.get(id.toLowerCase()) ?? 'unknown-id',
    );
  upstream = await serveBuiltIn(h);
  proxy = await startFlakyProxy({ target: upstream.baseUrl, seed, faultRate: 0.3, holdMs: 5 * clientTimeoutMs, identify });
  client = createConversationClient({
    baseUrl: proxy.baseUrl,
    apiKey: account.key,
    redis: h.redis,
    pacingPrefix: testPacingPrefix(),
    rateLimitScale,
    timeoutMs: clientTimeoutMs,
    backoffBaseMs: 100,
    maxRetryAfterMs: 2_000,
  });
  hub = h.hubContext({ upstream: () => Promise.resolve(client) });
});

afterAll(() => closeInOrder(proxy, upstream, h));

describe('a flaky upstream (30% 429 / 500 / time-outs) during a backfill and report pulls', () => {
  it('mirrors everything exactly once and never overspends the analytics quota', async () => {
    const started = Date.now();

    // ── The backfill, run again while it leaves transcriptions behind (it resumes). ──
    const runs: (BackfillProgress | string)[] = [];
    for (let run = 0; run < 4; run += 1) {
      try {
        const progress = await backfillMirror(hub, { concurrency: 4 });
        runs.push(progress);
        if (progress.failed === 0) break;
      } catch (error) {
        // The listing itself failed every attempt: nothing was mirrored by this run.
        if (!isUpstreamError(error)) throw error;
        runs.push(`list failed: ${error.kind}`);
      }
    }
    const last = runs.at(-1);

    // ── Account reports pulled on demand, one after another (so which ones the ledger refuses is the same every run). ──
    const periods = Array.from({ length: reportPulls }, (_, i) => `2026-W${String(i + 1).padStart(2, '0')}`);
    const pulls = { ok: 0, failed: 0, refused: 0, failedKinds: {} as Record<string, number> };
    for (const period of periods) {
      try {
        await runReportOnDemand(hub, { kind: 'account', period, shouldExport: false });
        pulls.ok += 1;
      } catch (error) {
        if (isQuotaRefused(error)) pulls.refused += 1;
        else if (isUpstreamError(error)) {
          pulls.failed += 1;
          pulls.failedKinds[error.kind] = (pulls.failedKinds[error.kind] ?? 0) + 1;
        } else throw error;
      }
    }

    // ── Counts from the databases and the proxy's log. ──
    const upstreamRows = await h.db.transcription.findMany({
      where: { accountId: account.id },
      select: { id: true, status: true, _count: { select: { results: true } } },
    });
    const ids = upstreamRows.map((t) => t.id);
    const mirroredRows = await h.db.hubTranscription.findMany({
      where: { id: { in: ids } },
      select: { id: true, status: true, deletedAt: true, _count: { select: { results: true } } },
    });
    const upstreamById = new Map(upstreamRows.map((t) => [t.id, t]));
    const mirroredIds = new Set(
      mirroredRows.filter((m) => m.deletedAt === null && m.status === upstreamById.get(m.id)?.status).map((m) => m.id),
    );
    // Rows beyond one per transcription, and criterion rows beyond the upstream's.
    const duplicateRows = mirroredRows.length - new Set(mirroredRows.map((m) => m.id)).size;
    const duplicateResults = mirroredRows.reduce(
      (sum, m) => sum + Math.max(0, m._count.results - (upstreamById.get(m.id)?._count.results ?? 0)),
      0,
    );
    const missingResults = mirroredRows.reduce(
      (sum, m) => sum + Math.max(0, (upstreamById.get(m.id)?._count.results ?? 0) - m._count.results),
      0,
    );
    const alertsSent = await h.db.hubAlert.count({ where: { transcriptionId: { in: ids }, status: 'sent' } });

    const limit = monthlyQuotaOf('analytics');
    const meter = await h.db.analyticsQuotaUsage.findFirst({
      where: { accountId: account.id, operation: 'analytics' },
      select: { used: true },
    });
    const ledger = await h.db.hubQuotaLedger.findFirst({ where: { scope: client.accountRef, endpoint: 'analytics' } });
    const quotaUsedUpstream = meter?.used ?? 0;
    const quotaUsedLedger = ledger?.used ?? 0;

    const totals = proxy.totals();
    const analytics = proxy.counts.get('analytics');
    const gets = proxy.counts.get('get-transcription');
    const upstreamQuotaExceeded = totals.upstreamQuotaExceeded;
    const overspend = Math.max(0, quotaUsedUpstream - limit) + upstreamQuotaExceeded;
    const wallMs = Date.now() - started;

    reportScenario('flaky-upstream', {
      accepted: upstreamRows.length,
      upstream_transcriptions: upstreamRows.length,
      injected_429: totals.injected429,
      injected_500: totals.injected500,
      injected_500_after_forward: totals.injected500AfterForward,
      injected_timeouts: totals.injectedTimeouts,
      client_gave_up: totals.clientGaveUp,
      forwarded: totals.forwarded,
      real_429: totals.upstreamRateLimited,
      backfill_runs: runs.length,
      mirrored: mirroredIds.size,
      alerts_sent: alertsSent,
      duplicates: duplicateRows + duplicateResults,
      lost: upstreamRows.length - mirroredIds.size,
      report_pulls_ok: pulls.ok,
      report_pulls_failed: pulls.failed,
      report_pulls_timed_out: pulls.failedKinds.timeout ?? 0,
      report_pulls_refused_by_ledger: pulls.refused,
      analytics_forwarded: analytics?.forwarded ?? 0,
      analytics_timeouts: analytics?.injectedTimeouts ?? 0,
      quota_limit: limit,
      quota_used_upstream: quotaUsedUpstream,
      quota_used_ledger: quotaUsedLedger,
      quota_reserved_ledger: ledger?.reserved ?? 0,
      quota_exceeded_answers: upstreamQuotaExceeded,
      overspend,
      wall_ms: wallMs,
    });

    // The backfill completed: its last run mirrored or had everything, and left nothing behind.
    expect(typeof last === 'object' && last.failed === 0, JSON.stringify(runs)).toBe(true);
    expect(upstreamRows.length).toBe(transcriptionCount);
    expect(mirroredIds.size).toBe(upstreamRows.length);
    expect(upstreamRows.length - mirroredIds.size).toBe(0);
    expect(duplicateRows + duplicateResults).toBe(0);
    expect(missingResults).toBe(0);
    expect(alertsSent).toBe(0);

    // Faults of every kind really happened, on the backfill's reads and on the quota'd calls.
    expect(totals.injected429).toBeGreaterThan(0);
    expect(totals.injected500).toBeGreaterThan(0);
    expect(totals.injected500AfterForward).toBeGreaterThan(0);
    expect(totals.injectedTimeouts).toBeGreaterThan(0);
    expect(gets?.injected429 ?? 0).toBeGreaterThan(0);
    expect(gets?.injectedTimeouts ?? 0).toBeGreaterThan(0);
    expect(analytics?.injectedTimeouts ?? 0).toBeGreaterThan(0);
    // Pulls failed on a time-out after the service ran (and metered) them: the case the ledger must count.
    expect(pulls.failedKinds.timeout ?? 0).toBe(analytics?.injectedTimeouts ?? -1);
    // Every hang outlasted the client: it gave up on each one (a real time-out, not a late answer).
    expect(totals.clientGaveUp).toBe(totals.injectedTimeouts);

    // The client paced itself: the service never refused it for its rate (only injected 429s).
    expect(totals.upstreamRateLimited).toBe(0);

    // Zero overspend. The pulls went past the quota, and the ledger stopped them before the service had to.
    expect(pulls.ok + pulls.failed + pulls.refused).toBe(reportPulls);
    expect(pulls.refused).toBeGreaterThan(0);
    expect(upstreamQuotaExceeded).toBe(0);
    expect(quotaUsedUpstream).toBeLessThanOrEqual(limit);
    expect(overspend).toBe(0);
    // The service metered every analytics request that reached it (none was rate-limited)...
    expect(quotaUsedUpstream).toBe(analytics?.forwarded ?? -1);
    // ...and the ledger counted at least as many, time-outs that ran upstream included; nothing left reserved.
    expect(quotaUsedLedger).toBeGreaterThanOrEqual(quotaUsedUpstream);
    expect(quotaUsedLedger).toBeLessThanOrEqual(limit);
    expect(ledger?.reserved ?? 0).toBe(0);
    expect(ledger?.exhaustedAt ?? null).toBeNull();
  });
});
