import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readPcmRange } from '../audio/pcm-wav.js';
import { medianOf, voicedPitches } from './pitch.js';
import type { SpeakerSpan } from './warp-selection.js';

const run = promisify(execFile);

/**
 * Frequency scaling of high voices (docs/engine.md, "Frequency scaling of high voices"). pocketsphinx's en-us acoustic
 * model hears low voices best; a speaker whose median pitch is that of a typical woman's voice is
 * decoded from a copy of the call whose whole spectrum (pitch and formants together) is lowered by a
 * fixed ratio, about the ratio of women's to men's formant frequencies, which is what vocal tract
 * length normalisation does. The speaker's pitch only decides whether to scale, not by how much,
 * so nothing in it is fitted to a voice.
 */
export interface HighVoiceScalingSettings {
  /** A speaker whose median pitch is at least this is scaled (men speak at about 85–155 Hz, women at about 165–255 Hz). */
  minMedianPitchHz: number;
  /** How far the spectrum is lowered, in cents (sox `pitch`): −260 is a ratio of 0.86, 1 / 1.16. */
  cents: number;
  /** Seconds of each speaker's speech the pitch is measured on (the first ones). */
  measureSeconds: number;
  /**
   * Adaptation rounds of the two passes for a scaled speaker, or the two passes' own `rounds` if more
   * (the others take those, 1 by default). Two: the scaled decode is close enough that a second estimate from the adapted
   * words gains (f4 62% → 52%, f3 36% → 32%; docs/engine.md, "Frequency scaling of high voices").
   */
  adaptationRounds: number;
}

export const defaultHighVoiceScaling: HighVoiceScalingSettings = {
  minMedianPitchHz: 160,
  cents: -260,
  measureSeconds: 60,
  adaptationRounds: 2,
};

/** Each speaker's median pitch over their first `measureSeconds` of speech in the recording (null: too little voiced speech). */
export async function speakersMedianPitch(
  wavFile: string,
  spans: SpeakerSpan[],
  measureSeconds: number,
): Promise<Map<string, number | null>> {
  const result = new Map<string, number | null>();
  for (const speaker of new Set(spans.map((s) => s.speaker))) {
    const pitches: number[] = [];
    let measured = 0;
    for (const span of spans.filter((s) => s.speaker === speaker)) {
      if (measured >= measureSeconds) break;
      const end = Math.min(span.end, span.start + measureSeconds - measured);
      pitches.push(...voicedPitches(await readPcmRange(wavFile, span.start, end)));
      measured += end - span.start;
    }
    result.set(speaker, medianOf(pitches));
  }
  return result;
}

/** The speakers to decode from the scaled copy: those whose median pitch reaches the threshold. */
export function highVoicedSpeakers(pitches: Map<string, number | null>, settings: HighVoiceScalingSettings): string[] {
  return [...pitches].filter(([, pitch]) => pitch !== null && pitch >= settings.minMedianPitchHz).map(([speaker]) => speaker);
}

/**
 * Writes `target`: `source` with its spectrum moved by `cents`, same length and sample rate (sox's
 * `pitch` effect, which keeps the tempo; `-R` keeps it repeatable).
 */
export async function scaleFrequencies(
  source: string,
  target: string,
  cents: number,
  options: { timeoutMs: number; signal?: AbortSignal },
): Promise<void> {
  await run('sox', ['-R', source, target, 'pitch', String(cents)], {
    timeout: options.timeoutMs,
    killSignal: 'SIGKILL',
    ...(options.signal ? { signal: options.signal } : {}),
  });
}
