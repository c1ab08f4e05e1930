/**
 * What an export writes, whatever the target: a report's table (a header row and one row per
 * raw_data entry, failed_criteria joined) and the summary table (one row of KPIs per report and
 * period). Cells are plain values; exporters decide how to write them.
 */
import type { ReportKind } from '../report-kinds.js';

export type Cell = string | number | boolean | null;

export interface ReportTable {
  /** `account-2026-10`, `evaluator-<id>-2026-W45`: the tab's or file's name. */
  name: string;
  header: string[];
  rows: Cell[][];
}

/** The report's name without its period: `account`, `evaluator-<id>`, `participant-<id>`. */
export const reportName = (kind: ReportKind, subjectId: string) => (kind === 'account' ? 'account' : `${kind}-${subjectId}`);
export const tableName = (kind: ReportKind, subjectId: string, period: string) => `${reportName(kind, subjectId)}-${period}`;
export const summaryTableName = 'summary';

const baseColumns = ['id', 'date', 'score', 'critical', 'duration', 'group', 'status', 'failed_criteria'] as const;
/** The console's human review of the call (hub-only: never written upstream); empty when not reviewed. */
const reviewColumns = ['human_score', 'human_critical', 'overrides', 'notes'] as const;

/** A reviewed call's extra cells, by transcription id (src/hub/review/review-columns.ts). */
export interface ReviewCells {
  humanScore: number | null;
  humanCritical: boolean | null;
  overrides: string;
  notes: string;
}
const referenceColumns: Record<ReportKind, readonly string[]> = {
  account: ['participant_id', 'participant_tag', 'evaluator_id', 'evaluator_tag'],
  evaluator: ['participant_id', 'participant_tag'],
  participant: ['evaluator_id', 'evaluator_tag'],
};

/** Joins failed criterion names; names may contain commas, so a semicolon separates them. */
export const failedCriteriaSeparator = '; ';

/** A value as a cell: scalars as they are, anything else as its JSON text. */
export const cell = (value: unknown): Cell => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
};

/** The report's table from its dashboard answer's raw_data, and the console's review of each call. */
export function buildReportTable(
  kind: ReportKind,
  subjectId: string,
  period: string,
  rawData: readonly Record<string, unknown>[],
  reviews: ReadonlyMap<string, ReviewCells> = new Map(),
): ReportTable {
  const upstreamColumns = [...baseColumns, ...referenceColumns[kind]];
  const header = [...upstreamColumns, ...reviewColumns];
  const rows = rawData.map((entry) => {
    const review = typeof entry.id === 'string' ? reviews.get(entry.id.toLowerCase()) : undefined;
    return [
      ...upstreamColumns.map((column) => {
        if (column !== 'failed_criteria') return cell(entry[column]);
        const names = entry.failed_criteria;
        return Array.isArray(names) ? names.map(String).join(failedCriteriaSeparator) : cell(names);
      }),
      review?.humanScore ?? null,
      review?.humanCritical ?? null,
      review?.overrides || null,
      review?.notes || null,
    ];
  });
  return { name: tableName(kind, subjectId, period), header, rows };
}

export interface SummaryEntry {
  kind: ReportKind;
  subjectId: string;
  subjectTag: string | null;
  period: string;
  periodStart: string;
  periodEnd: string;
  kpis: Record<string, unknown>;
  rowCount: number;
  fetchedAt: Date;
}

export const summaryHeader = [
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
];

/** The summary table: one row per report and period, in period then report order. */
export function buildSummaryTable(entries: readonly SummaryEntry[]): ReportTable {
  const sorted = [...entries].sort((a, b) => {
    const byPeriod = a.periodStart.localeCompare(b.periodStart) || a.period.localeCompare(b.period);
    return byPeriod || tableName(a.kind, a.subjectId, a.period).localeCompare(tableName(b.kind, b.subjectId, b.period));
  });
  const rows = sorted.map((e) => [
    tableName(e.kind, e.subjectId, e.period),
    e.kind,
    e.subjectId || null,
    e.subjectTag,
    e.period,
    e.periodStart,
    e.periodEnd,
    cell(e.kpis.total_calls),
    cell(e.kpis.avg_score),
    cell(e.kpis.pass_rate),
    cell(e.kpis.total_critical_fails),
    cell(e.kpis.pending_critical_reviews),
    e.rowCount,
    e.fetchedAt.toISOString(),
  ]);
  return { name: summaryTableName, header: summaryHeader, rows };
}
