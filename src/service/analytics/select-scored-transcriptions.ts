import type { ReviewGroup } from '../../contract/transcriptions.js';
import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import { analyticsReadCap, newestFirst, scoredTranscriptionsWhere, type AnalyticsScope } from './analytics-scope.js';
import type { TimeWindow } from './date-filter.js';
import { failedCriteriaJsonText, utcTimestampText } from './transcription-columns-sql.js';

/**
 * One transcription a dashboard is computed over, as PostgreSQL sends it: members named and
 * formatted as raw_data has them (raw-data.ts copies them into the entry), and only the id
 * references the dashboard shows. Used as is: at 20,000 rows every extra copy or Date counts.
 */
// A type alias, not an interface: it must fit the contract's loose objects (index signature).
export type ScoredTranscription = {
  id: string;
  /** created_at, ISO 8601 with +00:00; its day, hour and month are slices (utc-instant.ts). */
  date: string;
  score: number;
  /** critical_fail; a missing flag counts as no critical fail. */
  critical: boolean;
  duration: number;
  group: ReviewGroup | null;
  /** Names of the criteria that FAILed, in breakdown order, as they were when evaluated. */
  failed_criteria: string[];
  /** Selected for the evaluator and account-wide dashboards. */
  participant_id?: string | null;
  /** Selected for the participant and account-wide dashboards. */
  evaluator_id?: string | null;
};

export interface ScoredSelection {
  /** Newest first, at most analyticsReadCap. */
  rows: ScoredTranscription[];
  /** More transcriptions matched than the cap let through (metadata.query_limit_reached). */
  isCut: boolean;
}

/** As it arrives: failed_criteria is JSON text until decoded. */
type Row = Omit<ScoredTranscription, 'failed_criteria'> & { failed_criteria: string | string[] };

/** Shared by every row without failures (most of them); frozen, so a stray push throws. */
const noFailures = Object.freeze([]) as unknown as string[];

/** The references a dashboard's raw_data carries (the scope's own id would repeat on every row). */
function referenceColumns(scope: AnalyticsScope): Prisma.Sql {
  switch (scope.kind) {
    case 'evaluator':
      return Prisma.sql`, t.participant_id`;
    case 'participant':
      return Prisma.sql`, t.evaluator_id`;
    case 'account':
      return Prisma.sql`, t.participant_id, t.evaluator_id`;
  }
}

/**
 * The transcriptions a dashboard reads: COMPLETED with a score, in the scope and window, the
 * newest 20,000. One index-only range scan on a partial analytics index; the failed criteria of
 * each row come from the partial index of FAIL results, ARRAY(... ORDER BY position) following its
 * order (json_agg(... ORDER BY) would sort each row's names again). One row past the cap says it
 * cut the set. created_at comes as text and failed_criteria as JSON text: a Date and a text[] per
 * row cost more to decode than all the dashboard's arithmetic.
 */
export async function selectScoredTranscriptions(db: Db, scope: AnalyticsScope, window: TimeWindow): Promise<ScoredSelection> {
  const rows = await db.$queryRaw<Row[]>`
    SELECT t.id, ${Prisma.raw(utcTimestampText('t.created_at'))} AS date, t.score,
           coalesce(t.critical_fail, false) AS critical, t.duration, t.review_group::text AS "group",
           ${Prisma.raw(failedCriteriaJsonText)} AS failed_criteria
           ${referenceColumns(scope)}
    FROM svc_transcriptions t
    WHERE ${scoredTranscriptionsWhere(scope, window)}
    ${newestFirst}
    LIMIT ${analyticsReadCap + 1}`;
  const isCut = rows.length > analyticsReadCap;
  if (isCut) rows.length = analyticsReadCap;
  for (const row of rows) {
    const failed = row.failed_criteria as string;
    row.failed_criteria = failed === '[]' ? noFailures : (JSON.parse(failed) as string[]);
  }
  return { rows: rows as ScoredTranscription[], isCut };
}
