/**
 * Calendar arithmetic of reports, all in UTC: quota months, report periods (a month `YYYY-MM` or
 * an ISO week `YYYY-Www`, Monday to Sunday) and when each period's report falls due.
 */
import { utcInstant } from '../../contract/dates.js';

export interface ReportPeriod {
  /** `2026-11` or `2026-W45`. */
  id: string;
  /** First and last day, `YYYY-MM-DD`, both inclusive (the analytics date filters). */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const dayOf = (date: Date): string => date.toISOString().slice(0, 10);
const utcDay = (year: number, monthIndex: number, day: number) => utcInstant(year, monthIndex, day);

/** A UTC month: `key` `YYYY-MM`, its first instant and the next month's. */
export interface Month {
  key: string;
  start: Date;
  end: Date;
}

export function monthOf(instant: Date): Month {
  const start = utcDay(instant.getUTCFullYear(), instant.getUTCMonth(), 1);
  const end = utcDay(instant.getUTCFullYear(), instant.getUTCMonth() + 1, 1);
  return { key: `${pad(start.getUTCFullYear(), 4)}-${pad(start.getUTCMonth() + 1)}`, start, end };
}

export const previousMonth = (month: Month): Month => monthOf(new Date(month.start.getTime() - DAY_MS));

/** A month's `YYYY-MM` as a period (its days). */
export function monthPeriod(month: Month): ReportPeriod {
  return { id: month.key, start: dayOf(month.start), end: dayOf(new Date(month.end.getTime() - DAY_MS)) };
}

/** The ISO week (Monday to Sunday) an instant falls in; its year is the ISO week-numbering year. */
export function isoWeekOf(instant: Date): ReportPeriod {
  const day = utcDay(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  const monday = new Date(day.getTime() - weekday * DAY_MS);
  const thursday = new Date(monday.getTime() + 3 * DAY_MS);
  const isoYear = thursday.getUTCFullYear();
  const week = Math.floor((thursday.getTime() - utcDay(isoYear, 0, 1).getTime()) / (7 * DAY_MS)) + 1;
  return { id: `${pad(isoYear, 4)}-W${pad(week)}`, start: dayOf(monday), end: dayOf(new Date(monday.getTime() + 6 * DAY_MS)) };
}

/** The Mondays of a month, 00:00 UTC. */
export function mondaysOf(month: Month): Date[] {
  const mondays: Date[] = [];
  const firstWeekday = (month.start.getUTCDay() + 6) % 7;
  for (let t = month.start.getTime() + ((7 - firstWeekday) % 7) * DAY_MS; t < month.end.getTime(); t += 7 * DAY_MS) {
    mondays.push(new Date(t));
  }
  return mondays;
}

/** A report to pull: the period it covers and the instant from which it may run. */
export interface DuePeriod {
  period: ReportPeriod;
  dueAt: Date;
}

/**
 * Weekly reports due in a month: each Monday, the ISO week that ended the day before. So a
 * month's quota pays for the 4 or 5 weeks whose following Monday falls in it.
 */
export function weeklyPeriodsDueIn(month: Month): DuePeriod[] {
  return mondaysOf(month).map((monday) => ({ period: isoWeekOf(new Date(monday.getTime() - DAY_MS)), dueAt: monday }));
}

/** The monthly report due in a month: the previous month's, from 00:00 UTC on the 1st. */
export function monthlyPeriodDueIn(month: Month): DuePeriod {
  return { period: monthPeriod(previousMonth(month)), dueAt: month.start };
}
