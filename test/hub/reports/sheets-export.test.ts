/**
 * Google Sheets export against a local fake of the token endpoint and the Sheets API (rootUrl and
 * the key's token_uri point at it): a 20,000-row report in at most 5 requests, a 429 retried, and a
 * re-run leaving one tab with the same rows.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Prisma } from '../../../src/generated/prisma/client.js';
import { exportReport } from '../../../src/hub/reports/export/export-report.js';
import { createReportExporter } from '../../../src/hub/reports/export/create-report-exporter.js';
import type { ReportExporter } from '../../../src/hub/reports/export/report-exporter.js';
import type { ReportKind } from '../../../src/hub/reports/report-kinds.js';
import type { SheetsExportSettings } from '../../../src/hub/reports/reports-settings.js';
import { sheetsRetryDelay } from '../../../src/hub/reports/export/sheets-api.js';
import { dashboardAnswer } from '../../fakes/analytics-answers.js';
import { startFakeSheets, type FakeSheets } from '../../fakes/fake-sheets.js';
import { createHarness, type Harness } from '../../support/harness.js';
import { closeInOrder } from '../../support/close-in-order.js';

let h: Harness;
let fake: FakeSheets;

beforeAll(() => {
  h = createHarness();
});
afterAll(() => closeInOrder(h));
afterEach(async () => {
  await fake.close();
});

function sheetsSettings(overrides: Partial<SheetsExportSettings> = {}): SheetsExportSettings {
  return {
    kind: 'sheets',
    spreadsheetId: fake.spreadsheetId,
    credentials: fake.credentials,
    rootUrl: fake.rootUrl,
    maxRequestBytes: 8_000_000,
    timeoutMs: 20_000,
    retry: { maxRetries: 4, baseDelayMs: 10, maxDelayMs: 200 },
    ...overrides,
  };
}

/** A succeeded run with its snapshot, in a scope of its own. */
async function seedSnapshot(
  scope: string,
  kind: ReportKind,
  period: string,
  rows: number,
): Promise<{ snapshotId: string; subjectId: string; data: Record<string, unknown> }> {
  const subjectId = kind === 'account' ? '' : randomUUID();
  const data = dashboardAnswer(kind, rows);
  const run = await h.db.hubReportRun.create({
    data: {
      scope,
      kind,
      subjectId,
      subjectTag: kind === 'account' ? null : 'Support QA',
      period,
      periodStart: new Date('2026-11-02Z'),
      periodEnd: new Date('2026-11-08Z'),
      quotaMonth: new Date('2026-11-01Z'),
      dueAt: new Date('2026-11-09Z'),
      priority: 0,
      status: 'succeeded',
    },
  });
  const snapshot = await h.db.hubReportSnapshot.create({
    data: {
      runId: run.id,
      endpoint: 'analytics-evaluator',
      request: {},
      data: data as Prisma.InputJsonValue,
      kpis: data.kpis as Prisma.InputJsonValue,
      rowCount: rows,
      fetchedAt: new Date('2026-11-09T00:31:00Z'),
    },
  });
  return { snapshotId: snapshot.id, subjectId, data };
}

const sheetsRequests = () => fake.requests.filter((r) => r.endpoint !== 'token');

