import { parseDay } from '../../contract/analytics.js';
import { upperBoundOf } from '../../contract/dates.js';

/** An interval of created_at, [from, until); a null end is unbounded. */
export interface TimeWindow {
  from: Date | null;
  until: Date | null;
}

export interface DateFilter {
  window: TimeWindow;
  /** A date filter was sent (metadata.filtered). */
  isFiltered: boolean;
  /** start_date after end_date: matches nothing, the standard empty answer. */
  matchesNothing: boolean;
  /** Both dates, in order: the comparison's current period is the filter itself. */
  bothDays: { start: Date; end: Date } | null;
}

const DAY_MS = 86_400_000;

/** 00:00 UTC of a `YYYY-MM-DD` the request schema already validated. */
function startOfDay(day: string): Date {
  const parsed = parseDay(day);
  if (!parsed) throw new Error(`not a validated day: ${day}`);
  return parsed.start;
}

export const addDays = (date: Date, days: number): Date => new Date(date.getTime() + days * DAY_MS);

/** Whole days from a to b (both at 00:00 UTC). */
export const daysBetween = (a: Date, b: Date): number => Math.round((b.getTime() - a.getTime()) / DAY_MS);

/**
 * The spec's date filters: both optional and inclusive in UTC, start_date from 00:00:00 and
 * end_date through 23:59:59.999 (the window ends at 00:00 the next day, exclusive).
 */
export function resolveDateFilter(input: { start_date?: string | undefined; end_date?: string | undefined }): DateFilter {
  const start = input.start_date === undefined ? null : startOfDay(input.start_date);
  const end = input.end_date === undefined ? null : startOfDay(input.end_date);
  const matchesNothing = start !== null && end !== null && start.getTime() > end.getTime();
  return {
    window: { from: start, until: end === null ? null : upperBoundOf(addDays(end, 1)) },
    isFiltered: start !== null || end !== null,
    matchesNothing,
    bothDays: start !== null && end !== null && !matchesNothing ? { start, end } : null,
  };
}
