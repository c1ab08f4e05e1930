/** Small, deterministic text helpers for the local engines (English). */
import { onFirstUse, readDataLines } from '../language-data/engine-data.js';
import { spokenNumbers } from '../language-data/spoken-numbers.js';

/** Words too common to say what a sentence is about (language-data/stopwords.txt). */
export const stopwords = onFirstUse(
  (): ReadonlySet<string> => new Set(readDataLines('stopwords.txt').flatMap((line) => line.split(/\s+/))),
);

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9']+/g) ?? [];
}

/**
 * A light suffix stripper, enough to match "calling" with "call", "refunds" with "refund" and
 * "arrive", "arrives", "arrived" with one another (a final "e" is dropped too).
 */
export function stem(word: string): string {
  let w = word.toLowerCase().replace(/'s$/, '');
  for (const suffix of ['ingly', 'edly', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 's']) {
    if (w.length > suffix.length + 2 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      if (suffix === 'ies' || suffix === 'ied') w += 'y';
      break;
    }
  }
  return w.length > 3 && w.endsWith('e') ? w.slice(0, -1) : w;
}

export function contentStems(text: string): string[] {
  return words(text)
    .filter((w) => !stopwords().has(w) && w.length > 1)
    .map(stem);
}

export const isNumberWord = (word: string) =>
  word in spokenNumbers().units || word in spokenNumbers().tens || word === 'hundred' || word === 'thousand' || /^\d+$/.test(word);

/**
 * Reads a spoken number from consecutive words. Identifiers are read as digit groups that are
 * concatenated: "four five seven two" → 4572, "five seventy two" → 572. Quantities compose:
 * "two hundred and fifty" → 250, "twenty five" → 25.
 */
export function readSpokenNumber(tokens: string[], from: number): { value: number; length: number } | null {
  const first = tokens[from];
  if (!first || !isNumberWord(first)) return null;
  const { units, tens } = spokenNumbers();
  if (/^\d+(\.\d+)?$/.test(first)) return { value: Number(first), length: 1 };
  const groups: string[] = [];
  let index = from;
  let composed = false;
  while (index < tokens.length) {
    const token = tokens[index] ?? '';
    if (token === 'hundred' || token === 'thousand' || (token === 'and' && composed)) {
      composed = true;
      break;
    }
    if (token in tens) {
      const unit = units[tokens[index + 1] ?? ''];
      const withUnit = unit !== undefined && unit > 0 && unit < 10;
      groups.push(String((tens[token] ?? 0) + (withUnit ? unit : 0)));
      index += withUnit ? 2 : 1;
    } else if (token in units) {
      groups.push(String(units[token]));
      index += 1;
    } else break;
  }
  if (!composed) return { value: Number(groups.join('')), length: index - from };
  // A quantity with hundred/thousand: compose from the start instead.
  let total = 0;
  let current = 0;
  for (index = from; index < tokens.length; index += 1) {
    const token = tokens[index] ?? '';
    if (token in units) current += units[token] ?? 0;
    else if (token in tens) current += tens[token] ?? 0;
    else if (token === 'hundred') current = (current || 1) * 100;
    else if (token === 'thousand') {
      total += (current || 1) * 1000;
      current = 0;
    } else if (token === 'and' && index > from && isNumberWord(tokens[index + 1] ?? '')) continue;
    else break;
  }
  return { value: total + current, length: index - from };
}

/** "m:ss" for quoting a moment of the call. */
export function formatMoment(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
