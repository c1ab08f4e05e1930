/**
 * The planner: report periods (ISO weeks, months), the month's plan for 20 evaluators and 200
 * participants fitted to 30 / 500 / 500 less the on-demand reserve, each skip with its reason,
 * deterministic; and the daily pass against the built-in service (runs recorded, skips logged and
 * listed, due runs enqueued once).
 */
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsEndpoint } from '../../../src/hub/reports/quota/analytics-endpoints.js';
import { planReports } from '../../../src/hub/reports/planning/plan-reports.js';
import { pullJobId } from '../../../src/hub/reports/runs/report-job-ids.js';
import { getQuotaStatus } from '../../../src/hub/reports/quota/quota-status.js';
import { isoWeekOf, monthOf, weeklyPeriodsDueIn, monthlyPeriodDueIn } from '../../../src/hub/reports/report-periods.js';
import {
  planMonth,
  type ExistingRun,
  type LedgerFigures,
  type PlanInput,
  type Subject,
} from '../../../src/hub/reports/planning/plan-month.js';
import { listReportRuns } from '../../../src/hub/reports/runs/report-run-store.js';
import { allReportSchedules, defaultReportsSettings } from '../../../src/hub/reports/reports-settings.js';
import { seedEvaluator } from '../../support/analytics-seed.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { pacedTestClient, serveBuiltIn, unpacedTestClient } from '../client/support.js';
import { startFakeUpstream } from '../../fakes/fake-upstream.js';
import { participantWire } from '../../fakes/wire-fixtures.js';

const november = monthOf(new Date('2026-11-15T12:00:00Z'));

const subjects = (prefix: string, count: number): Subject[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `${prefix}-${String(i).padStart(3, '0')}`,
    tag: `${prefix} ${i}`,
    createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
  }));

const freshLedger = (
  overrides: Partial<Record<AnalyticsEndpoint, Partial<LedgerFigures>>> = {},
): Record<AnalyticsEndpoint, LedgerFigures> => ({
  analytics: { limit: 30, used: 0, reserved: 0, exhaustedAt: null, ...overrides.analytics },
  'analytics-evaluator': { limit: 500, used: 0, reserved: 0, exhaustedAt: null, ...overrides['analytics-evaluator'] },
  'analytics-participant': { limit: 500, used: 0, reserved: 0, exhaustedAt: null, ...overrides['analytics-participant'] },
});

const input = (overrides: Partial<PlanInput> = {}): PlanInput => ({
  month: november,
  schedules: allReportSchedules,
  evaluators: subjects('evaluator', 20),
  participants: subjects('participant', 200),
  ledger: freshLedger(),
  reserve: defaultReportsSettings.onDemandReserve,
  existing: [],
  ...overrides,
});

const count = (plan: ReturnType<typeof planMonth>, kind: string, status: string) =>
  plan.decisions.filter((d) => d.kind === kind && d.status === status).length;

describe('report periods', () => {
  it('numbers ISO weeks Monday to Sunday, with the ISO week-year', () => {
    expect(isoWeekOf(new Date('2026-01-01T12:00:00Z'))).toEqual({ id: '2026-W01', start: '2025-12-29', end: '2026-01-04' });
    expect(isoWeekOf(new Date('2026-11-08T23:59:59Z'))).toEqual({ id: '2026-W45', start: '2026-11-02', end: '2026-11-08' });
    expect(isoWeekOf(new Date('2027-01-03T00:00:00Z'))).toEqual({ id: '2026-W53', start: '2026-12-28', end: '2027-01-03' });
  });

  it('makes a month pay for the weeks whose next Monday falls in it, and for the previous month on the 1st', () => {
    // November 2026 has five Mondays (2, 9, 16, 23, 30).
    expect(weeklyPeriodsDueIn(november).map((w) => [w.period.id, w.dueAt.toISOString()])).toEqual([
      ['2026-W44', '2026-11-02T00:00:00.000Z'],
      ['2026-W45', '2026-11-09T00:00:00.000Z'],
      ['2026-W46', '2026-11-16T00:00:00.000Z'],
      ['2026-W47', '2026-11-23T00:00:00.000Z'],
      ['2026-W48', '2026-11-30T00:00:00.000Z'],
    ]);
    expect(monthlyPeriodDueIn(november)).toEqual({
      period: { id: '2026-10', start: '2026-10-01', end: '2026-10-31' },
      dueAt: new Date('2026-11-01T00:00:00Z'),
    });
    expect(monthlyPeriodDueIn(monthOf(new Date('2027-01-20Z'))).period).toEqual({ id: '2026-12', start: '2026-12-01', end: '2026-12-31' });
  });
});

