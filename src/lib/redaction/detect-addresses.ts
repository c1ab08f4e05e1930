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
/** As written ("sw1a 1aa"), or spelled out with a space between every character ("s w 1 a 1 a a"). */
const UK_POSTCODE = /\b[a-z] ?(?:[a-z] ?)?\d(?: ?[a-z\d])? ?\d ?[a-z] ?[a-z]\b/g;

/** Street addresses: a house number, one to three name words, a street suffix ("221 baker street"). */
export function detectStreetAddresses(reading: SpokenReading): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of reading.text.matchAll(STREET)) {
    const names = m[2].trim().split(' ');
    if (names.some((w) => NOT_STREET_WORDS.has(w) || /\d/.test(w))) continue;
    if (/[$£€]\s?$/.test(reading.text.slice(Math.max(0, m.index - 2), m.index))) continue;
    const [start, end] = originalRange(reading, m.index, m.index + m[0].length);
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

/** IBANs as written or as a recogniser writes them: country letters, check digits, 11 to 30 more. */
export function detectIbans(text: string): SpanCandidate[] {
  const found: SpanCandidate[] = [];
  for (const m of text.matchAll(/\b[A-Za-z]{2}\d{2}(?: ?[A-Za-z0-9]){11,30}\b/g)) {
    if ((m[0].match(/\d/g) ?? []).length < 8) continue;
    found.push({ policy: 'banking_information', start: m.index, end: m.index + m[0].length });
  }
  return found;
}
