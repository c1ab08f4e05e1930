/**
 * The day filters of the review queue and the dashboard (`from`/`to` in the URL, UTC days): one
 * schema for both, so a day is a real calendar day everywhere (docs/console.md "Pages"). A
 * pattern alone let `2026-13-45` through to a `new Date` that PostgreSQL refused (a 500) and read
 * `2026-02-30` as 2 March; here both are refused with a message the page shows (400).
 */
import { z } from 'zod';
import { parseCalendarDay, supportedRangeText } from '../../contract/dates.js';

const empty = (v: unknown) => (v === '' ? undefined : v);

/** A calendar day `YYYY-MM-DD` that exists (UTC), within the supported dates. */
export const FilterDay = z.string().superRefine((value, ctx) => {
  const parsed = parseCalendarDay(value);
  if (parsed.ok) return;
  ctx.addIssue({
    code: 'custom',
    message:
      parsed.reason === 'out_of_range' ? `dates are from ${supportedRangeText}` : `${value} is not a date (YYYY-MM-DD, a day that exists)`,
  });
});

/** An optional day filter: an empty field is absent. */
export const optionalFilterDay = z.preprocess(empty, FilterDay.optional());

/** The UTC midnight that starts a day already checked by FilterDay. */
export const startOfDay = (day: string): Date => {
  const parsed = parseCalendarDay(day);
  if (!parsed.ok) throw new Error(`unchecked day ${day}`);
  return parsed.value.start;
};

/**
 * The last millisecond of a day, an inclusive upper bound: the midnight after 9999-12-31 is a
 * year PostgreSQL's input refuses (src/contract/dates.ts), its last millisecond is not.
 */
export const lastMomentOfDay = (day: string): Date => new Date(startOfDay(day).getTime() + 86_400_000 - 1);

/**
 * Refuses a range that ends before it starts: it would match nothing, and saying so beats an
 * empty page that looks like "no calls". Days compare as strings (`YYYY-MM-DD`).
 */
export function checkDayRange(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx): void {
  if (value.from && value.to && value.to < value.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `${value.to} is before from (${value.from})` });
}
