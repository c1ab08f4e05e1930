/**
 * SQL text of two columns the answers read straight from PostgreSQL, shared by every reader of
 * svc_transcriptions (alias `t`) that sends them as they come:
 * - a timestamp as format-timestamp.ts writes it (`2026-11-21T06:12:00.123+00:00`, UTC; the
 *   columns hold milliseconds);
 * - a transcription's failed criteria as JSON text, names in position order: the stored
 *   failed_criteria_json (kept by a trigger, migration 20261124190000_failed_criteria_json),
 *   computed only where it is NULL (longer than 1,000 bytes).
 */
export const utcTimestampText = (column: string): string => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"')`;

export const failedCriteriaJsonText = `coalesce(t.failed_criteria_json,
  array_to_json(ARRAY(SELECT r.name FROM svc_criterion_results r
                      WHERE r.transcription_id = t.id AND r.status = 'FAIL' ORDER BY r.position))::text)`;
