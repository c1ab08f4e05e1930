import type { Turn } from './call-view.js';
import { findAnyPhrase, type PhraseMatch } from './phrase-match.js';

/** What the judge notes when a requirement was met only in another reading. */
export const otherReadingNote = ' Heard in another reading of the audio that the recogniser considered, not in the transcript.';

/**
 * The first turn (in order) one of whose other readings says one of the patterns as written, with
 * that reading's words. Required things only: a breach is never looked for here, so these readings
 * can pass a requirement the transcript missed but never fail one.
 */
export function findInOtherReadings(
  turns: readonly Turn[],
  patterns: readonly string[],
): { turn: Turn; words: string[]; match: PhraseMatch } | null {
  for (const turn of turns) {
    for (const words of turn.otherReadings) {
      const match = findAnyPhrase(words, patterns);
      if (match) return { turn, words, match };
    }
  }
  return null;
}
