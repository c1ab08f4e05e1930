import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { CriterionMonthStats } from './aggregate-criterion-results.js';
import { analyticsReadCap, newestFirst, scoredTranscriptionsWhere, type AnalyticsScope } from './analytics-scope.js';
import type { TimeWindow } from './date-filter.js';

const dayMs = 86_400_000;

/** 00:00 UTC (or unbounded): the day table can answer for whole days only. */
const isWholeDay = (instant: Date | null): boolean => instant === null || instant.getTime() % dayMs === 0;

/** The date filter's windows always are; anything else goes through the result rows. */
export const isDayAligned = (window: TimeWindow): boolean => isWholeDay(window.from) && isWholeDay(window.until);

const dayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/**
 * aggregateCriterionResults for one evaluator, from svc_criterion_day_stats (kept by triggers,
 * migration criterion_day_stats) instead of the up to 200,000 result rows. The selection is the
 * window's newest 20,000; its oldest row (the "edge", found by an index-only scan that stops at
 * it) splits it: whole days after the edge's day are summed from the day table, and the edge's
 * own day, which the cap may cut in two, is read from its selected transcriptions' results as
 * before. Fewer than 20,000 rows in the window: no edge, every day from the table. Same sets,
 * same sums: a day row is the sum of exactly the results the join would have read that day.
 */
export async function sumCriterionDayStats(
  db: Db,
  scope: Extract<AnalyticsScope, { kind: 'evaluator' }>,
  window: TimeWindow,
): Promise<CriterionMonthStats[]> {
  const where = scoredTranscriptionsWhere(scope, window);
  const fromDay = window.from ? Prisma.sql`AND d.day >= ${dayOf(window.from)}::date` : Prisma.empty;
  const untilDay = window.until ? Prisma.sql`AND d.day < ${dayOf(window.until)}::date` : Prisma.empty;
  const rows = await db.$queryRaw<{ criterion_id: string; period: string; evaluated: number; failed: number; raw_sum: number }[]>`
    WITH edge AS (
      SELECT t.created_at, t.id, (t.created_at AT TIME ZONE 'UTC')::date AS day FROM svc_transcriptions t
      WHERE ${where}
      ${newestFirst}
      OFFSET ${analyticsReadCap - 1} LIMIT 1
    ), current_criteria AS (
      SELECT c.id FROM svc_criteria c JOIN svc_evaluators e ON e.id = c.evaluator_id
      WHERE e.account_id = ${scope.accountId}::uuid
    ), parts AS (
      SELECT d.criterion_id, date_trunc('month', d.day) AS month, d.evaluated::bigint AS evaluated, d.failed::bigint AS failed, d.raw_sum
      FROM svc_criterion_day_stats d
      WHERE d.account_id = ${scope.accountId}::uuid AND d.evaluator_id = ${scope.evaluatorId}::uuid
        ${fromDay} ${untilDay}
        AND d.day > coalesce((SELECT e.day FROM edge e), '-infinity'::date)
      UNION ALL
      SELECT r.criterion_id, date_trunc('month', t.created_at AT TIME ZONE 'UTC'), count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
      FROM edge e
      JOIN svc_transcriptions t ON ${where}
        AND t.created_at >= (e.day::timestamp AT TIME ZONE 'UTC') AND t.created_at < ((e.day + 1)::timestamp AT TIME ZONE 'UTC')
        AND (t.created_at, t.id) >= (e.created_at, e.id)
      JOIN svc_criterion_results r ON r.transcription_id = t.id
      GROUP BY 1, 2
    )
    SELECT p.criterion_id, to_char(p.month, 'YYYY-MM') AS period,
           sum(p.evaluated)::int AS evaluated, sum(p.failed)::int AS failed, sum(p.raw_sum) AS raw_sum
    FROM parts p
    WHERE p.criterion_id IN (SELECT id FROM current_criteria)
    GROUP BY p.criterion_id, p.month
    HAVING sum(p.evaluated) > 0`;
  return rows.map((row) => ({
    criterionId: row.criterion_id,
    period: row.period,
    evaluated: row.evaluated,
    failed: row.failed,
    rawSum: row.raw_sum,
  }));
}
