import { poolOf, type Db } from '../../db.js';
import { analyticsReadCap } from './analytics-scope.js';
import type { TimeWindow } from './date-filter.js';
import { failedCriteriaJsonText, utcTimestampText } from './transcription-columns-sql.js';

/**
 * One selected transcription of the evaluator dashboard as pg sends it in array row mode (no
 * object per row): the columns of select-scored-transcriptions.ts for the evaluator scope, same
 * order as raw_data's members.
 */
export type EvaluatorRow = [
  id: string,
  /** created_at, ISO 8601 with +00:00, formatted by PostgreSQL. */
  date: string,
  score: number,
  critical: boolean,
  duration: number,
  group: string | null,
  /** The failed criteria's names as JSON text (array_to_json), in breakdown order. */
  failedCriteria: string,
  participantId: string | null,
];

export interface EvaluatorRows {
  /** Newest first, at most analyticsReadCap. */
  rows: EvaluatorRow[];
  /** More transcriptions matched than the cap let through. */
  isCut: boolean;
}

/** The statement for each combination of bounds: a bound written as `$3 IS NULL OR …` would cost the index range its bounds in a generic plan. */
function statementFor(window: TimeWindow): { name: string; text: string } {
  const from = window.from ? ' AND t.created_at >= $3::timestamptz' : '';
  const until = window.until ? ` AND t.created_at < $${window.from ? 4 : 3}::timestamptz` : '';
  return {
    name: `svc-analytics-evaluator-rows${window.from ? '-from' : ''}${window.until ? '-until' : ''}`,
    text: `SELECT t.id, ${utcTimestampText('t.created_at')} AS date, t.score,
             coalesce(t.critical_fail, false) AS critical, t.duration, t.review_group::text AS "group",
             ${failedCriteriaJsonText} AS failed_criteria,
             t.participant_id
      FROM svc_transcriptions t
      WHERE t.account_id = $1::uuid AND t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id = $2::uuid${from}${until}
      ORDER BY t.created_at DESC, t.id DESC
      LIMIT ${analyticsReadCap + 1}`,
  };
}

/**
 * The evaluator dashboard's selection (select-scored-transcriptions.ts's rows, the same SQL) read
 * as a prepared statement on the bare pg pool, rows as arrays: at 20,000 rows Prisma's building
 * and decoding of the query, and an object per row, were a large part of the request's CPU.
 */
export async function readEvaluatorRows(
  db: Db,
  scope: { accountId: string; evaluatorId: string },
  window: TimeWindow,
): Promise<EvaluatorRows> {
  const statement = statementFor(window);
  const values: string[] = [scope.accountId, scope.evaluatorId];
  if (window.from) values.push(window.from.toISOString());
  if (window.until) values.push(window.until.toISOString());
  const pool = poolOf(db);
  const rows = pool
    ? (await pool.query<EvaluatorRow>({ ...statement, values, rowMode: 'array' })).rows
    : (await db.$queryRawUnsafe<Record<string, unknown>[]>(statement.text, ...values)).map((row) => Object.values(row) as EvaluatorRow);
  const isCut = rows.length > analyticsReadCap;
  if (isCut) rows.length = analyticsReadCap;
  return { rows, isCut };
}
