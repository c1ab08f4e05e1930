import { hasCue, type Cue } from './context-cues.js';
import { originalRange, type SpokenReading } from './read-spoken-numbers.js';
import type { SpanCandidate } from './span-candidate.js';

const SUFFIX =
  '(?:street|st|avenue|ave|road|rd|lane|ln|drive|dr|boulevard|blvd|way|court|ct|place|pl|close|crescent|terrace|grove|parkway|highway|square|circle)';
const STREET = new RegExp(`\\b(\\d(?: ?\\d){0,4}[a-z]?)((?: [a-z]+){1,3}) ${SUFFIX}\\b`, 'g');
const NOT_STREET_WORDS = new Set(
  'the a an on in at of to for and or my your our his her their this that is was by down up per more all some minutes hours days weeks months years items boxes times people dollars pounds way out off over bedroom bed bath storey story room car door seater person hour minute day week month year'.split(
    ' ',
  ),
);
/** "i live at forty two wallaby": after an address cue, a house number and one or two words need no street suffix. */
const AFTER_ADDRESS_CUE = /\b(?:live at|lives at|living at|address is|address's)\s+(\d(?: ?\d){0,4}[a-z]?)((?: [a-z]+){1,2})/g;
/** Words that end a street name read after an address cue. */
const NOT_NAME_AFTER_CUE = new Set('and but so with near next please thanks thank now since if um uh er its it is'.split(' '));
/** As written ("sw1a 1aa"), or spelled out with a space between every character ("s w 1 a 1 a a"). */
const UK_POSTCODE = /\b[a-z] ?(?:[a-z] ?)?\d(?: ?[a-z\d])? ?\d ?[a-z] ?[a-z]\b/g;

/**
 * Street addresses: a house number, one to three name words, a street suffix ("221 baker street");
 * or, after "i live at" or "my address is", a house number and one or two words.
 */
export function detectStreetAddresses(reading: SpokenReading): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(STREET)) {
    const names = m[2].trim().split(' ');
    if (names.some((w) => NOT_STREET_WORDS.has(w) || /\d/.test(w))) continue;
    if (/[$£€]\s?$/.test(reading.text.slice(Math.max(0, m.index - 2), m.index))) continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy: 'location', start, end });
  }
  for (const m of reading.text.matchAll(AFTER_ADDRESS_CUE)) {
    const words = m[2].trim().split(' ');
    const stop = words.findIndex((w) => NOT_STREET_WORDS.has(w) || NOT_NAME_AFTER_CUE.has(w));
    const kept = stop < 0 ? words : words.slice(0, stop);
    if (kept.length === 0) continue;
    const houseAt = m.index + m[0].length - m[1].length - m[2].length;
    const endAt = houseAt + m[1].length + 1 + kept.join(' ').length;
    const [start, end] = originalRange(reading, houseAt, endAt);
    found.push({ policy: 'location', start, end });
  }
  return found;
}

/** UK postcodes as written ("sw1a 1aa") or spelled ("s w one a one a a"), only where a postcode or an address is being given. */
export function detectUkPostcodes(reading: SpokenReading, cues: Cue[]): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(UK_POSTCODE)) {
    const before = reading.text.slice(Math.max(0, m.index - 80), m.index);
    if (!hasCue(cues, 'postal', m.index, 80) && !/\b(?:address|live at|lives at|street|st|road|rd|lane|avenue|ave)\b/.test(before))
      continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy: 'postal_code', start, end });
  }
  return found;
}

/** Two country letters, two check digits, 11 to 30 more, as written or spelled ("g b two nine n w b k ..."). */
const IBAN = /\b[a-z] ?[a-z] ?\d ?\d(?: ?[a-z\d]){11,30}\b/g;

/** The IBAN check: the first four characters moved to the end, letters as 10..35, mod 97 is 1. */
function passesIbanCheck(compact: string): boolean {
  const moved = (compact.slice(4) + compact.slice(0, 4)).toUpperCase();
  let rest = 0;
  for (const ch of moved) {
    const value = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of value) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/**
 * IBANs, written or spelled out: at least eight digits, and either the IBAN check passes or a bank
 * cue ("iban", "account", "bank") comes before it, since a misheard character fails the check.
 */
export function detectIbans(reading: SpokenReading, cues: Cue[]): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(IBAN)) {
    const compact = m[0].replaceAll(' ', '');
    if ((compact.match(/\d/g) ?? []).length < 8) continue;
    if (!passesIbanCheck(compact) && !hasCue(cues, 'bank', m.index)) continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
    found.push({ policy: 'banking_information', start, end });
  }
  return found;
}
