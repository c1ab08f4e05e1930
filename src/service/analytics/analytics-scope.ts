import { Prisma } from '../../generated/prisma/client.js';
import type { TimeWindow } from './date-filter.js';

/** Whose transcriptions a dashboard reads. */
export type AnalyticsScope =
  | { kind: 'account'; accountId: string }
  | { kind: 'evaluator'; accountId: string; evaluatorId: string }
  | { kind: 'participant'; accountId: string; participantId: string };

/** Every analytics report reads at most this many transcriptions, the newest (spec Limits). */
export const analyticsReadCap = 20_000;

/**
 * The WHERE clause of every analytics read of svc_transcriptions (alias t): the scope, COMPLETED
 * with a score, and the window. The status and score conditions are written as the partial
 * analytics indexes' predicate so the planner can use them. Instants go in as ISO strings cast
 * to timestamptz (the driver adapter would send a Date without its offset).
 */
export function scoredTranscriptionsWhere(scope: AnalyticsScope, window: TimeWindow): Prisma.Sql {
  const owner =
    scope.kind === 'evaluator'
      ? Prisma.sql`AND t.evaluator_id = ${scope.evaluatorId}::uuid`
      : scope.kind === 'participant'
        ? Prisma.sql`AND t.participant_id = ${scope.participantId}::uuid`
        : Prisma.empty;
  const from = window.from ? Prisma.sql`AND t.created_at >= ${window.from.toISOString()}::timestamptz` : Prisma.empty;
  const until = window.until ? Prisma.sql`AND t.created_at < ${window.until.toISOString()}::timestamptz` : Prisma.empty;
  return Prisma.sql`t.account_id = ${scope.accountId}::uuid AND t.status = 'COMPLETED' AND t.score IS NOT NULL ${owner} ${from} ${until}`;
}

/** Newest first; the id breaks ties so that every query of a report selects the same rows. */
export const newestFirst = Prisma.sql`ORDER BY t.created_at DESC, t.id DESC`;