describe('planMonth (20 evaluators, 200 participants)', () => {
  it('plans everything when it fits: 1 account, 100 weekly evaluator and 200 participant pulls, within quota less reserve', () => {
    const plan = planMonth(input());
    expect(count(plan, 'account', 'planned')).toBe(1);
    expect(count(plan, 'evaluator', 'planned')).toBe(100);
    expect(count(plan, 'participant', 'planned')).toBe(200);
    expect(plan.decisions.filter((d) => d.status === 'skipped')).toEqual([]);
    for (const [endpoint, figures] of Object.entries(plan.endpoints)) {
      expect(figures.planned, endpoint).toBeLessThanOrEqual(figures.limit - figures.reserve);
    }
  });

  it('fits the plan into 30 / 500 / 500 minus the reserve and what is already spent, skipping the newest subjects with a reason each', () => {
    const plan = planMonth(
      input({
        ledger: freshLedger({
          analytics: { used: 25 },
          'analytics-evaluator': { used: 300, reserved: 2 },
          'analytics-participant': { used: 320 },
        }),
        reserve: { analytics: 5, 'analytics-evaluator': 100, 'analytics-participant': 50 },
      }),
    );
    expect(plan.endpoints).toEqual({
      analytics: { limit: 30, reserve: 5, spent: 25, room: 0, planned: 0, skipped: 1 },
      'analytics-evaluator': { limit: 500, reserve: 100, spent: 302, room: 98, planned: 98, skipped: 2 },
      'analytics-participant': { limit: 500, reserve: 50, spent: 320, room: 130, planned: 130, skipped: 70 },
    });
    for (const figures of Object.values(plan.endpoints))
      expect(figures.spent + figures.planned).toBeLessThanOrEqual(figures.limit - figures.reserve);

    const skipped = plan.decisions.filter((d) => d.status === 'skipped');
    expect(skipped).toHaveLength(73);
    // The newest participants (created last) are the ones left out; the oldest keep their reports.
    expect(skipped.filter((d) => d.kind === 'participant').map((d) => d.subjectId)).toEqual(
      subjects('participant', 200)
        .slice(130)
        .map((s) => s.id),
    );
    // The last evaluator loses its last two weeks; every other evaluator keeps all five.
    expect(skipped.filter((d) => d.kind === 'evaluator').map((d) => [d.subjectId, d.period.id])).toEqual([
      ['evaluator-019', '2026-W47'],
      ['evaluator-019', '2026-W48'],
    ]);
    expect(skipped.find((d) => d.kind === 'participant')?.reason).toBe(
      'monthly quota of analytics-participant (500) minus the on-demand reserve (50), 320 already used or in flight leaves room for 130 of the 200 scheduled pulls',
    );
    expect(skipped.find((d) => d.kind === 'account')?.reason).toBe(
      'monthly quota of analytics (30) minus the on-demand reserve (5), 25 already used or in flight leaves no room',
    );
  });

  it('is deterministic: the same plan whatever order the subjects come in', () => {
    const tight = { ledger: freshLedger({ 'analytics-participant': { used: 400 } }) };
    const shuffled = (list: Subject[]) =>
      [...list].sort((a, b) => (a.id.split('').reverse().join('') < b.id.split('').reverse().join('') ? -1 : 1));
    const a = planMonth(input(tight));
    const b = planMonth(
      input({ ...tight, evaluators: shuffled(subjects('evaluator', 20)), participants: shuffled(subjects('participant', 200)) }),
    );
    expect(b).toEqual(a);
    expect(a.endpoints['analytics-participant']).toMatchObject({ planned: 50, skipped: 150 });
  });

  it('skips everything on an endpoint the upstream reported exhausted', () => {
    const plan = planMonth(
      input({ ledger: freshLedger({ 'analytics-evaluator': { used: 10, exhaustedAt: new Date('2026-11-03T10:00:00Z') } }) }),
    );
    expect(count(plan, 'evaluator', 'skipped')).toBe(100);
    expect(plan.decisions.find((d) => d.kind === 'evaluator')?.reason).toBe(
      'the upstream reported the monthly quota of analytics-evaluator (500) exhausted at 2026-11-03T10:00:00.000Z',
    );
  });

  it('leaves runs that already started alone, carries over an overdue run first, and skips the runs of deleted subjects', () => {
    const evaluators = subjects('evaluator', 2);
    const run = (over: Partial<ExistingRun>): ExistingRun => ({
      id: randomUUID(),
      kind: 'evaluator',
      subjectId: 'evaluator-000',
      period: { id: '2026-W44', start: '2026-10-26', end: '2026-11-01' },
      dueAt: new Date('2026-11-02Z'),
      status: 'succeeded',
      quotaMonth: '2026-11',
      priority: 0,
      reason: null,
      ...over,
    });
    const overdue = run({
      kind: 'participant',
      subjectId: 'participant-001',
      period: { id: '2026-09', start: '2026-09-01', end: '2026-09-30' },
      status: 'planned',
      quotaMonth: '2026-10',
    });
    const gone = run({
      subjectId: 'evaluator-gone',
      period: { id: '2026-W45', start: '2026-11-02', end: '2026-11-08' },
      status: 'planned',
    });
    const done = run({});
    const plan = planMonth(
      input({
        evaluators,
        participants: subjects('participant', 3),
        existing: [done, overdue, gone],
        ledger: freshLedger({ 'analytics-participant': { used: 447 } }),
      }),
    );
    expect(plan.decisions.some((d) => d.existingId === done.id)).toBe(false);
    expect(plan.decisions.find((d) => d.existingId === gone.id)).toMatchObject({
      status: 'skipped',
      reason: 'evaluator evaluator-gone no longer exists upstream',
    });
    // Room for 3 participant pulls: the overdue September one first, then the two oldest participants.
    const participants = plan.decisions.filter((d) => d.kind === 'participant');
    expect(participants.map((d) => [d.subjectId, d.period.id, d.status])).toEqual([
      ['participant-001', '2026-09', 'planned'],
      ['participant-000', '2026-10', 'planned'],
      ['participant-001', '2026-10', 'planned'],
      ['participant-002', '2026-10', 'skipped'],
    ]);
    expect(count(plan, 'evaluator', 'planned')).toBe(9); // 2 evaluators × 5 weeks, less the one already done
  });
});

