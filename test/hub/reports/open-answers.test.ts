/**
 * Analytics answers the hub cannot read as a dashboard are kept as they came and exported, never
 * spent and lost: an account-wide answer of a shape of its own (the vendor does not show it), and
 * a dashboard whose promised member breaks its contract (kept, reported on the run, in the log and
 * in a metric). The upstream is the independent fake (test/fakes/fake-upstream.ts), scripted with
 * answers that are not our built-in service's.
 */
import { unpacedTestClient } from '../client/support.js';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationClient } from '../../../src/hub/client/index.js';
import type { HubContext } from '../../../src/hub/hub-context.js';
import { createReportExporter } from '../../../src/hub/reports/export/create-report-exporter.js';
import { exportReport } from '../../../src/hub/reports/export/export-report.js';
import { planReports } from '../../../src/hub/reports/planning/plan-reports.js';
import { buildAnswerTables } from '../../../src/hub/reports/export/answer-tables.js';
import { readLedgerRow } from '../../../src/hub/reports/quota/quota-ledger.js';
import { defaultReportsSettings, type ReportSchedule } from '../../../src/hub/reports/reports-settings.js';
import { brokenDashboardAnswers } from '../../../src/hub/reports/runs/note-broken-promises.js';
import { listReportRuns } from '../../../src/hub/reports/runs/report-run-store.js';
import { runReport } from '../../../src/hub/reports/runs/run-scheduled-report.js';
import { resolveOnDemandReport } from '../../../src/hub/reports/runs/run-report-on-demand.js';
import { dashboardAnswer } from '../../fakes/analytics-answers.js';
import { startFakeUpstream, type FakeUpstream } from '../../fakes/fake-upstream.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let fake: FakeUpstream;
let now = new Date('2026-11-03T09:00:00Z');

beforeAll(async () => {
  h = createHarness({ now: () => now });
  fake = await startFakeUpstream();
});
afterAll(() => closeInOrder(fake, h));

/** An account-wide answer of a shape of its own: no kpis, no raw_data. */
const ownShape = {
  summary: { calls: 12, avg_score: 71.5, window: { from: '2026-10-01', to: '2026-10-31' } },
  by_evaluator: [
    { evaluator: 'Support QA', calls: 7, avg_score: 80 },
    { evaluator: 'Sales QA', calls: 5, avg_score: 59.4, flagged: true },
  ],
  rows: [{ call: 'c-1', score: 91, tags: ['vip'] }],
  generated: '2026-11-01 00:30',
};

function contextFor(client: ConversationClient, exportsDir: string, schedules: ReportSchedule[]): HubContext {
  const base = h.hubContext();
  return h.hubContext({
    upstream: () => Promise.resolve(client),
    settings: { ...base.settings, reports: { ...defaultReportsSettings, schedules, export: { kind: 'csv', dir: exportsDir } } },
  });
}

