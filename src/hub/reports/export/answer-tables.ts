/**
 * The tables an answer is exported as, whatever its shape (docs/reports.md, "Export"). A
 * dashboard's `raw_data` (an array of objects) is the report's table as always. An answer without
 * one, such as an account-wide answer of a shape of its own, is exported as it came: each
 * top-level array of objects becomes a table of its own (`<report>-<period>-<member>`, a column
 * per key in order of first appearance), and everything else goes to the report's own table as
 * member / value rows (nested objects flattened to dotted paths, other arrays as JSON text).
 */
import type { ReportKind } from '../report-kinds.js';
import { buildReportTable, cell, tableName, type ReportTable, type ReviewCells } from './report-tables.js';

/** A JSON object (not an array, not null). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const isTable = (value: unknown): value is Record<string, unknown>[] =>
  Array.isArray(value) && value.length > 0 && value.every(isPlainObject);

export interface AnswerTables {
  /** The report's table: raw_data rows, or the member / value rows of an answer without raw_data. */
  report: ReportTable;
  /** Top-level arrays of objects of an answer without raw_data, one table each. */
  members: ReportTable[];
}

export function buildAnswerTables(
  run: { kind: ReportKind; subjectId: string; period: string },
  data: Record<string, unknown>,
  reviews?: ReadonlyMap<string, ReviewCells>,
): AnswerTables {
  if (Array.isArray(data.raw_data) && data.raw_data.every(isPlainObject)) {
    return { report: buildReportTable(run.kind, run.subjectId, run.period, data.raw_data, reviews), members: [] };
  }
  const name = tableName(run.kind, run.subjectId, run.period);
  const members: ReportTable[] = [];
  const values: ReportTable['rows'] = [];
  const taken = new Set<string>();
  for (const [member, value] of Object.entries(data)) {
    if (isTable(value)) members.push(objectsTable(`${name}-${memberName(member, taken)}`, value));
    else flatten(member, value, values);
  }
  return { report: { name, header: ['member', 'value'], rows: values }, members };
}

/** Rows an answer is exported as: its raw_data entries, or every row of its tables. */
export function countAnswerRows(data: Record<string, unknown>): number {
  if (Array.isArray(data.raw_data) && data.raw_data.every(isPlainObject)) return data.raw_data.length;
  return Object.values(data).reduce<number>((sum, value) => sum + (isTable(value) ? value.length : 0), 0);
}

/**
 * A member's name as part of a file or tab name. The upstream chooses it, so it is reduced to
 * letters, digits, `_` and `-` (no path separators, no `..`), kept short (a tab title holds 100
 * characters) and made unique.
 */
function memberName(member: string, taken: Set<string>): string {
  const base = member.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 40) || 'member';
  let name = base;
  for (let n = 2; taken.has(name); n += 1) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

function objectsTable(name: string, entries: readonly Record<string, unknown>[]): ReportTable {
  const header = [...new Set(entries.flatMap((entry) => Object.keys(entry)))];
  return { name, header, rows: entries.map((entry) => header.map((column) => cell(entry[column]))) };
}

function flatten(path: string, value: unknown, into: ReportTable['rows']): void {
  if (isPlainObject(value) && Object.keys(value).length > 0) {
    for (const [key, inner] of Object.entries(value)) flatten(`${path}.${key}`, inner, into);
    return;
  }
  into.push([path, cell(value)]);
}
