import { describe, expect, it } from 'vitest';
import { sampleRate } from '../../../src/engine/audio/pcm-wav.js';
import { defaultStretchSettings, findSpeechStretches } from '../../../src/engine/local/moonshine/speech-stretches.js';

/** A recording built from parts: [seconds, amplitude] of a 220 Hz tone over a noise floor. */
function recording(parts: [number, number][], noise = 30, seed = 7): Int16Array {
  const total = parts.reduce((s, [seconds]) => s + seconds, 0);
  const out = new Int16Array(Math.round(total * sampleRate));
  let random = seed;
  let at = 0;
  for (const [seconds, amplitude] of parts) {
    const n = Math.round(seconds * sampleRate);
    for (let i = 0; i < n; i += 1) {
      random = (random * 1103515245 + 12345) % 2 ** 31;
      out[at + i] = Math.round(amplitude * Math.sin((2 * Math.PI * 220 * i) / sampleRate) + noise * (random / 2 ** 31 - 0.5));
    }
    at += n;
  }
  return out;
}

describe('speech stretches', () => {
  it('finds each stretch of speech between pauses, at its times', () => {
    const stretches = findSpeechStretches(
      recording([
        [1, 0],
        [2, 8000],
        [0.7, 0],
        [1.5, 3000],
        [1, 0],
      ]),
    );
    expect(stretches).toHaveLength(2);
    expect(stretches[0]?.start).toBeCloseTo(1, 1);
    expect(stretches[0]?.end).toBeCloseTo(3, 1);
    expect(stretches[1]?.start).toBeCloseTo(3.7, 1);
    expect(stretches[1]?.end).toBeCloseTo(5.2, 1);
  });

  it('keeps a short pause inside a stretch, and splits at a pause as long as the setting', () => {
    const parts: [number, number][] = [
      [0.5, 0],
      [1, 8000],
      [0.2, 0],
      [1, 8000],
      [0.5, 0],
    ];
    expect(findSpeechStretches(recording(parts))).toHaveLength(1);
    expect(findSpeechStretches(recording(parts), { ...defaultStretchSettings, minPauseSeconds: 0.1 })).toHaveLength(2);
  });

  it('adapts to the level: a quiet line is found as well as a loud one, over a louder noise floor', () => {
    const quiet = findSpeechStretches(
      recording(
        [
          [1, 0],
          [1, 600],
          [1, 0],
        ],
        60,
      ),
    );
    expect(quiet).toHaveLength(1);
    expect(quiet[0]?.start).toBeCloseTo(1, 1);
  });

  it('cuts speech without a pause longer than the model reads at its quietest moment', () => {
    // 50 s of speech whose level dips (a breath, not a pause) at 1 + 14 s and 1 + 33 s.
    const parts: [number, number][] = [
      [1, 0],
      [14, 8000],
      [0.15, 900],
      [19, 8000],
      [0.15, 900],
      [17, 8000],
      [1, 0],
    ];
    const stretches = findSpeechStretches(recording(parts));
    expect(stretches.length).toBeGreaterThanOrEqual(3);
    for (const s of stretches) expect(s.end - s.start).toBeLessThanOrEqual(defaultStretchSettings.maxStretchSeconds + 0.01);
    expect(stretches[0]?.start).toBeCloseTo(1, 1);
    expect(stretches.at(-1)?.end).toBeCloseTo(51.3, 1);
    // Each cut falls in a dip.
    for (const s of stretches.slice(1))
      expect(
        [15.1, 34.3].some((dip) => Math.abs(s.start - dip) < 0.2),
        String(s.start),
      ).toBe(true);
  });

  it('drops a click too short to be a word, and finds nothing in noise alone', () => {
    expect(
      findSpeechStretches(
        recording([
          [1, 0],
          [0.04, 20000],
          [1, 0],
        ]),
      ),
    ).toEqual([]);
    expect(findSpeechStretches(recording([[3, 0]]))).toEqual([]);
    expect(findSpeechStretches(new Int16Array(0))).toEqual([]);
  });
});