describe('an answer the hub cannot read as a dashboard', () => {
  it('keeps an account-wide answer of its own shape as it came and exports its members; a restart pulls nothing again', async () => {
    now = new Date('2026-11-03T09:00:00Z');
    const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
    const exportsDir = path.join(h.dataDir, 'open-account');
    const ctx = contextFor(client, exportsDir, ['account-monthly']);
    fake.script('analytics', { json: { data: ownShape } });

    expect((await planReports(ctx)).enqueued).toBe(1);
    const [run] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'account' });
    const outcome = await runReport(ctx, run.id, { canRetry: true });
    expect(outcome).toMatchObject({ kind: 'succeeded', rows: 3 });
    expect(await h.db.hubReportRun.findUniqueOrThrow({ where: { id: run.id } })).toMatchObject({ status: 'succeeded', reason: null });
    const snapshot = await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { runId: run.id } });
    expect(snapshot).toMatchObject({ data: ownShape, kpis: {}, rowCount: 3 });
    expect(fake.requestsFor('analytics').map((r) => r.body)).toEqual([{ start_date: '2026-10-01', end_date: '2026-10-31' }]);
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics', now)).toMatchObject({ used: 1, reserved: 0 });

    await exportReport(ctx, createReportExporter(ctx.settings.reports.export, ctx.logger), snapshot.id);
    expect((await readdir(exportsDir)).sort()).toEqual([
      'account-2026-10-by_evaluator.csv',
      'account-2026-10-rows.csv',
      'account-2026-10.csv',
      'summary.csv',
    ]);
    const csv = async (name: string) => (await readFile(path.join(exportsDir, `${name}.csv`), 'utf8')).trimEnd().split('\n');
    expect(await csv('account-2026-10')).toEqual([
      'member,value',
      'summary.calls,12',
      'summary.avg_score,71.5',
      'summary.window.from,2026-10-01',
      'summary.window.to,2026-10-31',
      'generated,2026-11-01 00:30',
    ]);
    expect(await csv('account-2026-10-by_evaluator')).toEqual([
      'evaluator,calls,avg_score,flagged',
      'Support QA,7,80,',
      'Sales QA,5,59.4,true',
    ]);
    expect(await csv('account-2026-10-rows')).toEqual(['call,score,tags', 'c-1,91,"[""vip""]"']);
    const summary = await csv('summary');
    expect(summary).toHaveLength(2);
    expect(summary[1]).toMatch(/^account-2026-10,account,,,2026-10,2026-10-01,2026-10-31,,,,,,3,/);

    // The clock restarts on later days: the period is pulled already, nothing is sent again.
    for (const day of ['2026-11-04T08:00:00Z', '2026-11-20T08:00:00Z']) {
      now = new Date(day);
      expect((await planReports(ctx)).enqueued).toBe(0);
    }
    expect(fake.requestsFor('analytics')).toHaveLength(1);
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics', now)).toMatchObject({ used: 1, reserved: 0 });
    expect(fake.resetScripts()).toBe(0);
  });

  it('keeps a dashboard whose promised members break their contract, says so on the run, in the log and in a metric, and exports its rows', async () => {
    now = new Date('2026-11-03T09:00:00Z');
    const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
    const exportsDir = path.join(h.dataDir, 'broken-dashboard');
    const ctx = contextFor(client, exportsDir, ['evaluator-weekly']);
    const evaluatorId = '5b0b7c2e-3c1a-4d4e-9a51-3f1e2d4c5b6a';
    fake.script('list-evaluators', {
      json: {
        data: {
          items: [
            {
              evaluator_id: evaluatorId,
              tag: 'Support QA',
              description: '',
              language: 'df',
              context: '',
              criteria: [],
              created_at: '2026-01-01T00:00:00Z',
              updated_at: '2026-01-01T00:00:00Z',
            },
          ],
          count: 1,
        },
      },
    });
    const answer = {
      ...dashboardAnswer('evaluator', 4),
      kpis: { total_calls: 'four', avg_score: 61.5 },
      criteria_breakdown: 'not computed',
    };
    fake.script('analytics-evaluator', { json: { data: answer } });
    const before = (await brokenDashboardAnswers.get()).values.find((v) => v.labels.endpoint === 'analytics-evaluator')?.value ?? 0;

    await planReports(ctx);
    const [week] = await listReportRuns(h.db, { scope: client.accountRef, kind: 'evaluator', status: 'planned' });
    expect(week.period).toBe('2026-W44');
    const outcome = await runReport(ctx, week.id, { canRetry: true });
    expect(outcome).toMatchObject({ kind: 'succeeded', rows: 4 });
    const run = await h.db.hubReportRun.findUniqueOrThrow({ where: { id: week.id } });
    expect(run.status).toBe('succeeded');
    expect(run.reason).toBe(
      "the answer breaks the dashboard's contract at data.kpis.total_calls: Invalid input: expected number, received string; " +
        'data.criteria_breakdown: Invalid input: expected array, received string (4 issues in all); it was kept as received and exported as far as it could be read',
    );
    const after = (await brokenDashboardAnswers.get()).values.find((v) => v.labels.endpoint === 'analytics-evaluator')?.value ?? 0;
    expect(after - before).toBe(1);

    const snapshot = await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { runId: week.id } });
    expect(snapshot).toMatchObject({ data: answer, kpis: { total_calls: 'four', avg_score: 61.5 }, rowCount: 4 });
    await exportReport(ctx, createReportExporter(ctx.settings.reports.export, ctx.logger), snapshot.id);
    const table = (await readFile(path.join(exportsDir, `evaluator-${evaluatorId}-2026-W44.csv`), 'utf8')).trimEnd().split('\n');
    expect(table[0]).toMatch(/^id,date,score,critical,duration,group,status,failed_criteria,participant_id,participant_tag,/);
    expect(table).toHaveLength(5);
    expect(await readLedgerRow(h.db, client.accountRef, 'analytics-evaluator', now)).toMatchObject({ used: 1, reserved: 0 });
    expect(fake.resetScripts()).toBe(0);
  });

  it('names member tables safely: the upstream chooses the member names', () => {
    const { report, members } = buildAnswerTables(
      { kind: 'account', subjectId: '', period: '2026-10' },
      { '../../etc/passwd': [{ a: 1 }], 'by evaluator': [{ b: 2 }], 'by/evaluator': [{ c: 3 }], empty: [], scores: [1, 2] },
    );
    expect(members.map((t) => t.name)).toEqual([
      'account-2026-10-______etc_passwd',
      'account-2026-10-by_evaluator',
      'account-2026-10-by_evaluator_2',
    ]);
    expect(report.rows).toEqual([
      ['empty', '[]'],
      ['scores', '[1,2]'],
    ]);
  });
});

describe('get-participant, whose answer is open', () => {
  it("an on-demand participant report takes get-participant's 200 as the existence check, whatever its answer holds", async () => {
    now = new Date('2026-11-03T09:00:00Z');
    const client = unpacedTestClient(fake.baseUrl, fake.apiKey, { backoffBaseMs: 1 });
    const ctx = contextFor(client, '/nonexistent', ['participant-monthly']);
    const participantId = '6f1c2d3e-4a5b-4c6d-8e7f-a0b1c2d3e4f5';
    fake.script(
      'get-participant',
      { json: { data: { participant: { participant_id: participantId, tag: 'Ana' } } } },
      { json: { data: { found: true } } },
      { status: 404, json: { error: 'Participant not found' } },
    );
    const resolve = () => resolveOnDemandReport(ctx, { kind: 'participant', subjectId: participantId.toUpperCase(), period: '2026-10' });
    expect(await resolve()).toMatchObject({ subjectId: participantId, subjectTag: 'Ana' });
    expect(await resolve()).toMatchObject({ subjectId: participantId, subjectTag: null });
    await expect(resolve()).rejects.toMatchObject({ kind: 'not_found' });
    expect(fake.resetScripts()).toBe(0);
  });
});
