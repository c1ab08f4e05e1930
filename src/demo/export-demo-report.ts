/** The demo's report: the evaluator's report of this month, pulled on demand and exported (CSV or Sheets). */
import { waitFor, DemoError, type DemoHttp } from './demo-http.js';

interface ReportRun {
  id: string;
  period: string;
  snapshot: {
    id: string;
    rows: number;
    fetched_at: string;
    export_target: string | null;
    exported_at: string | null;
    export_error: string | null;
  } | null;
}

export interface ExportedReport {
  runId: string;
  rows: number;
  target: string;
}

export async function exportDemoReport(http: DemoHttp, evaluatorId: string, print: (line: string) => void): Promise<ExportedReport> {
  const period = new Date().toISOString().slice(0, 7);
  const asked = Date.now();
  const pulled = await http.admin<{ note: string; run: ReportRun; rows: number }>('POST', '/reports/runs', {
    kind: 'evaluator',
    subject_id: evaluatorId,
    period,
    export: true,
  });
  if (!pulled) throw new DemoError('the report pull answered nothing');
  print(`report: evaluator report of ${period}: ${pulled.note}`);
  const exported = await waitFor(`the export of report run ${pulled.run.id}`, async () => {
    const { runs } = (await http.admin<{ runs: ReportRun[] }>('GET', '/reports/runs?kind=evaluator&limit=1000')) ?? { runs: [] };
    const snapshot = runs.find((r) => r.id === pulled.run.id)?.snapshot;
    // A snapshot from before this pull (the demo run earlier) does not count.
    if (!snapshot || Date.parse(snapshot.fetched_at) < asked - 1_000) return null;
    if (snapshot.export_error) throw new DemoError(`the report's export failed: ${snapshot.export_error}`);
    return snapshot.exported_at && snapshot.export_target ? snapshot : null;
  });
  print(`report: ${exported.rows} row(s) exported to ${exported.export_target ?? ''}`);
  return { runId: pulled.run.id, rows: exported.rows, target: exported.export_target ?? '' };
}
