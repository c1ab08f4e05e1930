import { transcriptionReadCap, type TranscriptionListItem } from '../../contract/transcriptions.js';
import { poolOf, type Db } from '../../db.js';
import { utcTimestampText } from '../analytics/transcription-columns-sql.js';

/**
 * One row of the list as pg sends it in array row mode (no object per row), tags joined in;
 * created_at already formatted by PostgreSQL as format-timestamp.ts writes it
 * (`YYYY-MM-DDTHH:MM:SS.mmm+00:00`, UTC; the column holds milliseconds).
 */
export type ListRow = [
  id: string,
  status: TranscriptionListItem['status'],
  configurationId: string,
  configurationTag: string,
  duration: number,
  group: TranscriptionListItem['group'],
  name: string | null,
  createdAt: string,
  score: number | null,
  criticalFail: boolean | null,
  evaluationStatus: string | null,
  participantId: string | null,
  evaluatorId: string | null,
  participantTag: string | null,
  evaluatorTag: string | null,
];

const statement = {
  name: 'svc-list-transcriptions-rows',
  text: `SELECT t.id, t.status::text, t.configuration_id, t.configuration_tag, t.duration, t.review_group::text, t.name,
                ${utcTimestampText('t.created_at')} AS created_at, t.score, t.critical_fail,
                t.evaluation_status, t.participant_id, t.evaluator_id, p.tag AS participant_tag, e.tag AS evaluator_tag
         FROM svc_transcriptions t
         LEFT JOIN svc_participants p ON p.id = t.participant_id AND p.account_id = t.account_id
         LEFT JOIN svc_evaluators e ON e.id = t.evaluator_id AND e.account_id = t.account_id
         WHERE t.account_id = $1::uuid
         ORDER BY t.created_at DESC, t.id DESC
         LIMIT ${transcriptionReadCap}`,
};

/**
 * The account's newest transcriptions (at most the read cap) with the current tags of their
 * participant and evaluator (a deleted one no longer resolves: null), read as a prepared
 * statement on the bare pg pool in array rows: at 20,000 rows Prisma's decoding and a Date per
 * row were most of the read's CPU (docs/performance.md, "list-transcriptions").
 */
export async function readListRows(db: Db, accountId: string): Promise<ListRow[]> {
  const pool = poolOf(db);
  return pool
    ? (await pool.query<ListRow>({ ...statement, values: [accountId], rowMode: 'array' })).rows
    : (await db.$queryRawUnsafe<Record<string, unknown>[]>(statement.text, accountId)).map((row) => Object.values(row) as ListRow);
}
