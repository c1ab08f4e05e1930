/**
 * Dates at the edges (docs/decisions.md "Supported dates"): every date the API or the admin API
 * accepts is a proleptic Gregorian date from 0001-01-01 to 9999-12-31 in UTC, stored exactly as
 * sent, or refused with a 400 that names this range. PostgreSQL has no year 0, and `Date.UTC` and
 * `new Date(y, …)` turn years 0–99 into 1900–1999, so instants are built with `setUTCFullYear`.
 */
import { z } from 'zod';

export const firstSupportedDay = '0001-01-01';
export const lastSupportedDay = '9999-12-31';
export const supportedRangeText = `${firstSupportedDay} to ${lastSupportedDay} (UTC)`;

/** The UTC instant of a calendar date and time; years 0–99 stay years 0–99. */
export function utcInstant(year: number, monthIndex: number, day: number, hour = 0, minute = 0, second = 0, millis = 0): Date {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, millis);
  return date;
}

const firstInstant = utcInstant(1, 0, 1).getTime();
const afterLastInstant = utcInstant(10_000, 0, 1).getTime();

/** Whether an instant falls from 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z. */
export const isSupportedInstant = (date: Date): boolean => {
  const t = date.getTime();
  return Number.isFinite(t) && t >= firstInstant && t < afterLastInstant;
};

/** A query's lower bound: never before 0001-01-01 (PostgreSQL refuses year 0; nothing is stored earlier). */
export const lowerBoundOf = (date: Date): Date => (date.getTime() < firstInstant ? new Date(firstInstant) : date);

/** A query's exclusive upper bound: none (null) from 10000-01-01 on, which PostgreSQL's input refuses. */
export const upperBoundOf = (date: Date): Date | null => (date.getTime() >= afterLastInstant ? null : date);

/** A parse: the value, or why not (`malformed`: not the grammar or no such day; `out_of_range`). */
export type DateParse<T> = { ok: true; value: T } | { ok: false; reason: 'malformed' | 'out_of_range' };

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day `YYYY-MM-DD` that exists, as its 00:00 UTC. */
export function parseCalendarDay(value: string): DateParse<{ year: number; month: number; day: number; start: Date }> {
  const m = dayPattern.exec(value);
  if (!m) return { ok: false, reason: 'malformed' };
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1) return { ok: false, reason: 'malformed' };
  const start = utcInstant(year, month - 1, day);
  if (start.getUTCMonth() !== month - 1 || start.getUTCDate() !== day) return { ok: false, reason: 'malformed' };
  if (!isSupportedInstant(start)) return { ok: false, reason: 'out_of_range' };
  return { ok: true, value: { year, month, day, start } };
}

/**
 * `YYYY-MM-DD`, or that date with `T`, hour:minute, optional seconds and fraction, and an optional
 * `Z` or numeric offset (none means UTC). The calendar date must exist and the instant it names
 * must be in the supported range.
 */
const dateTimePattern = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

export function parseDateTime(value: string): DateParse<Date> {
  const m = dateTimePattern.exec(value);
  if (!m) return { ok: false, reason: 'malformed' };
  const [, y, mo, d, h = '00', mi = '00', s = '00', fraction = '', zone = 'Z'] = m;
  const year = Number(y),
    month = Number(mo),
    day = Number(d);
  const hour = Number(h),
    minute = Number(mi),
    second = Number(s);
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return { ok: false, reason: 'malformed' };
  const utcDay = utcInstant(year, month - 1, day);
  if (utcDay.getUTCMonth() !== month - 1 || utcDay.getUTCDate() !== day) return { ok: false, reason: 'malformed' };
  let offsetMinutes = 0;
  if (zone !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const oh = Number(digits.slice(0, 2)),
      om = Number(digits.slice(2) || '0');
    if (oh > 23 || om > 59) return { ok: false, reason: 'malformed' };
    offsetMinutes = sign * (oh * 60 + om);
  }
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const instant = new Date(utcInstant(year, month - 1, day, hour, minute, second, millis).getTime() - offsetMinutes * 60_000);
  if (!isSupportedInstant(instant)) return { ok: false, reason: 'out_of_range' };
  return { ok: true, value: instant };
}

/** A month `YYYY-MM` as its first instant (UTC). */
export function parseCalendarMonth(value: string): DateParse<{ year: number; month: number; start: Date }> {
  const m = /^(\d{4})-(\d{2})$/.exec(value);
  if (!m) return { ok: false, reason: 'malformed' };
  const year = Number(m[1]),
    month = Number(m[2]);
  if (month < 1 || month > 12) return { ok: false, reason: 'malformed' };
  const start = utcInstant(year, month - 1, 1);
  if (!isSupportedInstant(start)) return { ok: false, reason: 'out_of_range' };
  return { ok: true, value: { year, month, start } };
}

/**
 * A zod string checked by one of the parsers above: a malformed value gets `malformed` as its
 * message, a value outside the range "<value> is outside the supported dates, 0001-01-01 to
 * 9999-12-31 (UTC)" (the error middleware prefixes both with "Invalid <field>: ").
 */
export const dateString = (parse: (value: string) => DateParse<unknown>, malformed: string) =>
  z.string().superRefine((value, ctx) => {
    const parsed = parse(value);
    if (parsed.ok) return;
    ctx.addIssue({
      code: 'custom',
      message: parsed.reason === 'malformed' ? malformed : `${value} is outside the supported dates, ${supportedRangeText}`,
    });
  });
