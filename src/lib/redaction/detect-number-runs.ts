import { cuesBefore, findCues, nearestCue, type Cue, type CueKind } from './context-cues.js';
import { isLuhnValid } from './luhn.js';
import { originalRange, type SpokenReading } from './read-spoken-numbers.js';
import type { SpanCandidate } from './span-candidate.js';

/**
 * Finds card numbers, security codes, expiry dates, social security numbers, bank details, phone
 * numbers, numeric birth dates and ZIP codes among runs of digits (written or spoken). Length and
 * Luhn pick the candidates; the nearest cue word decides, so precision does not rest on digits alone.
 */
interface Group {
  start: number;
  end: number;
  digits: string;
  /** The speaker corrected themselves just before this group ("eight four sorry eight three"). */
  corrects?: boolean;
}
interface Run {
  groups: Group[];
  plus: boolean;
  start: number;
}

const AMOUNT_BEFORE = /(?:[$£€]|\bpoint|\d\.)\s?$/;
const AMOUNT_AFTER =
  /^(?:\.\d|\s?(?:%|dollars?|bucks|pounds?|quid|euros?|cents?|pence|percent|hundred|thousand|million|grand|k\b|am\b|pm\b|o'clock|minutes?|hours?|days?|weeks?|months?|years?|items?|units?|boxes|times|pieces|people))/;
/** Day, month and year as digits ("7/4/82"), so a short birth date counts after a birth cue. */
const NUMERIC_DATE = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2}(?:\d{2})?$/;
/** A card gives meaning to a short number right after it ("4111 ... 1111, 123"). */
const AFTER_CARD_REACH = 32;

function digitsOf(groups: Group[]): string {
  return groups.map((g) => g.digits).join('');
}

/**
 * The digits as meant, most likely first. A self-correction ("eight four sorry eight three") does
 * not say which digits it takes back, so every reading is offered: a Luhn-valid 16- or 15-digit
 * card first, then the last one to four digits replaced, then the correction alone.
 */
function readingsOf(groups: Group[]): string[] {
  const at = groups.findIndex((g) => g.corrects);
  if (at < 0) return [digitsOf(groups)];
  const before = digitsOf(groups.slice(0, at));
  const readings: string[] = [];
  for (const after of readingsOf([{ ...groups[at], corrects: false }, ...groups.slice(at + 1)])) {
    for (let k = 1; k <= Math.min(4, before.length); k += 1) readings.push(before.slice(0, before.length - k) + after);
    readings.push(after);
  }
  const isCard = (r: string) => (r.length === 16 || r.length === 15) && isLuhnValid(r);
  return [...new Set([...readings.filter(isCard), ...readings])];
}

const CORRECTION = '(?:sorry|no|i mean|actually|wait)';
/** Digits joined by spaces, commas, dashes, slashes or colons, a dotted phone number, or a spoken correction. */
const RUN = new RegExp(
  `(\\+)?(?:\\b\\d{3}\\.\\d{3}\\.\\d{4}\\b|\\(?\\d+(?:(?:\\)?[ ,\\-/:]{0,3}\\(?|(?:[ ,]+${CORRECTION})+[ ,]+)\\d+)*)`,
  'g',
);

function readRuns(text: string): Run[] {
  const runs: Run[] = [];
  // A colon joins too: a recogniser writes an expiry said "zero eight twenty seven" as 08:27 (a
  // time without a cue is still never masked).
  for (const m of text.matchAll(RUN)) {
    const groups: Group[] = [];
    let previousEnd = 0;
    for (const g of m[0].matchAll(/\d+/g)) {
      const corrects = /[a-z]/.test(m[0].slice(previousEnd, g.index));
      groups.push({ start: m.index + g.index, end: m.index + g.index + g[0].length, digits: g[0], corrects });
      previousEnd = g.index + g[0].length;
    }
    runs.push({ groups, plus: m[1] !== undefined, start: m.index });
  }
  return runs;
}

function isPlausibleExpiry(digits: string): boolean {
  const n = digits.length;
  if (/^20\d\d$/.test(digits)) return true;
  if (n < 3 || n > 6) return false;
  const month = Number(n === 3 || n === 5 ? digits.slice(0, 1) : digits.slice(0, 2));
  return month >= 1 && month <= 12;
}

/** "the last four of my social": the end of a number said alone still names it. */
const LAST_FOUR = /\blast (?:4|four)\b/;

function byCue(kind: CueKind | undefined, digits: string, runText: string, before: string): SpanCandidate['policy'] | 'skip' | undefined {
  const n = digits.length;
  switch (kind) {
    case 'negative':
      return 'skip';
    case 'cvv':
      return n === 3 || n === 4 ? 'credit_card_cvv' : undefined;
    case 'expiry':
      return isPlausibleExpiry(digits) ? 'credit_card_expiration' : undefined;
    case 'ssn':
      return n === 9 || (n === 4 && LAST_FOUR.test(before)) ? 'us_social_security_number' : undefined;
    case 'bank':
      return n >= 6 && n <= 17 && !/^\d{3}-\d{3}-\d{4}$/.test(runText) ? 'banking_information' : undefined;
    case 'birth':
      // A year alone ("born in nineteen eighty") still narrows a person down.
      return (n >= 6 && n <= 8) || (n === 4 && /^(?:19|20)\d\d$/.test(digits)) || NUMERIC_DATE.test(runText) ? 'date_of_birth' : undefined;
    case 'postal':
      return n === 5 || n === 9 ? 'postal_code' : undefined;
    case 'phone':
      return n === 7 || (n >= 10 && n <= 13) ? 'phone_number' : undefined;
    default:
      return undefined;
  }
}

function withoutCue(run: Run, digits: string, runText: string): SpanCandidate['policy'] | undefined {
  const n = digits.length;
  if (n >= 13 && n <= 19 && isLuhnValid(digits)) return 'credit_card_number';
  if (/^\d{3}-\d{2}-\d{4}$/.test(runText)) return 'us_social_security_number';
  if (/^\(?\d{3}\)?[ -]?\d{3}-\d{4}$/.test(runText)) return 'phone_number';
  if (n === 10 || (n === 11 && /^[01]/.test(digits)) || (run.plus && n >= 11 && n <= 13)) return 'phone_number';
  return undefined;
}

export function detectNumberRuns(
  reading: SpokenReading,
  claimed: Array<[number, number]>,
  cues: Cue[] = findCues(reading.text),
): SpanCandidate[] {
  const text = reading.text;
  const found: SpanCandidate[] = [];
  let lastCardEnd = -Infinity;
  const pending = readRuns(text);
  while (pending.length > 0) {
    const run = pending.shift()!;
    const first = run.groups[0];
    const last = run.groups[run.groups.length - 1];
    const start = run.start;
    if (claimed.some(([a, b]) => a < last.end && first.start < b)) continue;
    const runText = text.slice(first.start, last.end);
    if (AMOUNT_BEFORE.test(text.slice(Math.max(0, start - 7), start)) || AMOUNT_AFTER.test(text.slice(last.end, last.end + 12))) continue;
    const cue = nearestCue(cues, start);
    const cardIsNearer = start - lastCardEnd <= AFTER_CARD_REACH && (cue === undefined || cue.end <= lastCardEnd);
    const before = text.slice(Math.max(0, start - 48), start);
    const classify = (digits: string): SpanCandidate['policy'] | 'skip' | undefined => {
      if (cardIsNearer && (digits.length === 3 || digits.length === 4)) return 'credit_card_cvv';
      const byNearest = byCue(cardIsNearer ? undefined : cue?.kind, digits, runText, before);
      if (byNearest !== undefined || cardIsNearer) return byNearest ?? withoutCue(run, digits, runText);
      // The nearest cue says nothing of a number this long ("the four digit code on the front of the
      // amex", "the zip on the account is ..."): an earlier cue within reach may.
      for (const earlier of cuesBefore(cues, start).slice(1)) {
        const byEarlier = earlier.kind === 'negative' ? undefined : byCue(earlier.kind, digits, runText, before);
        if (byEarlier !== undefined) return byEarlier;
      }
      return withoutCue(run, digits, runText);
    };
    let policy: SpanCandidate['policy'] | 'skip' | undefined;
    for (const digits of readingsOf(run.groups)) {
      policy = classify(digits);
      if (policy !== undefined) break;
    }
    if (policy === 'skip') continue;
    if (policy === undefined && run.groups.length > 1) {
      // A card number read straight into its security code or expiry: split where a Luhn-valid
      // prefix ends, preferring the common lengths (16, then 15), since a short prefix passes Luhn by chance.
      let prefix = '';
      let best = -1;
      const rank = (n: number) => (n === 16 ? 100 : n === 15 ? 99 : n);
      for (let i = 0; i < run.groups.length - 1; i += 1) {
        prefix += run.groups[i].digits;
        if (prefix.length >= 13 && prefix.length <= 19 && isLuhnValid(prefix)) {
          if (best < 0 || rank(prefix.length) > rank(digitsOf(run.groups.slice(0, best + 1)).length)) best = i;
        }
      }
      if (best >= 0) {
        const [s, e] = originalRange(reading, start, run.groups[best].end);
        found.push({ policy: 'credit_card_number', start: s, end: e });
        lastCardEnd = run.groups[best].end;
        pending.unshift({ groups: run.groups.slice(best + 1), plus: false, start: run.groups[best + 1].start });
      }
      continue;
    }
    if (policy === undefined) continue;
    if (policy === 'credit_card_number') lastCardEnd = last.end;
    const [s, e] = originalRange(reading, start, last.end);
    found.push({ policy, start: s, end: e });
  }
  return found;
}
