import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import { criterionMonthStatsOf, type CriterionMonthRow, type CriterionMonthStats } from './aggregate-criterion-results.js';
import type { TimeWindow } from './date-filter.js';
import { capEdgeHour, edgeHourCalls, hourStatsWhere, type EvaluatorScope } from './evaluator-hour-edge.js';

const dayMs = 86_400_000;

/** 00:00 UTC (or unbounded): the day table answers for whole days only. */
const isWholeDay = (instant: Date | null): boolean => instant === null || instant.getTime() % dayMs === 0;

/** The date filter's windows always are; anything else goes through the result rows. */
export const isDayAligned = (window: TimeWindow): boolean => isWholeDay(window.from) && isWholeDay(window.until);

/** svc_criterion_day_stats (alias d) of the scope whose days lie inside the (day-aligned) window. */
function dayStatsWhere(scope: EvaluatorScope, window: TimeWindow): Prisma.Sql {
  const from = window.from ? Prisma.sql`AND d.day >= ${window.from.toISOString().slice(0, 10)}::date` : Prisma.empty;
  const until = window.until ? Prisma.sql`AND d.day < ${window.until.toISOString().slice(0, 10)}::date` : Prisma.empty;
  return Prisma.sql`d.account_id = ${scope.accountId}::uuid AND d.evaluator_id = ${scope.evaluatorId}::uuid ${from} ${until}`;
}

/**
 * aggregateCriterionResults for one evaluator over a day-aligned window, from the criterion day
 * and hour tables (kept by triggers, docs/analytics.md "Hour tables") instead of the up to 200,000
 * result rows. The selection is the window's newest 20,000; the hour in which it ends (the edge
 * hour, found from svc_evaluator_hour_stats) splits it: the whole days after the edge's day come
 * from the day table, the whole hours of that day after the edge hour from the hour table, and
 * the edge hour's selected calls (its newest `take`) are read with their results. Fewer than
 * 20,000 calls in the window: no edge, every day from the day table. Same sets, same sums: a day
 * or hour row is the sum of exactly the results the join would have read in it.
 */
export async function sumCriterionHourStats(db: Db, scope: EvaluatorScope, window: TimeWindow): Promise<CriterionMonthStats[]> {
  const rows = await db.$queryRaw<CriterionMonthRow[]>`
    WITH edge AS MATERIALIZED (${capEdgeHour(scope, window)}
    ), edge_day AS MATERIALIZED (
      SELECT e.hour, date_trunc('day', e.hour, 'UTC') AS day_start, (e.hour AT TIME ZONE 'UTC')::date AS day FROM edge e
    ), edge_calls AS (${edgeHourCalls('edge', scope, window)}
    ), current_criteria AS (
      SELECT c.id FROM svc_criteria c JOIN svc_evaluators e ON e.id = c.evaluator_id
      WHERE e.account_id = ${scope.accountId}::uuid
    ), parts AS (
      SELECT d.criterion_id, date_trunc('month', d.day) AS month, d.evaluated::bigint AS evaluated, d.failed::bigint AS failed, d.raw_sum
      FROM svc_criterion_day_stats d
      WHERE ${dayStatsWhere(scope, window)} AND d.day > coalesce((SELECT day FROM edge_day), '-infinity'::date)
      UNION ALL
      SELECT c.criterion_id, date_trunc('month', c.hour AT TIME ZONE 'UTC'), c.evaluated, c.failed, c.raw_sum
      FROM edge_day e JOIN svc_criterion_hour_stats c ON ${hourStatsWhere('c', scope, window)}
        AND c.hour > e.hour AND c.hour < e.day_start + interval '1 day'
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
