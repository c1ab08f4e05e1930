/**
 * The admin API's quota and report endpoints against the built-in service: quota status per
 * endpoint, the runs with their exports, and reports pulled on demand through the ledger (the
 * upstream's own meter agrees), exported by the worker, validated at the edge.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportReport } from '../../../src/hub/reports/export/export-report.js';
import type { ReportExporter } from '../../../src/hub/reports/export/report-exporter.js';
import type { ReportTable } from '../../../src/hub/reports/export/report-tables.js';
import { planReports } from '../../../src/hub/reports/planning/plan-reports.js';
import { listReportRuns } from '../../../src/hub/reports/runs/report-run-store.js';
import { defaultReportsSettings } from '../../../src/hub/reports/reports-settings.js';
import { runReport } from '../../../src/hub/reports/runs/run-scheduled-report.js';
import { seedEvaluator, seedParticipant, seedScoredTranscription } from '../../support/analytics-seed.js';
import { createHarness, errorBody, type Harness } from '../../support/harness.js';
import { adminToken, startHubStack } from '../../support/hub-stack.js';
import { eventually } from '../../support/webhook-receiver.js';
import { closeInOrder } from '../../support/close-in-order.js';

const now = new Date('2026-11-03T09:00:00Z');
let h: Harness;

beforeAll(() => {
  h = createHarness({ now: () => now });
});
afterAll(() => closeInOrder(h));

/** A hub stack whose account has one evaluator, one participant and three scored calls in October. */
async function reportingStack(name: string) {
  const exportsDir = path.join(h.dataDir, `admin-exports-${name}`);
  const stack = await startHubStack(h, {
    hub: (defaults) => ({
      settings: { ...defaults.settings, reports: { ...defaultReportsSettings, export: { kind: 'csv', dir: exportsDir } } },
    }),
  });
  const evaluator = await seedEvaluator(h.db, stack.account.id, 'Support QA', [{ name: 'Greeting', type: 'boolean' }]);
  const participant = await seedParticipant(h.db, stack.account.id, 'Ana');
  for (const at of ['2026-10-14T09:00:00Z', '2026-10-27T10:00:00Z', '2026-10-28T11:00:00Z']) {
    await seedScoredTranscription(h.db, stack.account.id, {
      at,
      score: 80,
      duration: 60,
      evaluatorId: evaluator.id,
      participantId: participant.id,
      results: [{ criterion: evaluator.criteria[0], raw: 1 }],
    });
  }
  const admin = {
    get: (p: string) => request(stack.app).get(`/admin${p}`).set('authorization', `Bearer ${adminToken}`),
    post: (p: string, body: object) => request(stack.app).post(`/admin${p}`).set('authorization', `Bearer ${adminToken}`).send(body),
  };
  const upstreamUsage = async (operation: string) =>
    (await h.db.analyticsQuotaUsage.findFirst({ where: { accountId: stack.account.id, operation }, select: { used: true } }))?.used ?? 0;
  return { stack, admin, evaluator, participant, exportsDir, upstreamUsage };
}

let s: Awaited<ReturnType<typeof reportingStack>>;
beforeAll(async () => {
  s = await reportingStack('main');
});
afterAll(() => closeInOrder(s.stack));

describe('GET /admin/quotas', () => {
  it('shows each endpoint: limit, used, reserved, the on-demand reserve, what is left and when it resets', async () => {
    const fresh = await reportingStack('quotas');
    try {
      const res = await fresh.admin.get('/quotas');
      expect(res.status).toBe(200);
      expect(res.body.data.month).toBe('2026-11');
      expect(res.body.data.resets_at).toBe('2026-12-01T00:00:00.000Z');
      // A fresh month: nothing used or reserved; what is left for scheduled runs is the limit less the on-demand reserve.
      const untouched = (endpoint: string, limit: number, onDemandReserve: number) => ({
        endpoint,
        limit,
        used: 0,
        reserved: 0,
        on_demand_reserve: onDemandReserve,
        remaining: limit,
        remaining_for_scheduled: limit - onDemandReserve,
        exhausted_at: null,
        runs: { planned: 0, skipped: 0, running: 0, succeeded: 0, failed: 0 },
      });
      expect(res.body.data.endpoints).toEqual([
        untouched('analytics', 30, 5),
        untouched('analytics-evaluator', 500, 50),
        untouched('analytics-participant', 500, 50),
      ]);
    } finally {
      await fresh.stack.close();
    }
  });

  it('needs the token', async () => {
    for (const [method, p] of [
      ['get', '/quotas'],
      ['get', '/reports/runs'],
      ['post', '/reports/runs'],
    ] as const) {
      const res = await request(s.stack.app)[method](`/admin${p}`).send({});
      expect(res.status, p).toBe(401);
    }
  });
});

