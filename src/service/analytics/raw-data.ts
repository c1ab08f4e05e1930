import type { ScoredTranscription } from './select-scored-transcriptions.js';

/**
 * One raw_data entry: the members every dashboard has (date already formatted by PostgreSQL),
 * plus the dashboard's participant and/or evaluator references. A fresh object literal: adding
 * members to the driver's row objects, or spreading, costs ten times more at 20,000 rows.
 * failed_criteria keeps the names the results were recorded with, including those of criteria
 * removed since (raw_data describes each call as it was evaluated).
 */
export function toRawDataEntry<R extends object>(row: ScoredTranscription, references: R) {
  const entry = {
    id: row.id,
    date: row.date,
    score: row.score,
    critical: row.critical,
    duration: row.duration,
    group: row.group,
    status: 'COMPLETED' as const,
    failed_criteria: row.failed_criteria,
  };
  return Object.assign(entry, references);
}
