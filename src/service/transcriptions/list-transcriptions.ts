import type { TranscriptionListItem } from '../../contract/transcriptions.js';
import { stringifyInPieces } from '../../lib/http/stringify-in-pieces.js';
import { defineSerializedOperation } from '../http/operation.js';
import { readListRows } from './read-list-rows.js';

/**
 * Newest first (by created_at, the recording date), at most 20,000; query_limit_reached says the
 * cap cut the list. total_transcriptions and statistics count every transcription of the account,
 * read from svc_transcription_status_counts (kept by triggers: at a year of calls, counting the
 * account's rows at each request cost more than reading the 20,000; docs/scaling.md).
 * One prepared statement reads the rows with the current tags of their participant and evaluator
 * joined (read-list-rows.ts), as array rows, and each answer item is built once from its row
 * (the list is the bulk of a 10 MB answer at the cap).
 * The answer is written as JSON pieces (docs/performance.md, "Answers written in pieces"): the
 * items stringified 500 at a time, encoded once, no 10 MB string, Buffer and ETag as res.json made them.
 */
export const listTranscriptions = defineSerializedOperation('list-transcriptions', async (_input, { accountId, deps }) => {
  const [rows, counts] = await Promise.all([
    readListRows(deps.db, accountId),
    deps.db.transcriptionStatusCount.findMany({ where: { accountId } }),
  ]);
  const countOf = (status: string) => counts.find((c) => c.status === status)?.count ?? 0;
  const total = counts.reduce((sum, c) => sum + c.count, 0);
  const transcriptions = rows.map((row): TranscriptionListItem => {
    // Indexed reads, not array destructuring (an iterator per row).
    const status = row[1];
    const score = row[8];
    const participantId = row[11];
    const evaluatorId = row[12];
    const evaluated = status === 'COMPLETED' && score !== null;
    return {
      transcription_id: row[0],
      status,
      configuration_id: row[2],
      configuration_tag: row[3],
      duration: row[4],
      group: row[5],
      name: row[6],
      created_at: row[7],
      qa: {
        score: evaluated ? score : null,
        critical_fail: evaluated ? (row[9] ?? false) : null,
        status: evaluated ? (row[10] ?? 'COMPLETED') : null,
        participant_id: participantId,
        evaluator_id: evaluatorId,
        participant_tag: participantId ? row[13] : null,
        evaluator_tag: evaluatorId ? row[14] : null,
      },
    };
  });
  const head = JSON.stringify({
    total_transcriptions: total,
    query_limit_reached: total > rows.length,
    statistics: { completed: countOf('COMPLETED'), failed: countOf('FAILED'), in_progress: countOf('IN_PROGRESS') },
  });
  return [`${head.slice(0, -1)},"transcriptions":`, ...stringifyInPieces(transcriptions), '}'];
});
