import { nearestCue, type Cue } from './context-cues.js';
import { MONTHS, originalRange, type SpokenReading } from './read-spoken-numbers.js';
import type { SpanCandidate } from './span-candidate.js';

const MONTH = `(?:${MONTHS.join('|')})`;
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const YEAR = '\\d{2}(?: ?\\d{2})?';
const DATE = new RegExp(
  `\\b(?:${MONTH},? \\d{4}|(?:the )?${DAY}(?: of)? ${MONTH}(?:,? ${YEAR})?|${MONTH}(?: the)? ${DAY}(?:,? ${YEAR})?|${MONTH}(?: of)? ${YEAR})\\b`,
  'g',
);
/** A card's expiry is a month and a year, never a day: "expires on the first of may" is an offer, not a card. */
const MONTH_AND_YEAR = new RegExp(`^${MONTH},?(?: of)? ${YEAR}$`);
/** "the eighth of twenty seven": a card's month said as an ordinal, then the year; only after an expiry cue. */
const MONTH_NUMBER_OF_YEAR = /\b(?:the )?(\d{1,2})(?:st|nd|rd|th)? of (?:20 ?)?\d{2}\b/g;

/**
 * Dates with a month name ("fifth of march nineteen eighty five", "March 5th, 1985", "expires
 * june twenty twenty seven", "the eighth of twenty seven"). A date is personal only in a birth context, and a card expiry only
 * after an expiry cue: every other date (appointments, orders) is left alone.
 */
export function detectDates(reading: SpokenReading, cues: Cue[]): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(DATE)) {
    const cue = nearestCue(cues, m.index);
    const isExpiry = cue?.kind === 'expiry' && MONTH_AND_YEAR.test(m[0]);
    const policy = cue?.kind === 'birth' ? 'date_of_birth' : isExpiry ? 'credit_card_expiration' : undefined;
    if (policy === undefined) continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy, start, end });
  }
  for (const m of reading.text.matchAll(MONTH_NUMBER_OF_YEAR)) {
    const month = Number(m[1]);
    if (month < 1 || month > 12 || nearestCue(cues, m.index)?.kind !== 'expiry') continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy: 'credit_card_expiration', start, end });
  }
  return found;
}
