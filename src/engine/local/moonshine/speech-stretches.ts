import { sampleRate } from '../../audio/pcm-wav.js';

export interface SpeechStretch {
  start: number;
  end: number;
}

export interface StretchSettings {
  /** A pause this long or longer ends a stretch (a possible change of speaker). */
  minPauseSeconds: number;
  /** Stretches with less speech than this are noise (a click, a breath) and are dropped. */
  minSpeechSeconds: number;
  /** Speech must be this many dB above the recording's noise floor. */
  minDbAboveFloor: number;
  /** A stretch longer than this (speech without a pause) is cut at its quietest moment, as often as needed. */
  maxStretchSeconds: number;
}

export const defaultStretchSettings: StretchSettings = {
  minPauseSeconds: 0.3,
  minSpeechSeconds: 0.12,
  minDbAboveFloor: 12,
  maxStretchSeconds: 20,
};

const frameSeconds = 0.02;
/** Exact zeros (-100 dB here); a dithered silence (about -90 dB) is a floor like any other. */
const digitalSilenceDb = -95;
const frameSize = Math.round(sampleRate * frameSeconds);

/**
 * Where a recording has speech: 20 ms frames whose energy stands out from the recording's own
 * noise floor (its quietest fiftieth, digital silence aside) by `minDbAboveFloor`, or by a third of the way to its loud
 * frames when the recording is noisy, grouped into stretches separated by pauses of at least
 * `minPauseSeconds`. The threshold adapts to each recording, so a quiet line and a loud one both
 * work; frames are 16 kHz mono samples (decode-recording.ts).
 */
export function findSpeechStretches(samples: Int16Array, settings: StretchSettings = defaultStretchSettings): SpeechStretch[] {
  const levels = frameLevels(samples);
  if (!levels.length) return [];
  const sorted = [...levels].sort((a, b) => a - b);
  // Digital silence (a muted line, dropouts) says nothing of the line's noise: the floor is the
  // quietest of the rest, unless nearly everything is silent.
  const audible = sorted.filter((level) => level > digitalSilenceDb);
  const measured = audible.length >= sorted.length * 0.1 ? audible : sorted;
  const floor = measured[Math.floor(measured.length * 0.02)] ?? 0;
  const loud = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
  const threshold = Math.max(floor + settings.minDbAboveFloor, floor + (loud - floor) / 3);
  const stretches: SpeechStretch[] = [];
  const maxGapFrames = Math.round(settings.minPauseSeconds / frameSeconds);
  let current: { first: number; last: number; speech: number } | null = null;
  levels.forEach((level, frame) => {
    if (level < threshold) return;
    if (current && frame - current.last <= maxGapFrames) {
      current.last = frame;
      current.speech += 1;
      return;
    }
    if (current) stretches.push(...toStretch(current));
    current = { first: frame, last: frame, speech: 1 };
  });
  if (current) stretches.push(...toStretch(current));
  return stretches;

  function toStretch(run: { first: number; last: number; speech: number }): SpeechStretch[] {
    if (run.speech * frameSeconds < settings.minSpeechSeconds) return [];
    return splitAtQuietest(run.first, run.last + 1).map(([first, end]) => ({
      start: round(first * frameSeconds),
      end: round(end * frameSeconds),
    }));
  }

  /** Frames [first, end) as pieces of at most `maxStretchSeconds`, each cut at the quietest 100 ms in the middle half. */
  function splitAtQuietest(first: number, end: number): [number, number][] {
    const maxFrames = Math.round(settings.maxStretchSeconds / frameSeconds);
    if (end - first <= maxFrames) return [[first, end]];
    const window = 5;
    let cut = first + Math.floor((end - first) / 2);
    let quietest = Infinity;
    for (let frame = first + Math.floor((end - first) / 4); frame + window <= end - Math.floor((end - first) / 4); frame += 1) {
      let level = 0;
      for (let i = frame; i < frame + window; i += 1) level += levels[i] ?? 0;
      if (level < quietest) [quietest, cut] = [level, frame + Math.floor(window / 2)];
    }
    return [...splitAtQuietest(first, cut), ...splitAtQuietest(cut, end)];
  }
}

/** Each frame's energy in dB (of full scale). */
function frameLevels(samples: Int16Array): number[] {
  const levels: number[] = [];
  for (let offset = 0; offset + frameSize <= samples.length; offset += frameSize) {
    let sum = 0;
    for (let i = offset; i < offset + frameSize; i += 1) sum += (samples[i] ?? 0) ** 2;
    levels.push(10 * Math.log10(sum / frameSize / 32768 ** 2 + 1e-10));
  }
  return levels;
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;