describe('Google Sheets export', () => {
  let exporter: ReportExporter;

  it('writes a 20,000-row report in at most 5 requests, authenticated with the service account, in the shapes the API takes', async () => {
    fake = await startFakeSheets();
    exporter = createReportExporter(sheetsSettings(), h.deps.logger);
    const scope = randomUUID();
    const { snapshotId, subjectId, data } = await seedSnapshot(scope, 'evaluator', '2026-W45', 20_000);

    const outcome = await exportReport(h.hubContext(), exporter, snapshotId);

    const title = `evaluator-${subjectId}-2026-W45`;
    expect(outcome).toEqual({ kind: 'exported', target: title, rows: 20_000 });
    expect(fake.requests.length).toBeLessThanOrEqual(5);
    expect(fake.requests.map((r) => [r.endpoint, r.status])).toEqual([
      ['token', 200],
      ['get', 200],
      ['batchUpdate', 200],
      ['values.batchUpdate', 200],
    ]);
    // One token, presented on every Sheets request.
    const bearer = new Set(sheetsRequests().map((r) => r.headers.authorization));
    expect(bearer.size).toBe(1);
    expect([...bearer][0]).toMatch(/^Bearer ya29\.fake-/);
    expect(fake.requests[1].path).toBe(`/v4/spreadsheets/${fake.spreadsheetId}?fields=sheets.properties%28sheetId%2Ctitle%29`);
    const batch = fake.requests[2].body as { requests: Record<string, { properties?: unknown }>[] };
    expect(batch.requests.map((r) => Object.keys(r)[0])).toEqual(['addSheet', 'addSheet']);
    expect(batch.requests[1].addSheet.properties).toMatchObject({
      title,
      gridProperties: { rowCount: 20_001, columnCount: 14, frozenRowCount: 1 },
    });
    const values = fake.requests[3].body as { valueInputOption: string; data: { range: string }[] };
    expect(values.valueInputOption).toBe('RAW');
    expect(values.data.map((d) => d.range)).toEqual([`'summary'!A1`, `'${title}'!A1`]);
    expect(fake.requests[3].bytes).toBeLessThan(8_000_000);

    const tab = fake.tab(title)!;
    expect(tab.values).toHaveLength(20_001);
    expect(tab.values[0]).toEqual([
      'id',
      'date',
      'score',
      'critical',
      'duration',
      'group',
      'status',
      'failed_criteria',
      'participant_id',
      'participant_tag',
      'human_score',
      'human_critical',
      'overrides',
      'notes',
    ]);
    const raw = data.raw_data as Record<string, unknown>[];
    expect(tab.values[1]).toEqual([
      raw[0].id,
      raw[0].date,
      0,
      true,
      60,
      'PENDING_REVIEW',
      'COMPLETED',
      'Greeting; Hold, then transfer',
      raw[0].participant_id,
      '=HYPERLINK("x")',
      '',
      '',
      '',
      '',
    ]);
    expect(tab.values[20_000][0]).toBe(raw[19_999].id);
    expect(fake.tab('summary')!.values).toEqual([
      [
        'report',
        'kind',
        'subject_id',
        'subject_tag',
        'period',
        'start_date',
        'end_date',
        'total_calls',
        'avg_score',
        'pass_rate',
        'total_critical_fails',
        'pending_critical_reviews',
        'rows',
        'pulled_at',
      ],
      [
        title,
        'evaluator',
        subjectId,
        'Support QA',
        '2026-W45',
        '2026-11-02',
        '2026-11-08',
        20_000,
        61.5,
        70,
        4_000,
        0,
        20_000,
        '2026-11-09T00:31:00.000Z',
      ],
    ]);
    expect(await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { id: snapshotId } })).toMatchObject({
      exportTarget: title,
      exportError: null,
    });
  });

  it('retries a 429 (honouring Retry-After) and a 503 with backoff', async () => {
    fake = await startFakeSheets();
    exporter = createReportExporter(sheetsSettings(), h.deps.logger);
    const { snapshotId } = await seedSnapshot(randomUUID(), 'account', '2026-10', 50);
    fake.failNext('batchUpdate', 503);
    fake.failNext('values.batchUpdate', 429, { 'retry-after': '0' }, 2);

    await exportReport(h.hubContext(), exporter, snapshotId);

    expect(fake.requests.map((r) => [r.endpoint, r.status])).toEqual([
      ['token', 200],
      ['get', 200],
      ['batchUpdate', 503],
      ['batchUpdate', 200],
      ['values.batchUpdate', 429],
      ['values.batchUpdate', 429],
      ['values.batchUpdate', 200],
    ]);
    expect(fake.tab('account-2026-10')!.values).toHaveLength(51);
    // The waits: Retry-After when the answer has one, else the base doubling, capped.
    const retry = { maxRetries: 5, baseDelayMs: 1_000, maxDelayMs: 60_000 };
    expect([1, 2, 3].map((attempt) => sheetsRetryDelay(retry, attempt, null))).toEqual([1_000, 2_000, 4_000]);
    expect(sheetsRetryDelay(retry, 1, 7_000)).toBe(7_000);
    expect(sheetsRetryDelay(retry, 9, null)).toBe(60_000);
  });

  it('replaces the tab on a re-run (one tab, the same rows) and keeps one summary row per report', async () => {
    fake = await startFakeSheets();
    exporter = createReportExporter(sheetsSettings(), h.deps.logger);
    const scope = randomUUID();
    const first = await seedSnapshot(scope, 'participant', '2026-10', 300);
    const title = `participant-${first.subjectId}-2026-10`;

    await exportReport(h.hubContext(), exporter, first.snapshotId);
    const before = structuredClone(fake.tab(title)!);
    await exportReport(h.hubContext(), exporter, first.snapshotId);

    expect(fake.tabs().filter((t) => t.title === title)).toHaveLength(1);
    expect(fake.tab(title)!.values).toEqual(before.values);
    expect(fake.tab(title)!.sheetId).not.toBe(before.sheetId);
    const rerun = fake.requests.filter((r) => r.endpoint === 'batchUpdate').at(-1)!.body as { requests: Record<string, unknown>[] };
    expect(rerun.requests.map((r) => Object.keys(r)[0])).toEqual(['updateCells', 'updateSheetProperties', 'deleteSheet', 'addSheet']);
    expect(fake.tab('summary')!.values).toHaveLength(2);

    // Another report: a tab of its own; the summary lists both.
    const second = await seedSnapshot(scope, 'account', '2026-10', 3);
    await exportReport(h.hubContext(), exporter, second.snapshotId);
    expect(
      fake
        .tabs()
        .map((t) => t.title)
        .sort(),
    ).toEqual(['Sheet1', 'account-2026-10', title, 'summary'].sort());
    expect(fake.tab('summary')!.values.map((r) => r[0])).toEqual(['report', 'account-2026-10', title]);
    // The token was fetched once for the exporter's lifetime.
    expect(fake.requests.filter((r) => r.endpoint === 'token')).toHaveLength(1);
  });

  it('splits the values over several requests past maxRequestBytes, keeping every row in place', async () => {
    fake = await startFakeSheets();
    exporter = createReportExporter(sheetsSettings({ maxRequestBytes: 200_000 }), h.deps.logger);
    const { snapshotId, subjectId, data } = await seedSnapshot(randomUUID(), 'evaluator', '2026-W46', 3_000);
    await exportReport(h.hubContext(), exporter, snapshotId);
    const writes = fake.requests.filter((r) => r.endpoint === 'values.batchUpdate');
    expect(writes.length).toBeGreaterThan(2);
    expect(writes.every((w) => w.bytes <= 200_000)).toBe(true);
    const values = fake.tab(`evaluator-${subjectId}-2026-W46`)!.values;
    expect(values.slice(1).map((r) => r[0])).toEqual((data.raw_data as { id: string }[]).map((r) => r.id));
  });

  it('fails the export, and says why on the snapshot, when the token endpoint refuses the key', async () => {
    fake = await startFakeSheets();
    const other = await startFakeSheets();
    const wrongKey = { ...fake.credentials, private_key: other.credentials.private_key };
    await other.close();
    exporter = createReportExporter(sheetsSettings({ credentials: wrongKey }), h.deps.logger);
    const { snapshotId } = await seedSnapshot(randomUUID(), 'account', '2026-10', 1);
    await expect(exportReport(h.hubContext(), exporter, snapshotId)).rejects.toThrow(/invalid_grant/);
    expect(sheetsRequests()).toEqual([]);
    expect((await h.db.hubReportSnapshot.findUniqueOrThrow({ where: { id: snapshotId } })).exportError).toMatch(/invalid_grant/);
  });
});
