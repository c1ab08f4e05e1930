import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import { analyticsReadCap, newestFirst, scoredTranscriptionsWhere, type AnalyticsScope } from './analytics-scope.js';
import type { ComparisonWindows } from './comparison-windows.js';

export interface PeriodCounts {
  calls: number;
  /** Unrounded mean score; null without calls. */
  avgScore: number | null;
  /** Calls with score ≥ 50 and no critical fail (pass-rule.ts). */
  passed: number;
}

/**
 * The comparison's two periods from the rows, aggregated in PostgreSQL in one statement. Each
 * period is read like any analytics selection (its newest 20,000), so with both dates given the
 * current period is exactly the dashboard's own set. One evaluator's periods come from its hours
 * instead (period-figures-from-hours.ts).
 */
export const periodFiguresFromRows = (scope: AnalyticsScope, windows: ComparisonWindows): Prisma.Sql => Prisma.sql`
    WITH current_period AS (
      SELECT t.score, t.critical_fail FROM svc_transcriptions t
      WHERE ${scoredTranscriptionsWhere(scope, windows.current)} ${newestFirst} LIMIT ${analyticsReadCap}
    ), previous_period AS (
      SELECT t.score, t.critical_fail FROM svc_transcriptions t
      WHERE ${scoredTranscriptionsWhere(scope, windows.previous)} ${newestFirst} LIMIT ${analyticsReadCap}
    )
    SELECT 'current' AS period, count(*)::int AS calls, avg(score) AS avg_score,
           (count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)))::int AS passed
    FROM current_period
    UNION ALL
    SELECT 'previous', count(*)::int, avg(score),
           (count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)))::int
    FROM previous_period`;

/** Runs a period query (periodFiguresFromRows or periodFiguresFromHours): both periods, a period without a row having no calls. */
export async function countPeriodFigures(db: Db, query: Prisma.Sql): Promise<{ current: PeriodCounts; previous: PeriodCounts }> {
  const rows = await db.$queryRaw<{ period: string; calls: number; avg_score: number | null; passed: number }[]>(query);
  const countsOf = (period: string): PeriodCounts => {
    const row = rows.find((r) => r.period === period);
    return { calls: row?.calls ?? 0, avgScore: row?.avg_score ?? null, passed: row?.passed ?? 0 };
  };
  return { current: countsOf('current'), previous: countsOf('previous') };
}
