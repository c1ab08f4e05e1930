import type { Db } from '../../db.js';
import { criterionMonthStatsOf, type CriterionMonthRow, type CriterionMonthStats } from './aggregate-criterion-results.js';
import type { TimeWindow } from './date-filter.js';
import { capEdgeHour, edgeHourCalls, hourStatsWhere, type EvaluatorScope } from './evaluator-hour-edge.js';

/**
 * aggregateCriterionResults for one evaluator, from svc_criterion_hour_stats (kept by triggers,
 * docs/analytics.md "Hour tables") instead of the up to 200,000 result rows. The selection is the
 * window's newest 20,000; the hour in which it ends (the edge hour, found from
 * svc_evaluator_hour_stats) splits it: the whole hours after it are summed from the hour table,
 * and the edge hour's selected calls (its newest `take`) are read with their results. Fewer than
 * 20,000 calls in the window: no edge, every hour from the table. Same sets, same sums: an hour row
 * is the sum of exactly the results the join would have read in that hour.
 */
export async function sumCriterionHourStats(db: Db, scope: EvaluatorScope, window: TimeWindow): Promise<CriterionMonthStats[]> {
  const rows = await db.$queryRaw<CriterionMonthRow[]>`
    WITH edge AS MATERIALIZED (${capEdgeHour(scope, window)}
    ), edge_calls AS (${edgeHourCalls('edge', scope, window)}
    ), current_criteria AS (
      SELECT c.id FROM svc_criteria c JOIN svc_evaluators e ON e.id = c.evaluator_id
      WHERE e.account_id = ${scope.accountId}::uuid
    ), parts AS (
      SELECT c.criterion_id, date_trunc('month', c.hour AT TIME ZONE 'UTC') AS month, c.evaluated::bigint AS evaluated,
             c.failed::bigint AS failed, c.raw_sum
      FROM svc_criterion_hour_stats c
      WHERE ${hourStatsWhere('c', scope, window)}
        AND c.hour > coalesce((SELECT hour FROM edge), '-infinity'::timestamptz)
      UNION ALL
      SELECT r.criterion_id, date_trunc('month', s.created_at AT TIME ZONE 'UTC'), count(*), count(*) FILTER (WHERE r.status = 'FAIL'),
             sum(r.score_raw_ai)
      FROM edge_calls s JOIN svc_criterion_results r ON r.transcription_id = s.id
      GROUP BY 1, 2
    )
    SELECT p.criterion_id, to_char(p.month, 'YYYY-MM') AS period,
           sum(p.evaluated)::int AS evaluated, sum(p.failed)::int AS failed, sum(p.raw_sum) AS raw_sum
    FROM parts p
    WHERE p.criterion_id IN (SELECT id FROM current_criteria)
    GROUP BY p.criterion_id, p.month
    HAVING sum(p.evaluated) > 0`;
  return criterionMonthStatsOf(rows);
}
