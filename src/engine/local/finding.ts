import type { Turn } from './call-view.js';

/**
 * What a behaviour check saw in a call. For a required behaviour `found` means it was shown; for a
 * forbidden one, that it happened. `turn` is the turn that decided (where it was said, or where it
 * was due and absent), `cue` the words that decided, `missing` what a required behaviour lacked.
 */
export interface Finding {
  found: boolean;
  /** 1 to 5, for scale criteria. */
  strength: number;
  turn: Turn | null;
  cue: string;
  missing: string;
  /** Said of how it was found, for the reasoning (a requirement met only in another reading of the audio). */
  note?: string;
}

export function foundAt(turn: Turn, cue: string, strength = 5): Finding {
  return { found: true, strength, turn, cue, missing: '' };
}

export function notFound(missing: string, turn: Turn | null = null, strength = 1): Finding {
  return { found: false, strength, turn, cue: '', missing };
}

/** The words of a match, for quoting what decided. */
export const wordsOf = (words: string[], start: number, end: number) => words.slice(start, end).join(' ');