describe('the daily planning pass', () => {
  let h: Harness;
  let api: Awaited<ReturnType<typeof serveBuiltIn>>;
  beforeAll(async () => {
    h = createHarness();
    api = await serveBuiltIn(h);
  });
  afterAll(async () => {
    await api.close();
    await h.close();
  });

  it('records the plan for 20 evaluators and 200 participants, logs and lists each skip, and enqueues the due runs once', async () => {
    const account = await h.createAccount();
    for (let i = 0; i < 20; i += 1) await seedEvaluator(h.db, account.id, `Evaluator ${i}`, [{ name: 'Greeting', type: 'boolean' }]);
    await h.db.participant.createMany({
      data: Array.from({ length: 200 }, (_, i) => ({ accountId: account.id, tag: `Agent ${i}`, metadata: {} })),
    });
    const client = pacedTestClient(api.baseUrl, account.key, h.redis);
    // On-demand pulls already spent 310 participant dashboards this month.
    await h.db.hubQuotaLedger.create({
      data: { scope: client.accountRef, endpoint: 'analytics-participant', month: november.start, limit: 500, used: 310 },
    });

    const lines: Record<string, unknown>[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>), done()) }),
    );
    const ctx = h.hubContext({ upstream: () => Promise.resolve(client), now: () => new Date('2026-11-02T00:30:00Z'), logger });

    const outcome = await planReports(ctx);

    expect(outcome.plan.endpoints['analytics-participant']).toEqual({
      limit: 500,
      reserve: 50,
      spent: 310,
      room: 140,
      planned: 140,
      skipped: 60,
    });
    const runs = await listReportRuns(h.db, { scope: client.accountRef, month: '2026-11' });
    expect(runs).toHaveLength(1 + 100 + 200);
    const skipped = await listReportRuns(h.db, { scope: client.accountRef, month: '2026-11', status: 'skipped' });
    expect(skipped).toHaveLength(60);
    expect(
      skipped.every(
        (r) =>
          r.kind === 'participant' && r.reason?.startsWith('monthly quota of analytics-participant (500) minus the on-demand reserve (50)'),
      ),
    ).toBe(true);
    const skipLogs = lines.filter((l) => l.msg === 'scheduled report skipped');
    expect(skipLogs).toHaveLength(60);
    expect(skipLogs[0]).toMatchObject({ level: 40, kind: 'participant', period: '2026-10', reason: skipped[0].reason });

    // Due by 2026-11-02 00:30: the account report and participants (the 1st), the evaluators' W44 (the 2nd).
    expect(outcome.enqueued).toBe(1 + 140 + 20);
    const queued = await h.jobs.queue('hub.pull-analytics').getJobs(['waiting', 'delayed', 'active']);
    expect(queued).toHaveLength(161);
    const firstDue = runs.find((r) => r.kind === 'account')!;
    expect(await h.jobs.queue('hub.pull-analytics').getJob(pullJobId(firstDue))).toBeTruthy();
    expect(pullJobId(firstDue)).toBe(`report-${firstDue.id}-0`);

    const status = await getQuotaStatus(ctx);
    expect(status.endpoints.find((e) => e.endpoint === 'analytics-participant')).toMatchObject({
      used: 310,
      remaining: 190,
      remainingForScheduled: 140,
      runs: { planned: 140, skipped: 60, running: 0, succeeded: 0, failed: 0 },
    });

    // Planning again the same day changes nothing and enqueues nothing new.
    const again = await planReports(ctx);
    expect(again.plan.endpoints).toEqual(outcome.plan.endpoints);
    expect(await h.db.hubReportRun.count({ where: { scope: client.accountRef } })).toBe(301);
    expect(await h.jobs.queue('hub.pull-analytics').getJobs(['waiting', 'delayed', 'active'])).toHaveLength(161);
    expect(lines.filter((l) => l.msg === 'scheduled report skipped')).toHaveLength(60);
  });
});