describe('POST /admin/reports/runs (on demand)', () => {
  it('pulls a finished period through the ledger, records it as done and exports it on the worker', async () => {
    const res = await s.admin.post('/reports/runs', { kind: 'evaluator', subject_id: s.evaluator.id.toUpperCase(), period: '2026-W44' });
    expect(res.status).toBe(201);
    const { run, rows, complete, export_job_id: exportJobId } = res.body.data;
    expect({ rows, complete }).toEqual({ rows: 2, complete: true });
    expect(exportJobId).toMatch(/^export-[0-9a-f-]{36}-\d+$/);
    expect(run).toMatchObject({
      kind: 'evaluator',
      subject_id: s.evaluator.id,
      subject_tag: 'Support QA',
      period: '2026-W44',
      period_start: '2026-10-26',
      period_end: '2026-11-01',
      quota_month: '2026-11',
      status: 'succeeded',
      snapshot: { rows: 2, exported_at: null, export_target: null },
    });
    expect(run.reason).toMatch(/^pulled on demand at 2026-11-03T09:00:00.000Z$/);

    // One call, on both sides of the wire.
    expect(await s.upstreamUsage('analytics-evaluator')).toBe(1);
    const quotas = (await s.admin.get('/quotas')).body.data.endpoints;
    expect(quotas.find((e: { endpoint: string }) => e.endpoint === 'analytics-evaluator')).toMatchObject({
      used: 1,
      reserved: 0,
      remaining: 499,
    });

    // The worker exports it; the run list shows where it went.
    const worker = h.startWorker({ hub: s.stack.hub });
    try {
      const exported = await eventually(async () => {
        const listed = (await s.admin.get('/reports/runs?kind=evaluator')).body.data.runs;
        return listed.length === 1 && listed[0].snapshot.exported_at ? listed[0] : undefined;
      });
      expect(exported.snapshot.export_target).toBe(path.join(s.exportsDir, `evaluator-${s.evaluator.id}-2026-W44.csv`));
      expect(exported.snapshot.export_error).toBeNull();
    } finally {
      await worker.close();
    }
    expect((await readdir(s.exportsDir)).sort()).toEqual([`evaluator-${s.evaluator.id}-2026-W44.csv`, 'summary.csv']);

    // Pulled again: the same run and snapshot, fresh data, one more call, a new export.
    const again = await s.admin.post('/reports/runs', { kind: 'evaluator', subject_id: s.evaluator.id, period: '2026-W44', export: false });
    expect(again.status).toBe(201);
    expect(again.body.data.run.id).toBe(run.id);
    expect(again.body.data.run.snapshot).toMatchObject({ id: run.snapshot.id, exported_at: null });
    expect(again.body.data.export_job_id).toBeNull();
    expect(await s.upstreamUsage('analytics-evaluator')).toBe(2);
  });

  it('pulls a running period "so far" and leaves the complete report to the schedule of the month it falls due in', async () => {
    const res = await s.admin.post('/reports/runs', { kind: 'account', period: '2026-11', export: false });
    expect(res.status).toBe(201);
    expect(res.body.data.complete).toBe(false);
    expect(res.body.data.rows).toBe(0);
    expect(res.body.data.run).toMatchObject({
      kind: 'account',
      subject_id: null,
      period: '2026-11',
      status: 'skipped',
      quota_month: '2026-12',
      due_at: '2026-12-01T00:00:00.000Z',
    });
    expect(res.body.data.run.reason).toMatch(/the period so far.*the schedule's once the period ends/);
    // The pull itself succeeded, and the answer says so (the run's "skipped" is the schedule's state).
    expect(res.body.data).toMatchObject({
      status: 'succeeded',
      note: expect.stringMatching(/^pulled 0 row\(s\) of 2026-11 so far; .* after 2026-11-30/),
    });
    expect(await s.upstreamUsage('analytics')).toBe(1);
    // Its export writes the report and its row of the summary, though the run stays skipped.
    const written: { report?: ReportTable; summary?: ReportTable } = {};
    const exporter: ReportExporter = {
      write: (report, summary) => Promise.resolve(((written.report = report), (written.summary = summary), 'memory')),
    };
    expect(await exportReport(s.stack.hub, exporter, res.body.data.run.snapshot.id)).toMatchObject({ kind: 'exported' });
    expect(written.report?.name).toBe('account-2026-11');
    expect(written.summary?.rows.some((row) => row.includes('2026-11') && row.includes('account'))).toBe(true);
    const listed = (await s.admin.get('/reports/runs?month=2026-12&kind=account')).body.data.runs;
    expect(listed.map((r: { period: string }) => r.period)).toEqual(['2026-11']);

    // December's plan takes the run up; the scheduled pull of the whole month replaces the partial snapshot.
    const december = { ...s.stack.hub, now: () => new Date('2026-12-01T09:00:00Z') };
    await planReports(december);
    const [planned] = await listReportRuns(h.db, { scope: (await december.upstream()).accountRef, kind: 'account', month: '2026-12' });
    expect(planned).toMatchObject({ id: res.body.data.run.id, status: 'planned', reason: null });
    expect(await runReport(december, planned.id, { canRetry: false })).toEqual({
      kind: 'succeeded',
      snapshotId: res.body.data.run.snapshot.id,
      rows: 0,
    });
    const done = (await s.admin.get('/reports/runs?month=2026-12&kind=account')).body.data.runs[0];
    expect(done).toMatchObject({
      status: 'succeeded',
      snapshot: { id: res.body.data.run.snapshot.id, fetched_at: '2026-12-01T09:00:00.000Z' },
    });
  });

  it('spends the on-demand reserve scheduled runs leave alone, and answers 429 when the month is spent, without calling upstream', async () => {
    const scope = (await s.stack.hub.upstream()).accountRef;
    const month = new Date('2026-11-01T00:00:00Z');
    await h.db.hubQuotaLedger.upsert({
      where: { scope_endpoint_month: { scope, endpoint: 'analytics-participant', month } },
      create: { scope, endpoint: 'analytics-participant', month, limit: 500, used: 499 },
      update: { used: 499 },
    });
    const participantRun = (period: string) =>
      s.admin.post('/reports/runs', { kind: 'participant', subject_id: s.participant.id, period, export: false });
    const last = await participantRun('2026-10');
    expect(last.status).toBe(201);
    expect(last.body.data.rows).toBe(3);
    const before = await s.upstreamUsage('analytics-participant');
    const refused = await participantRun('2026-09');
    expect(refused.status).toBe(429);
    expect(refused.body.error.code).toBe('quota_exceeded');
    expect(refused.body.error.message).toMatch(
      /^monthly quota of analytics-participant \(500\) is spent: 500 used, 0 in flight; resets 2026-12-01T00:00:00Z$/,
    );
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil((Date.parse('2026-12-01T00:00:00Z') - now.getTime()) / 1000));
    expect(await s.upstreamUsage('analytics-participant')).toBe(before);
    expect((await s.admin.get('/reports/runs?kind=participant')).body.data.runs.map((r: { period: string }) => r.period)).not.toContain(
      '2026-09',
    );
  });

  it('refuses a subject that does not exist upstream (404) before spending quota', async () => {
    const res = await s.admin.post('/reports/runs', {
      kind: 'evaluator',
      subject_id: '00000000-0000-4000-8000-000000000000',
      period: '2026-10',
    });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
    expect(await s.upstreamUsage('analytics-evaluator')).toBe(2);
  });

  it.each([
    [{ period: '2026-10' }, errorBody('missing_field', 'Missing required field: kind')],
    [{ kind: 'team', period: '2026-10' }, errorBody('invalid_value', 'Invalid kind: kind must be account, evaluator or participant')],
    [{ kind: 'evaluator', period: '2026-10' }, errorBody('missing_field', "Missing required field: subject_id (the evaluator's id)")],
    [
      { kind: 'account', subject_id: '00000000-0000-4000-8000-000000000000', period: '2026-10' },
      errorBody('invalid_value', 'subject_id is only for evaluator and participant reports'),
    ],
    [{ kind: 'account', period: 'October' }, errorBody('invalid_value', 'Invalid period: expected a period, YYYY-MM or YYYY-Www')],
    [{ kind: 'account', period: '2026-13' }, errorBody('invalid_value', 'Invalid period: 2026-13 (month must be 01 to 12)')],
    [{ kind: 'account', period: '2025-W53' }, errorBody('invalid_value', 'Invalid period: 2025-W53 (2025 has no week 53)')],
    [{ kind: 'account', period: '2026-12' }, errorBody('invalid_value', 'Invalid period: 2026-12 has not started yet')],
    [{ kind: 'account', period: '2026-10', export: 'yes' }, errorBody('invalid_value', 'Invalid export: export must be true or false')],
  ])('refuses %j with a clear 400 and spends nothing', async (body, expected) => {
    const before = await s.upstreamUsage('analytics');
    const res = await s.admin.post('/reports/runs', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(expected);
    expect(await s.upstreamUsage('analytics')).toBe(before);
  });
});

describe('GET /admin/reports/runs', () => {
  it('validates its filters', async () => {
    const bad = await s.admin.get('/reports/runs?month=2026-13');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_value');
    expect((await s.admin.get('/reports/runs?status=done')).status).toBe(400);
    expect((await s.admin.get('/reports/runs?limit=0')).status).toBe(400);
  });
});
