import type { Db } from '../../db.js';
import { analyticsReadCap, newestFirst, scoredTranscriptionsWhere, type AnalyticsScope } from './analytics-scope.js';
import type { TimeWindow } from './date-filter.js';

/** The results of one criterion over the selected transcriptions of one month. */
export interface CriterionMonthStats {
  criterionId: string;
  /** `YYYY-MM` (UTC) of the transcriptions' created_at. */
  period: string;
  evaluated: number;
  failed: number;
  /** Σ score_raw_ai: the criterion's own scale (0..1 boolean and strict, 1..5 scale). */
  rawSum: number;
}

/** A criterion-by-month row as the analytics queries write it. */
export interface CriterionMonthRow {
  criterion_id: string;
  period: string;
  evaluated: number;
  failed: number;
  raw_sum: number;
}

export const criterionMonthStatsOf = (rows: CriterionMonthRow[]): CriterionMonthStats[] =>
  rows.map((row) => ({
    criterionId: row.criterion_id,
    period: row.period,
    evaluated: row.evaluated,
    failed: row.failed,
    rawSum: row.raw_sum,
  }));

/**
 * Per criterion and month, over the same newest-20,000 selection as the dashboard's rows: in
 * PostgreSQL, so the (up to 200,000) result rows never leave the database. Grouping on the
 * date_trunc month (formatted per group only) lets PostgreSQL hash-aggregate in memory; a to_char
 * key per row made it sort 200,000 rows on disk, three times slower. Only criteria that
 * still exist on one of the account's evaluators count; transcriptions evaluated before
 * per-criterion scores existed have no result rows and add nothing here.
 */
export async function aggregateCriterionResults(db: Db, scope: AnalyticsScope, window: TimeWindow): Promise<CriterionMonthStats[]> {
  const rows = await db.$queryRaw<CriterionMonthRow[]>`
    WITH selected AS (
      SELECT t.id, date_trunc('month', t.created_at AT TIME ZONE 'UTC') AS month FROM svc_transcriptions t
      WHERE ${scoredTranscriptionsWhere(scope, window)}
      ${newestFirst}
      LIMIT ${analyticsReadCap}
    ), current_criteria AS (
      SELECT c.id FROM svc_criteria c JOIN svc_evaluators e ON e.id = c.evaluator_id
      WHERE e.account_id = ${scope.accountId}::uuid
    )
    SELECT r.criterion_id, to_char(s.month, 'YYYY-MM') AS period,
           count(*)::int AS evaluated,
           (count(*) FILTER (WHERE r.status = 'FAIL'))::int AS failed,
           sum(r.score_raw_ai) AS raw_sum
    FROM selected s
    JOIN svc_criterion_results r ON r.transcription_id = s.id
    WHERE r.criterion_id IN (SELECT id FROM current_criteria)
    GROUP BY r.criterion_id, s.month`;
  return criterionMonthStatsOf(rows);
}
