import { onFirstUse } from '../language-data/engine-data.js';
import { spokenNumbers } from '../language-data/spoken-numbers.js';
import { readSpokenNumber } from './text-tools.js';

/** The spoken ordinals that are one word ("fifth", "twentieth", "thirtieth") and their days. */
const oneWordOrdinals = onFirstUse(
  (): Record<string, number> =>
    Object.fromEntries(spokenNumbers().ordinals.flatMap((ordinal, index) => (ordinal.includes(' ') ? [] : [[ordinal, index + 1]]))),
);

export interface SpokenDate {
  /** YYYY-MM-DD. */
  iso: string;
  /** Index of the first word and one past the last. */
  start: number;
  end: number;
  /** A year was said with it that is well before the recording: a date of birth or history. */
  isPast: boolean;
}

/**
 * Dates said in words: "the fifth of March", "March fifth", "Thursday", "tomorrow", "the twenty
 * second", with an optional spoken year ("nineteen eighty five"). Without a year a date is the
 * next one on or after the recording date: calls arrange things ahead.
 */
export function findSpokenDates(words: string[], recordedAt: Date): SpokenDate[] {
  const found: SpokenDate[] = [];
  for (let i = 0; i < words.length; i += 1) {
    const date = readDateAt(words, i, recordedAt);
    if (date) {
      found.push(date);
      i = date.end - 1;
    }
  }
  return found;
}

function readDateAt(words: string[], i: number, recordedAt: Date): SpokenDate | null {
  const { months, weekdays } = spokenNumbers();
  const word = words[i] ?? '';
  const relative = ({ yesterday: -1, today: 0, tomorrow: 1 } as Record<string, number>)[word];
  if (relative !== undefined) return { iso: isoDay(addDays(recordedAt, relative)), start: i, end: i + 1, isPast: relative < 0 };
  // "the fifth of march", "fifth of march"
  const day = dayAt(words, i);
  if (day && words[i + day.length] === 'of' && months.includes(words[i + day.length + 1] ?? '')) {
    const month = months.indexOf(words[i + day.length + 1] ?? '');
    return withYear(words, i, i + day.length + 2, month, day.value, recordedAt);
  }
  // "march fifth"
  const monthIndex = months.indexOf(word);
  if (monthIndex >= 0 && !(word === 'may' && !dayAt(words, i + 1))) {
    const after = dayAt(words, i + 1);
    if (after) return withYear(words, i, i + 1 + after.length, monthIndex, after.value, recordedAt);
  }
  // "thursday", "thursday the fifth of march" (the explicit date wins)
  const weekday = weekdays.indexOf(word);
  if (weekday >= 0) {
    const next = words[i + 1] === 'the' ? readDateAt(words, i + 2, recordedAt) : null;
    if (next) return { ...next, start: i };
    const ahead = (weekday - recordedAt.getUTCDay() + 7) % 7 || 7;
    return { iso: isoDay(addDays(recordedAt, ahead)), start: i, end: i + 1, isPast: false };
  }
  // "on the twenty second" (a day of the month alone)
  if (word === 'the' && words[i - 1] === 'on') {
    const alone = dayAt(words, i + 1);
    if (alone && alone.isOrdinal) {
      const base = new Date(Date.UTC(recordedAt.getUTCFullYear(), recordedAt.getUTCMonth(), alone.value));
      const date = base < startOfDay(recordedAt) ? new Date(Date.UTC(base.getUTCFullYear(), base.getUTCMonth() + 1, alone.value)) : base;
      return { iso: isoDay(date), start: i, end: i + 1 + alone.length, isPast: false };
    }
  }
  return null;
}

function withYear(words: string[], start: number, end: number, month: number, day: number, recordedAt: Date): SpokenDate {
  const year = yearAt(words, end);
  if (year) {
    const date = new Date(Date.UTC(year.value, month, day));
    return { iso: isoDay(date), start, end: end + year.length, isPast: year.value < recordedAt.getUTCFullYear() - 1 };
  }
  let date = new Date(Date.UTC(recordedAt.getUTCFullYear(), month, day));
  if (date < addDays(startOfDay(recordedAt), -31)) date = new Date(Date.UTC(recordedAt.getUTCFullYear() + 1, month, day));
  return { iso: isoDay(date), start, end, isPast: false };
}

/** "nineteen eighty five" → 1985, "two thousand and one" → 2001, "twenty twenty six" → 2026. */
function yearAt(words: string[], i: number): { value: number; length: number } | null {
  const head = words[i] ?? '';
  if (/^(19|20)\d\d$/.test(head)) return { value: Number(head), length: 1 };
  if (head === 'nineteen' || head === 'twenty' || head === 'two') {
    const spoken = readSpokenNumber(words, i);
    if (spoken && spoken.value >= 1900 && spoken.value <= 2099) return spoken;
  }
  return null;
}

function dayAt(words: string[], i: number): { value: number; length: number; isOrdinal: boolean } | null {
  let at = i;
  if (words[at] === 'the') at += 1;
  const word = words[at] ?? '';
  const prefix = at - i;
  const ordinals = oneWordOrdinals();
  if (word in ordinals) return { value: ordinals[word] ?? 0, length: prefix + 1, isOrdinal: true };
  if ((word === 'twenty' || word === 'thirty') && (words[at + 1] ?? '') in ordinals) {
    const value = (word === 'twenty' ? 20 : 30) + (ordinals[words[at + 1] ?? ''] ?? 0);
    if (value <= 31) return { value, length: prefix + 2, isOrdinal: true };
  }
  const ordinalDigits = /^(\d{1,2})(st|nd|rd|th)$/.exec(word);
  if (ordinalDigits) return { value: Number(ordinalDigits[1]), length: prefix + 1, isOrdinal: true };
  const spoken = readSpokenNumber(words, at);
  if (spoken && spoken.value >= 1 && spoken.value <= 31 && spoken.length <= 2)
    return { value: spoken.value, length: prefix + spoken.length, isOrdinal: false };
  return null;
}

const addDays = (date: Date, days: number) => new Date(startOfDay(date).getTime() + days * 86_400_000);
const startOfDay = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
