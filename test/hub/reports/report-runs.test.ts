/**
 * Scheduled reports end to end against the built-in service: the planner enqueues the due runs,
 * the worker pulls each through the ledger, stores its snapshot and writes the CSV export (no
 * Google credentials: the embedded default). A run is never repeated; a re-export replaces files.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationClient } from '../../../src/hub/client/index.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { toCsv } from '../../../src/hub/reports/export/csv-exporter.js';
import { exportReport } from '../../../src/hub/reports/export/export-report.js';
import { planReports } from '../../../src/hub/reports/planning/plan-reports.js';
import { readLedgerRow } from '../../../src/hub/reports/quota/quota-ledger.js';
import { createReportExporter } from '../../../src/hub/reports/export/create-report-exporter.js';
import { buildReportTable } from '../../../src/hub/reports/export/report-tables.js';
import { claimRun, listReportRuns } from '../../../src/hub/reports/runs/report-run-store.js';
import { runReport } from '../../../src/hub/reports/runs/run-scheduled-report.js';
import { diedDuringPull } from '../../../src/hub/reports/runs/settle-interrupted-run.js';
import { defaultReportsSettings, type ReportsSettings } from '../../../src/hub/reports/reports-settings.js';
import { seedEvaluator, seedParticipant, seedScoredTranscription } from '../../support/analytics-seed.js';
import { closedPort } from '../../support/closed-port.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { pacedTestClient, serveBuiltIn, unpacedTestClient } from '../client/support.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let api: Awaited<ReturnType<typeof serveBuiltIn>>;
// The clock was down on the 1st and the 2nd: the planner first runs on the 3rd and catches up.
const now = new Date('2026-11-03T09:00:00Z');

beforeAll(async () => {
  h = createHarness({ now: () => now });
  api = await serveBuiltIn(h);
});
afterAll(() => closeInOrder(api, h));

async function waitFor<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function setUpAccount() {
  const account = await h.createAccount();
  const evaluator = await seedEvaluator(h.db, account.id, 'Support QA', [
    { name: 'Greeting', type: 'boolean' },
    { name: 'Hold, then transfer', type: 'scale' },
  ]);
  const participant = await seedParticipant(h.db, account.id, '=Ana');
  const [greeting, hold] = evaluator.criteria;
  for (const [at, raw] of [
    ['2026-10-27T10:00:00Z', 0],
    ['2026-10-28T11:00:00Z', 1],
    ['2026-10-14T09:00:00Z', 1],
  ] as const) {
    await seedScoredTranscription(h.db, account.id, {
      at,
      score: raw ? 90 : 40,
      duration: 120,
      evaluatorId: evaluator.id,
      participantId: participant.id,
      results: [
        { criterion: greeting, raw },
        { criterion: hold, raw: raw ? 5 : 1 },
      ],
    });
  }
  const client = pacedTestClient(api.baseUrl, account.key, h.redis);
  return { account, evaluator, participant, client };
}

function contextFor(client: ConversationClient, exportsDir: string): HubContext {
  const settings: ReportsSettings = { ...defaultReportsSettings, export: { kind: 'csv', dir: exportsDir } };
  return h.hubContext({
    upstream: () => Promise.resolve(client),
    settings: { ...h.hubContext().settings, publicBaseUrl: 'http://127.0.0.1:0', reports: settings },
  });
}

describe('scheduled report runs', () => {
  it('pulls the due reports once each, stores their snapshots and writes them as CSV files with a KPI summary', async () => {
    const { account, evaluator, participant, client } = await setUpAccount();
    const exportsDir = path.join(h.dataDir, 'exports-e2e');
    const ctx = contextFor(client, exportsDir);

    const planned = await planReports(ctx);
    // Due by the 3rd: the account and participant reports for October (the 1st), the evaluator's W44 (the 2nd).
    expect(planned.enqueued).toBe(3);
    const worker = h.startWorker({ hub: ctx });
    const snapshots = await waitFor(async () => {
      const rows = await h.db.hubReportSnapshot.findMany({ where: { run: { scope: client.accountRef } }, include: { run: true } });
      return rows.length === 3 && rows.every((s) => s.exportedAt) && rows;
    });
    await worker.close();

    const runs = await listReportRuns(h.db, { scope: client.accountRef, month: '2026-11', status: 'succeeded' });
    expect(runs.map((r) => [r.kind, r.period]).sort()).toEqual([
      ['account', '2026-10'],
      ['evaluator', '2026-W44'],
      ['participant', '2026-10'],
    ]);
    const byKind = Object.fromEntries(snapshots.map((s) => [s.run.kind, s]));
    expect(byKind.evaluator.request).toEqual({ evaluator_id: evaluator.id, start_date: '2026-10-26', end_date: '2026-11-01' });
    expect(byKind.participant.request).toEqual({ participant_id: participant.id, start_date: '2026-10-01', end_date: '2026-10-31' });
    expect(byKind.evaluator.rowCount).toBe(2);
    expect(byKind.participant.rowCount).toBe(3);
    expect(byKind.account.kpis).toMatchObject({ total_calls: 3 });

    // Each pull reached the upstream once, and the ledger agrees with the upstream's own meter.
    const usage = await h.db.analyticsQuotaUsage.findMany({ where: { accountId: account.id }, select: { operation: true, used: true } });
    expect(usage.sort((a, b) => a.operation.localeCompare(b.operation))).toEqual([
      { operation: 'analytics', used: 1 },
      { operation: 'analytics-evaluator', used: 1 },
      { operation: 'analytics-participant', used: 1 },
    ]);
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 1, reserved: 0 });

    const files = (await readdir(exportsDir)).sort();
    expect(files).toEqual([
      'account-2026-10.csv',
      `evaluator-${evaluator.id}-2026-W44.csv`,
      `participant-${participant.id}-2026-10.csv`,
      'summary.csv',
    ]);
    const participantCsv = await readFile(path.join(exportsDir, `participant-${participant.id}-2026-10.csv`), 'utf8');
    const lines = participantCsv.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'id,date,score,critical,duration,group,status,failed_criteria,evaluator_id,evaluator_tag,human_score,human_critical,overrides,notes',
    );
    expect(lines).toHaveLength(4);
    expect(lines.filter((l) => l.includes(',"Greeting; Hold, then transfer",'))).toHaveLength(1);
    const summary = (await readFile(path.join(exportsDir, 'summary.csv'), 'utf8')).trimEnd().split('\n');
    expect(summary[0]).toBe(
      'report,kind,subject_id,subject_tag,period,start_date,end_date,total_calls,avg_score,pass_rate,total_critical_fails,pending_critical_reviews,rows,pulled_at',
    );
    expect(summary).toHaveLength(4);
    // A tag that a spreadsheet would run as a formula is written as text.
    expect(summary.find((l) => l.startsWith('participant-'))).toContain(`,'=Ana,2026-10,2026-10-01,2026-10-31,3,`);
  });

  it('never repeats a run, and a re-export replaces the files with the same content', async () => {
    const { account, participant, client } = await setUpAccount();
    const exportsDir = path.join(h.dataDir, 'exports-rerun');
    const ctx = {
      ...contextFor(client, exportsDir),
      settings: {
        ...h.hubContext().settings,
        publicBaseUrl: '',
        reports: { ...contextFor(client, exportsDir).settings.reports, schedules: ['participant-monthly' as const] },
      },
    };
    await planReports(ctx);
    const [run] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'participant' });
    const first = await runReport(ctx, run.id, { canRetry: true });
    expect(first).toMatchObject({ kind: 'succeeded', rows: 3 });
    expect(await runReport(ctx, run.id, { canRetry: true })).toEqual({ kind: 'not-planned' });
    expect(
      await h.db.analyticsQuotaUsage.findFirst({ where: { accountId: account.id, operation: 'analytics-participant' } }),
    ).toMatchObject({ used: 1 });

    const exporter = createReportExporter(ctx.settings.reports.export, ctx.logger);
    const snapshotId = (first as { snapshotId: string }).snapshotId;
    await exportReport(ctx, exporter, snapshotId);
    const file = path.join(exportsDir, `participant-${participant.id}-2026-10.csv`);
    const before = await readFile(file, 'utf8');
    await exportReport(ctx, exporter, snapshotId);
    expect(await readFile(file, 'utf8')).toBe(before);
    expect((await readdir(exportsDir)).sort()).toEqual([`participant-${participant.id}-2026-10.csv`, 'summary.csv']);
    const snapshot = await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { id: snapshotId } });
    const rawData = (snapshot.data as { raw_data: Record<string, unknown>[] }).raw_data;
    expect(before).toBe(toCsv(buildReportTable('participant', participant.id, '2026-10', rawData)));
    expect(snapshot).toMatchObject({ exportTarget: file, exportError: null });
  });

  it('plans again a run whose attempt sent nothing, and fails for good one that reached the upstream', async () => {
    const { client } = await setUpAccount();
    const ctx = contextFor(client, path.join(h.dataDir, 'exports-failures'));
    await planReports(ctx);
    const [account] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'account' });
    const [week] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'evaluator' });

    // The upstream unreachable: nothing sent, the reservation given back, the run planned again.
    const unreachable = unpacedTestClient(`http://127.0.0.1:${await closedPort()}/api`, 'cq_x');
    const offline = { ...ctx, upstream: () => Promise.resolve(Object.assign(unreachable, { accountRef: client.accountRef })) };
    const retry = await runReport(offline, account.id, { canRetry: true });
    expect(retry.kind).toBe('retry');
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({ status: 'planned', attempts: 1 });
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics', now)).toMatchObject({ used: 0, reserved: 0 });
    expect(await runReport(offline, account.id, { canRetry: false })).toMatchObject({ kind: 'failed' });

    // The evaluator deleted upstream after planning: a 404 that used quota; the run fails, not repeated.
    await h.db.evaluator.delete({ where: { id: week.subjectId } });
    const failed = await runReport(ctx, week.id, { canRetry: true });
    expect(failed).toMatchObject({ kind: 'failed', reason: expect.stringMatching(/^not_found \(404\): /) });
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 1, reserved: 0 });
    expect(await runReport(ctx, week.id, { canRetry: true })).toEqual({ kind: 'not-planned' });
  });

  it('plans again, under a new job, a run skipped at run time once room appears; re-enqueues an export left undone', async () => {
    const { client } = await setUpAccount();
    const base = contextFor(client, path.join(h.dataDir, 'exports-replan'));
    const withReserve = (reserve: number): HubContext => ({
      ...base,
      settings: {
        ...base.settings,
        reports: {
          ...base.settings.reports,
          schedules: ['account-monthly'],
          onDemandReserve: { ...defaultReportsSettings.onDemandReserve, analytics: reserve },
        },
      },
    });
    await planReports(withReserve(5));
    const [run] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'account' });
    expect(await h.jobs.queue('hub.pull-analytics').getJob(`report-${run.id}-0`)).toBeTruthy();

    // On-demand pulls spend the room before the run starts: it is skipped at run time, nothing sent.
    await h.db.hubQuotaLedger.create({
      data: { scope: client.accountRef, endpoint: 'analytics', month: new Date('2026-11-01Z'), limit: 30, used: 25 },
    });
    const skipped = await runReport(withReserve(5), run.id, { canRetry: true });
    expect(skipped).toMatchObject({
      kind: 'skipped',
      reason: expect.stringMatching(/^monthly quota of analytics \(30\) minus the on-demand reserve \(5\) leaves no room/),
    });
    await planReports(withReserve(5));
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'skipped', attempts: 1 });

    // The reserve lowered: room again, the run is planned and enqueued under a new job id.
    await planReports(withReserve(0));
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'planned', reason: null });
    expect(await h.jobs.queue('hub.pull-analytics').getJob(`report-${run.id}-1`)).toBeTruthy();
    const pulled = await runReport(withReserve(0), run.id, { canRetry: true });
    expect(pulled.kind).toBe('succeeded');

    // Its export never ran (no worker here): the next day's pass enqueues it again.
    const nextDay = { ...withReserve(0), now: () => new Date('2026-11-04T00:30:00Z') };
    const again = await planReports(nextDay);
    expect(again.exportsEnqueued).toBe(1);
    const snapshotId = (pulled as { snapshotId: string }).snapshotId;
    expect(await h.jobs.queue('hub.export-report').getJob(`export-${snapshotId}-2026-11-04`)).toBeTruthy();
  });

  it('a pull job taken over from a dead worker queues the export the snapshot waits for, and ends a run left running as failed', async () => {
    const { client } = await setUpAccount();
    const ctx = contextFor(client, path.join(h.dataDir, 'exports-takeover'));
    await planReports(ctx);
    const [account] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'account' });
    const [week] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'evaluator' });

    // The worker dies after the snapshot's commit, before the export reached Redis.
    const dying: HubContext = { ...ctx, jobs: { ...ctx.jobs, enqueue: () => Promise.reject(new Error('SIGKILL: the worker is gone')) } };
    await expect(runReport(dying, account.id, { canRetry: true })).rejects.toThrow('SIGKILL');
    const snapshot = await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { runId: account.id } });
    expect(snapshot.exportedAt).toBeNull();
    const exports = h.jobs.queue('hub.export-report');
    expect(await exports.getJob(`export-${snapshot.id}`)).toBeUndefined();
    // BullMQ hands the stalled job to the next worker: the export is queued now, not by tomorrow's planner.
    expect(await runReport(ctx, account.id, { canRetry: true, isTakeover: true })).toEqual({ kind: 'not-planned' });
    expect((await exports.getJob(`export-${snapshot.id}`))?.data).toEqual({ snapshotId: snapshot.id });
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: account.id } })).toMatchObject({ status: 'succeeded', attempts: 1 });

    // The worker dies during the pull: the run stays running, which nothing else ends.
    expect(await claimRun(h.db, week.id, now)).toMatchObject({ status: 'running' });
    expect(await runReport(ctx, week.id, { canRetry: true })).toEqual({ kind: 'not-planned' }); // not a takeover: left alone
    expect(await runReport(ctx, week.id, { canRetry: true, isTakeover: true })).toEqual({ kind: 'failed', reason: diedDuringPull });
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: week.id } })).toMatchObject({
      status: 'failed',
      attempts: 1,
      reason: diedDuringPull,
    });
    // Not pulled again: one call at most went out for it, by the dead worker.
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 0, reserved: 0 });
  });

  it('a worker presumed dead whose pull then answers stores its snapshot: the run taken over as failed succeeds', async () => {
    const { client } = await setUpAccount();
    const ctx = contextFor(client, path.join(h.dataDir, 'exports-lapsed'));
    await planReports(ctx);
    const [week] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'evaluator' });

    // The first worker is alive but slow: its lock lapses while its pull waits.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow: HubContext = { ...ctx, upstream: async () => (await held, client) };
    const first = runReport(slow, week.id, { canRetry: true });
    await waitFor(async () => (await h.db.hubReportRun.findUniqueOrThrow({ where: { id: week.id } })).status === 'running');
    expect(await runReport(ctx, week.id, { canRetry: true, isTakeover: true })).toEqual({ kind: 'failed', reason: diedDuringPull });

    release();
    const outcome = await first;
    expect(outcome).toMatchObject({ kind: 'succeeded' });
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: week.id } })).toMatchObject({
      status: 'succeeded',
      reason: null,
      attempts: 1,
    });
    const snapshot = await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { runId: week.id } });
    expect(outcome).toMatchObject({ snapshotId: snapshot.id });
    expect((await h.jobs.queue('hub.export-report').getJob(`export-${snapshot.id}`))?.data).toEqual({ snapshotId: snapshot.id });
    // One call went out, by the first worker; the takeover sent none.
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 1, reserved: 0 });
  });
});
