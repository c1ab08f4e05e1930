import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import type { TimeWindow } from './date-filter.js';
import type { ComparisonWindows } from './comparison-windows.js';
import type { PeriodCounts } from './count-period-figures.js';
import { capEdgeHour, edgeHourCalls, hourStatsWhere, type EvaluatorScope } from './evaluator-hour-edge.js';

/** One period's calls, score sum and passed calls: its whole hours after the cap's edge, then the edge hour's selected calls. */
const periodSums = (label: string, scope: EvaluatorScope, window: TimeWindow): Prisma.Sql => {
  const edge = Prisma.raw(`${label}_edge`);
  return Prisma.sql`
    ${edge} AS MATERIALIZED (${capEdgeHour(scope, window)}),
    ${Prisma.raw(label)} AS (
      SELECT ${label}::text AS period, coalesce(sum(p.calls), 0)::int AS calls, sum(p.score_sum) AS score_sum, coalesce(sum(p.passed), 0)::int AS passed
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
 * countPeriodFigures for one evaluator over hour-aligned windows, from svc_evaluator_hour_stats
 * (docs/analytics.md, "Hour tables"): each period is, as there, its window's newest 20,000 calls,
 * but summed from whole hours plus the few calls of the hour the cap cuts, instead of reading up
 * to 40,000 rows.
 */
export async function countEvaluatorPeriodFigures(
  db: Db,
  scope: EvaluatorScope,
  windows: ComparisonWindows,
): Promise<{ current: PeriodCounts; previous: PeriodCounts }> {
  const rows = await db.$queryRaw<{ period: string; calls: number; score_sum: number | null; passed: number }[]>`
    WITH ${periodSums('current_period', scope, windows.current)}, ${periodSums('previous_period', scope, windows.previous)}
    SELECT * FROM current_period UNION ALL SELECT * FROM previous_period`;
  const countsOf = (period: string): PeriodCounts => {
    const row = rows.find((r) => r.period === period);
    const calls = row?.calls ?? 0;
    return { calls, avgScore: calls > 0 && row?.score_sum != null ? row.score_sum / calls : null, passed: row?.passed ?? 0 };
  };
  return { current: countsOf('current_period'), previous: countsOf('previous_period') };
}
