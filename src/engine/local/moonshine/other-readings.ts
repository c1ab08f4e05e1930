import type { DroppedHypothesis } from './beam-search.js';
import { decodeTokens } from './moonshine-tokens.js';

/** A stretch of another reading of a piece, where it differs from the best, with a little of what surrounds it. */
export interface OtherReading {
  text: string;
  /** How far its score was below the best's (natural log). */
  gap: number;
}

/**
 * Words of the best reading kept either side of where another reading differs; the readings kept
 * per piece at most; and the widest gap kept (the judge may use a narrower one).
 */
export const otherReadingSettings = { contextWords: 4, maxReadings: 16, maxGap: 12 };

const wordsOf = (tokens: number[]) => decodeTokens(tokens).trim().split(/\s+/).filter(Boolean);
const sameWord = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.toLowerCase().replace(/[^a-z0-9']/g, '') === b.toLowerCase().replace(/[^a-z0-9']/g, '');

/**
 * The readings the beam search let go, each cut to where it differs from the best (a dropped
 * reading's last word was still being written, so it is left out): evidence of words the best
 * reading may have misheard (docs/engine.md, "Other readings of the audio"). The closest first,
 * one per distinct stretch.
 */
export function otherReadings(best: number[], dropped: DroppedHypothesis[]): OtherReading[] {
  const { contextWords, maxReadings, maxGap } = otherReadingSettings;
  const bestWords = wordsOf(best);
  const kept: OtherReading[] = [];
  for (const reading of [...dropped].sort((a, b) => a.gap - b.gap)) {
    if (reading.gap > maxGap || kept.length >= maxReadings) break;
    const words = reading.isComplete ? wordsOf(reading.tokens) : wordsOf(reading.tokens).slice(0, -1);
    let from = 0;
    while (from < words.length && sameWord(words[from], bestWords[from])) from += 1;
    if (from >= words.length) continue;
    let tail = 0;
    if (reading.isComplete) while (tail < words.length - from && sameWord(words.at(-1 - tail), bestWords.at(-1 - tail))) tail += 1;
    const text = words.slice(Math.max(0, from - contextWords), words.length - Math.max(0, tail - contextWords)).join(' ');
    const wider = kept.findIndex((k) => text.startsWith(k.text));
    if (kept.some((k) => k.text.startsWith(text))) continue;
    if (wider >= 0) kept[wider] = { text, gap: kept[wider]?.gap ?? reading.gap };
    else kept.push({ text, gap: reading.gap });
  }
  return kept;
}
