import { lowerBoundOf, upperBoundOf } from '../../contract/dates.js';
import { addDays, daysBetween, type DateFilter, type TimeWindow } from './date-filter.js';

export interface ComparisonWindows {
  current: TimeWindow;
  previous: TimeWindow;
}

/** Default length of the comparison's periods when the request does not give both dates. */
const defaultComparisonDays = 30;

/**
 * docs/decisions.md: with both dates, current = [start_date, end_date] and previous = as many days
 * right before; otherwise current = the 30 days ending today (UTC, today included) and previous
 * = the 30 days before those.
 */
export function resolveComparisonWindows(filter: DateFilter, now: Date): ComparisonWindows {
  if (filter.bothDays) {
    const { start, end } = filter.bothDays;
    const days = daysBetween(start, end) + 1;
    return {
      current: { from: start, until: upperBoundOf(addDays(end, 1)) },
      // Bounds outside 0001–9999 are clamped: PostgreSQL refuses them and nothing is stored there.
      previous: { from: lowerBoundOf(addDays(start, -days)), until: start },
    };
  }
  const tomorrow = addDays(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())), 1);
  const currentStart = addDays(tomorrow, -defaultComparisonDays);
  return {
    current: { from: currentStart, until: tomorrow },
    previous: { from: addDays(currentStart, -defaultComparisonDays), until: currentStart },
  };
}
