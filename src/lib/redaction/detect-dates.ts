import { nearestCue, type Cue } from './context-cues.js';
import { MONTHS, originalRange, type SpokenReading } from './read-spoken-numbers.js';
import type { SpanCandidate } from './span-candidate.js';

const MONTH = `(?:${MONTHS.join('|')})`;
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
const YEAR = '\\d{2}(?: ?\\d{2})?';
const DATE = new RegExp(
  `\\b(?:${MONTH},? \\d{4}|(?:the )?${DAY}(?: of)? ${MONTH}(?:,? ${YEAR})?|${MONTH}(?: the)? ${DAY}(?:,? ${YEAR})?|${MONTH} ${YEAR})\\b`,
  'g',
);

/**
 * Dates with a month name ("fifth of march nineteen eighty five", "March 5th, 1985", "expires
 * june twenty twenty seven"). A date is personal only in a birth context, and a card expiry only
 * after an expiry cue: every other date (appointments, orders) is left alone.
 */
export function detectDates(reading: SpokenReading, cues: Cue[]): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(DATE)) {
    const cue = nearestCue(cues, m.index);
    const policy = cue?.kind === 'birth' ? 'date_of_birth' : cue?.kind === 'expiry' ? 'credit_card_expiration' : undefined;
    if (policy === undefined) continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy, start, end });
  }
  return found;
}
