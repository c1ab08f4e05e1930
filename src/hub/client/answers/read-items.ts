/**
 * Lists read item by item (docs/hub-client.md, "Reading answers"): a row that breaks what the
 * description promises is set aside with its reasons and its raw value, and the rest of the list
 * is kept. One odd row must never cost the hub a whole account's list.
 */
import type { z } from 'zod';
import { formatPath } from '../../../lib/http/validate-input.js';

/** A path in the answer and what is wrong there. */
export interface AnswerIssue {
  path: string;
  message: string;
}

/** A list row the hub could not read, kept as it came. */
export interface RejectedItem {
  /** Its position in the list. */
  index: number;
  /** Its id, when the row has a readable one (lower case). */
  id: string | null;
  issues: AnswerIssue[];
  raw: unknown;
}

export const issuesOf = (error: z.ZodError, prefix = ''): AnswerIssue[] =>
  error.issues.map((issue) => ({ path: `${prefix}${formatPath(issue.path)}`, message: issue.message }));

/** The row's id member, when it is a string (the list is keyed by it even when the row is broken). */
export function idOfRow(row: unknown, idKey: string): string | null {
  if (row === null || typeof row !== 'object') return null;
  const value = (row as Record<string, unknown>)[idKey];
  return typeof value === 'string' && value.length > 0 && value.length <= 100 ? value.toLowerCase() : null;
}

/**
 * Adds what the hub learned beside an answer (`raw`, `rejected`) as a member that is not
 * enumerable: it is there for the hub's code, while the answer itself still prints, serialises
 * and compares as the upstream sent it.
 */
export function withHidden<T extends object, K extends string, V>(value: T, key: K, hidden: V): T & { [P in K]: V } {
  Object.defineProperty(value, key, { value: hidden, enumerable: false, writable: false, configurable: true });
  return value as T & { [P in K]: V };
}

/** Splits rows into those `item` reads and those it refuses. */
export function readItems<T extends z.ZodType>(rows: readonly unknown[], item: T, idKey: string, pathPrefix: string) {
  const items: z.output<T>[] = [];
  const rejected: RejectedItem[] = [];
  rows.forEach((row, index) => {
    const result = item.safeParse(row);
    if (result.success) items.push(result.data);
    else rejected.push({ index, id: idOfRow(row, idKey), issues: issuesOf(result.error, `${pathPrefix}[${index}].`), raw: row });
  });
  return { items, rejected };
}
