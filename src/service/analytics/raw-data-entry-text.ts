import type { EvaluatorRow } from './read-evaluator-rows.js';

/**
 * raw_data's entries as JSON text, written directly, byte-identical to JSON.stringify of
 * raw-data.ts's entry (same members, same order) for the evaluator dashboard's rows:
 *  - id and participant_id are uuids and date is PostgreSQL's to_char text: no character that
 *    JSON escapes, so quoting them is their JSON;
 *  - a number's template text is JSON's (String(n)), except that JSON writes NaN and ±Infinity
 *    as null;
 *  - failed_criteria is PostgreSQL's array_to_json text, which escapes exactly as JSON.stringify
 *    does (quotes, backslashes, \b \f \n \r \t, other control characters as \u00xx, nothing else),
 *    so it is spliced in as it came instead of being parsed and stringified again;
 *  - group (an enum or null) and the participant's tag go through JSON.stringify, once per value.
 * Template strings joined 500 at a time give flat strings that encode as fast as
 * JSON.stringify's, at half the CPU of making and stringifying an object per row
 * (docs/performance.md, "analytics-evaluator").
 */
const numberText = (value: number): string => (Number.isFinite(value) ? `${value}` : 'null');

/** The text after failed_criteria: the participant's members and the closing brace, one per participant. */
export function participantTailOf(participantId: string | null, tag: string | null): string {
  return participantId === null
    ? ',"participant_id":null,"participant_tag":null}'
    : `,"participant_id":"${participantId}","participant_tag":${JSON.stringify(tag)}}`;
}

const groupTexts = new Map<string | null, string>();

/** group's JSON (an enum value or null), made once per value. */
function groupTextOf(group: string | null): string {
  let text = groupTexts.get(group);
  if (text === undefined) groupTexts.set(group, (text = JSON.stringify(group)));
  return text;
}

/** One entry's JSON text; `tail` comes from participantTailOf for the row's participant. */
export function rawDataEntryText(row: EvaluatorRow, tail: string): string {
  return `{"id":"${row[0]}","date":"${row[1]}","score":${numberText(row[2])},"critical":${row[3] ? 'true' : 'false'},"duration":${numberText(row[4])},"group":${groupTextOf(row[5])},"status":"COMPLETED","failed_criteria":${row[6]}${tail}`;
}
