import { Prisma } from '../../generated/prisma/client.js';
import { analyticsReadCap, newestFirst, scoredTranscriptionsWhere } from './analytics-scope.js';
import type { TimeWindow } from './date-filter.js';

const hourMs = 3_600_000;

/** A whole UTC hour (or unbounded): the hour tables answer for whole hours only. */
const isWholeHour = (instant: Date | null): boolean => instant === null || instant.getTime() % hourMs === 0;

/** The date filter's and the comparison's windows always are; anything else goes through the rows. */
export const isHourAligned = (window: TimeWindow): boolean => isWholeHour(window.from) && isWholeHour(window.until);

export type EvaluatorScope = { kind: 'evaluator'; accountId: string; evaluatorId: string };

/** The rows of an hour table (svc_evaluator_hour_stats or svc_criterion_hour_stats) of the scope whose hours lie inside the window. */
export function hourStatsWhere(alias: string, scope: EvaluatorScope, window: TimeWindow): Prisma.Sql {
  const h = Prisma.raw(alias);
  const from = window.from ? Prisma.sql`AND ${h}.hour >= ${window.from.toISOString()}::timestamptz` : Prisma.empty;
  const until = window.until ? Prisma.sql`AND ${h}.hour < ${window.until.toISOString()}::timestamptz` : Prisma.empty;
  return Prisma.sql`${h}.account_id = ${scope.accountId}::uuid AND ${h}.evaluator_id = ${scope.evaluatorId}::uuid ${from} ${until}`;
}

/**
 * Where an analytics selection's cap falls, from the hour table (docs/analytics.md, "Hour
 * tables"): walking the window's hours newest first, the hour in which the running count of calls
 * reaches 20,000 is the edge hour, and `take` is how many of its newest calls the selection holds.
 * One row, or none when the window holds fewer than 20,000 calls (then every hour is whole). The
 * walk stops at the edge: at most the selection's hours are read.
 */
export const capEdgeHour = (scope: EvaluatorScope, window: TimeWindow): Prisma.Sql => Prisma.sql`
  SELECT w.hour, (${analyticsReadCap} - (w.through - w.calls))::int AS take
  FROM (
    SELECT h.hour, h.calls, sum(h.calls) OVER (ORDER BY h.hour DESC ROWS UNBOUNDED PRECEDING) AS through
    FROM svc_evaluator_hour_stats h
    WHERE ${hourStatsWhere('h', scope, window)}
    ORDER BY h.hour DESC
  ) w
  WHERE w.through >= ${analyticsReadCap}
  ORDER BY w.hour DESC
  LIMIT 1`;

/**
 * The selection's calls of the edge hour (alias s: id, created_at, score, critical_fail): the
 * edge hour's newest `take` counted transcriptions, in the selection's own order. `edge` names a
 * relation holding capEdgeHour's row.
 */
export const edgeHourCalls = (edge: string, scope: EvaluatorScope, window: TimeWindow): Prisma.Sql => {
  const e = Prisma.raw(edge);
  return Prisma.sql`
    SELECT t.id, t.created_at, t.score, t.critical_fail FROM svc_transcriptions t
    WHERE ${scoredTranscriptionsWhere(scope, window)}
      AND t.created_at >= (SELECT hour FROM ${e}) AND t.created_at < (SELECT hour FROM ${e}) + interval '1 hour'
    ${newestFirst}
    LIMIT (SELECT take FROM ${e})`;
};
