/**
 * hub_report_snapshots: a report-period's last pulled answer, one per run. A later pull of the same
 * report-period (on demand, or the scheduled one after an on-demand pull) replaces it, and its
 * export starts over. The answer's `data` is stored as received (read-report-answer.ts), whatever
 * its shape; `kpis` apart for the summary (empty when the answer has none).
 */
import type { Prisma } from '../../../generated/prisma/client.js';
import { countAnswerRows } from '../export/answer-tables.js';
import type { AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import type { ReportAnswer } from './read-report-answer.js';

export interface PulledReport {
  endpoint: AnalyticsEndpoint;
  request: Record<string, string>;
  answer: ReportAnswer;
  fetchedAt: Date;
}

/** Stores the snapshot; `rows` is what its export writes (raw_data entries, or its tables' rows). */
export async function saveSnapshot(
  tx: Prisma.TransactionClient,
  runId: string,
  pulled: PulledReport,
): Promise<{ id: string; rows: number }> {
  const rows = countAnswerRows(pulled.answer.data);
  const fields = {
    endpoint: pulled.endpoint,
    request: pulled.request,
    data: pulled.answer.data as Prisma.InputJsonValue,
    kpis: pulled.answer.kpis as Prisma.InputJsonValue,
    rowCount: rows,
    fetchedAt: pulled.fetchedAt,
    exportTarget: null,
    exportedAt: null,
    exportError: null,
  };
  const saved = await tx.hubReportSnapshot.upsert({ where: { runId }, create: { runId, ...fields }, update: fields, select: { id: true } });
  return { id: saved.id, rows };
}
