import { cuesBefore, findCues, hasCue, nearestCue, type Cue, type CueKind } from './context-cues.js';
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
  /** A full stop or an ellipsis comes before this group: a pause, or the end of a sentence. */
  paused?: boolean;
}
interface Run {
  groups: Group[];
  plus: boolean;
  start: number;
  /** What is left of a run once a card number read straight into it was taken off. */
  afterCard?: boolean;
}

const AMOUNT_BEFORE = /(?:(?:[$£€]|\bpoint)\s?|\d\.)$/;
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
/** A full stop or an ellipsis and a space: a pause inside a number read aloud, or a sentence's end. */
const PAUSE = '[ ,]?(?:\\.{1,3}|\u2026)[ ,]{1,2}';
/**
 * Digits joined by spaces, commas, dashes (en and em too), slashes or colons, a pause, or a spoken
 * correction; a dotted phone number; a written card number grouped with dots (4111.1111.1111.1111).
 * A decimal (45.99) or a version (4.2.1) is not joined, and the 2 of "cvv2" starts no run.
 */
const RUN = new RegExp(
  `(\\+)?(?<!\\bcv|\\bcvv|\\bcvc)(?:\\b\\d{3}\\.\\d{3}\\.\\d{4}\\b|\\b\\d{4}(?:\\.\\d{4,6}){2,4}\\b|\\(?\\d+(?:(?:\\)?[ ,\\-\u2013\u2014/:]{0,3}\\(?|${PAUSE}|(?:[ ,]+${CORRECTION})+[ ,]+)\\d+)*)`,
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
      const between = m[0].slice(previousEnd, g.index);
      const corrects = /[a-z]/.test(between);
      const paused = /\.\s|\.\.|\u2026/.test(between);
      groups.push({ start: m.index + g.index, end: m.index + g.index + g[0].length, digits: g[0], corrects, paused });
      previousEnd = g.index + g[0].length;
    }
    runs.push({ groups, plus: m[1] !== undefined, start: m.index });
  }
  return runs;
}

/** The run cut at each pause, each stretch a run of its own. */
function piecesBetweenPauses(run: Run): Run[] {
  const pieces: Run[] = [];
  for (const group of run.groups) {
    const current = pieces[pieces.length - 1];
    if (current === undefined || group.paused) pieces.push({ groups: [{ ...group, paused: false }], plus: false, start: group.start });
    else current.groups.push(group);
  }
  if (run.plus) pieces[0] = { ...pieces[0], plus: true, start: run.start };
  return pieces;
}

/**
 * How many digits a card read straight into its code or expiry takes: the longest Luhn-valid
 * 13-19 digit prefix ending at a group's end, before the last group, preferring the common lengths
 * (16, then 15), since a short prefix passes Luhn by chance; -1 when there is none.
 */
function cardPrefixEnd(groups: Group[]): number {
  let prefix = '';
  let best = -1;
  const rank = (n: number) => (n === 16 ? 100 : n === 15 ? 99 : n);
  for (const group of groups.slice(0, -1)) {
    prefix += group.digits;
    if (isCardLength(prefix) && isLuhnValid(prefix) && (best < 0 || rank(prefix.length) > rank(best))) best = prefix.length;
  }
  return best;
}

/** The index of the group at whose end the first `digits` digits end. */
function groupEndingAt(groups: Group[], digits: number): number {
  let count = 0;
  return groups.findIndex((g) => (count += g.digits.length) === digits);
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

const isCardLength = (digits: string) => digits.length >= 13 && digits.length <= 19;

function withoutCue(run: Run, digits: string, runText: string): SpanCandidate['policy'] | undefined {
  const n = digits.length;
  if (isCardLength(digits) && isLuhnValid(digits)) return 'credit_card_number';
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
    // A run read across pauses ("four five three nine. one four eight eight. ...") is kept whole
    // only as a card or an account number that its first stretch is not already; else each stretch
    // between pauses is read on its own ("the cvv is 737. 2 of us"), as it would be without them.
    const pauses = run.groups.some((g, i) => i > 0 && g.paused);
    const readApart = () => pending.unshift(...piecesBetweenPauses(run));
    const isAmount =
      (!run.afterCard && AMOUNT_BEFORE.test(text.slice(Math.max(0, start - 7), start))) ||
      AMOUNT_AFTER.test(text.slice(last.end, last.end + 12));
    if (isAmount) {
      if (pauses) readApart();
      continue;
    }
    const cue = nearestCue(cues, start);
    const cardIsNearer = start - lastCardEnd <= AFTER_CARD_REACH && (cue === undefined || cue.end <= lastCardEnd);
    const before = text.slice(Math.max(0, start - 48), start);
    const classify = (digits: string): SpanCandidate['policy'] | 'skip' | undefined => {
      // "my card number for the booking is 4111 ...": a card word within reach outweighs a nearer
      // order, booking or case word for a number that can only be a card.
      if (cue?.kind === 'negative' && isCardLength(digits) && isLuhnValid(digits) && hasCue(cues, 'card', start))
        return 'credit_card_number';
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
    const split = cardPrefixEnd(run.groups);
    // After a card word, 13-19 digits that fail Luhn are a card misheard by a digit: 15 of its 16
    // digits are still the card's (docs/redaction.md, "Precision rules"). A card read straight into
    // its code (a Luhn-valid prefix and 3 or more digits after it) is split below instead.
    const cardCue = cue?.kind === 'card' || (cue?.kind !== 'negative' && hasCue(cues, 'card', start));
    const fullLength = digitsOf(run.groups).length;
    if (policy === undefined && cardCue && fullLength >= 13 && fullLength <= 19 && (split < 0 || fullLength - split < 3))
      policy = 'credit_card_number';
    const keptWhole =
      (policy === 'credit_card_number' || policy === 'banking_information') &&
      classify(digitsOf(piecesBetweenPauses(run)[0].groups)) !== policy;
    if (pauses && !keptWhole && split < 0) {
      readApart();
      continue;
    }
    if (policy === 'skip') continue;
    if (policy === undefined && run.groups.length > 1) {
      // A card number read straight into its security code or expiry: split where a Luhn-valid prefix ends.
      const best = split < 0 ? -1 : groupEndingAt(run.groups, split);
      if (best >= 0) {
        const [s, e] = originalRange(reading, start, run.groups[best].end);
        found.push({ policy: 'credit_card_number', start: s, end: e });
        lastCardEnd = run.groups[best].end;
        pending.unshift({ groups: run.groups.slice(best + 1), plus: false, start: run.groups[best + 1].start, afterCard: true });
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

/** Every run of digits in the text, written or spoken, unclassified: where it was said and its digits. */
export function findDigitRuns(reading: SpokenReading): Array<{ start: number; end: number; digits: string }> {
  return readRuns(reading.text).map((run) => {
    const [start, end] = originalRange(reading, run.groups[0].start, run.groups[run.groups.length - 1].end);
    return { start, end, digits: digitsOf(run.groups) };
  });
}