describe('the planning pass against a list with rows the client set aside', () => {
  let h: Harness;
  let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
  beforeAll(async () => {
    h = createHarness();
    fake = await startFakeUpstream();
  });
  afterAll(async () => {
    await fake.close();
    await h.close();
  });

  it('keeps planning a participant whose row breaks the promise but names its id, and keys every subject in lower case', async () => {
    const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
    const base = h.hubContext();
    const ctx = h.hubContext({
      upstream: () => Promise.resolve(client),
      now: () => new Date('2026-11-02T00:30:00Z'),
      settings: { ...base.settings, reports: { ...base.settings.reports, schedules: ['participant-monthly'] } },
    });
    const ana = participantWire({ participant_id: randomUUID().toUpperCase(), tag: 'Ana' });
    const bruno = participantWire({ tag: 'Bruno' });
    const list = (rows: unknown[]) => ({ json: { data: { items: rows, count: rows.length } } });
    fake.script('list-participants', list([ana, bruno]), list([{ ...ana, metadata: null, updated_at: null }, { tag: 'no id' }, bruno]));

    await planReports(ctx);
    const first = await h.db.hubReportRun.findMany({ where: { scope: client.accountRef }, orderBy: { subjectTag: 'asc' } });
    expect(first.map((r) => [r.subjectId, r.subjectTag, r.status])).toEqual([
      [ana.participant_id.toLowerCase(), 'Ana', 'planned'],
      [bruno.participant_id, 'Bruno', 'planned'],
    ]);

    await planReports(ctx);
    const second = await h.db.hubReportRun.findMany({ where: { scope: client.accountRef }, orderBy: { subjectTag: 'asc' } });
    expect(second.map((r) => [r.subjectId, r.status, r.reason])).toEqual([
      [ana.participant_id.toLowerCase(), 'planned', null],
      [bruno.participant_id, 'planned', null],
    ]);
    expect(fake.resetScripts()).toBe(0);
  });
});
