import { Prisma } from '../../generated/prisma/client.js';
import type { TimeWindow } from './date-filter.js';
import type { ComparisonWindows } from './comparison-windows.js';
import { capEdgeHour, edgeHourCalls, hourStatsWhere, type EvaluatorScope } from './evaluator-hour-edge.js';

/** One period's calls, mean score and passed calls: its whole hours after the cap's edge, then the edge hour's selected calls. */
const periodSums = (label: 'current' | 'previous', scope: EvaluatorScope, window: TimeWindow): Prisma.Sql => {
  const edge = Prisma.raw(`${label}_edge`);
  return Prisma.sql`
    ${edge} AS MATERIALIZED (${capEdgeHour(scope, window)}),
    ${Prisma.raw(`${label}_sums`)} AS (
      SELECT ${label}::text AS period, coalesce(sum(p.calls), 0)::int AS calls, sum(p.score_sum) / nullif(sum(p.calls), 0) AS avg_score,
             coalesce(sum(p.passed), 0)::int AS passed
      FROM (
        SELECT h.calls::bigint AS calls, h.score_sum, h.passed::bigint AS passed FROM svc_evaluator_hour_stats h
        WHERE ${hourStatsWhere('h', scope, window)} AND h.hour > coalesce((SELECT hour FROM ${edge}), '-infinity'::timestamptz)
        UNION ALL
        SELECT 1, s.score, (s.score >= 50 AND NOT coalesce(s.critical_fail, false))::int
        FROM (${edgeHourCalls(`${label}_edge`, scope, window)}) s
      ) p
    )`;
};

/**
 * The comparison's two periods for one evaluator over hour-aligned windows, from
 * svc_evaluator_hour_stats (docs/analytics.md, "Hour tables"), for countPeriodFigures: each period
 * is, as from the rows, its window's newest 20,000 calls, but summed from whole hours plus the few
 * calls of the hour the cap cuts, instead of reading up to 40,000 rows.
 */
export const periodFiguresFromHours = (scope: EvaluatorScope, windows: ComparisonWindows): Prisma.Sql => Prisma.sql`
    WITH ${periodSums('current', scope, windows.current)}, ${periodSums('previous', scope, windows.previous)}
    SELECT * FROM current_sums UNION ALL SELECT * FROM previous_sums`;
