import { describe, expect, it } from 'vitest';
import { pocketsphinxArguments, type RecognizedWord } from '../../src/engine/local/pocketsphinx.js';
import { assembleChunks, chooseWarps, speakerAt, type SpeakerSpan, type WarpDecode } from '../../src/engine/local/warp-selection.js';

// Agent (A) speaks 0–3 s and 6–8 s, customer (B) 3.5–5.5 s.
const spans: SpeakerSpan[] = [
  { start: 0, end: 3, speaker: 'A' },
  { start: 3.5, end: 5.5, speaker: 'B' },
  { start: 6, end: 8, speaker: 'A' },
];

/** Words spread evenly over [from, to), all with the same confidence. */
function words(texts: string[], from: number, to: number, confidence: number): RecognizedWord[] {
  const step = (to - from) / texts.length;
  return texts.map((word, i) => ({ word, start: from + i * step, end: from + (i + 1) * step - 0.05, confidence }));
}

const unwarped: WarpDecode = {
  warp: 1,
  words: [
    ...words(['thank', 'you', 'for', 'calling', 'brightline'], 0, 3, 0.8),
    ...words(['my', 'internet', 'is', 'down', 'again'], 3.5, 5.5, 0.4),
    ...words(['i', 'have', 'booked', 'an', 'engineer'], 6, 8, 0.8),
  ],
};
// A warp that suits the customer's voice (surer of B's words) and not the agent's.
const raised: WarpDecode = {
  warp: 1.25,
  words: [
    ...words(['thank', 'you', 'or', 'falling', 'right', 'line'], 0, 3, 0.6),
    ...words(['my', 'internet', 'is', 'down', 'again', 'today'], 3.5, 5.5, 0.7),
    ...words(['i', 'have', 'looked', 'an', 'engineer'], 6, 8, 0.6),
  ],
};

describe('vocal tract length warp per speaker', () => {
  it('gives a time the speaker of its span, else of the nearest span', () => {
    expect(speakerAt(spans, 1)).toBe('A');
    expect(speakerAt(spans, 4)).toBe('B');
    expect(speakerAt(spans, 3.4)).toBe('B');
    expect(speakerAt(spans, 9)).toBe('A');
    expect(speakerAt([], 1)).toBeUndefined();
  });

  it('keeps for each speaker the decode it is surest of, and the unwarped one unless a warp gains enough', () => {
    expect(chooseWarps([unwarped, raised], spans, { minGain: 0.015, minWords: 5 })).toEqual(
      new Map([
        ['A', 1],
        ['B', 1.25],
      ]),
    );
    // A gain below the threshold is noise: the unwarped decode stays.
    const barely: WarpDecode = {
      warp: 1.25,
      words: raised.words.map((w) => ({ ...w, confidence: w.start >= 3.5 && w.start < 5.5 ? 0.41 : 0.6 })),
    };
    expect(chooseWarps([unwarped, barely], spans, { minGain: 0.015, minWords: 5 })).toEqual(
      new Map([
        ['A', 1],
        ['B', 1],
      ]),
    );
    // Too few of the speaker's words heard to judge the warp by: the unwarped decode stays.
    expect(chooseWarps([unwarped, raised], spans, { minGain: 0.015, minWords: 7 }).get('B')).toBe(1);
  });

  it("rebuilds the stretches from each speaker's chosen decode", () => {
    const chosen = new Map([
      ['A', 1],
      ['B', 1.25],
    ]);
    const chunks = assembleChunks([unwarped, raised], spans, chosen);
    expect(chunks.map((c) => [c.speaker, c.text])).toEqual([
      ['A', 'thank you for calling brightline'],
      ['B', 'my internet is down again today'],
      ['A', 'i have booked an engineer'],
    ]);
    expect(chunks[1]?.start).toBe(3.5);
  });
});

describe('pocketsphinx command line', () => {
  it('passes a warp other than 1 as an inverse linear warp, and none for 1', () => {
    const options = { timeoutMs: 1000, modelDir: '/models' };
    const warped = pocketsphinxArguments('call.wav', { ...options, warp: 1.25 });
    expect(warped.slice(warped.indexOf('-warp_type'))).toEqual(['-warp_type', 'inverse_linear', '-warp_params', '1.25']);
    expect(pocketsphinxArguments('call.wav', { ...options, warp: 1 })).not.toContain('-warp_params');
    expect(pocketsphinxArguments('call.wav', options)).not.toContain('-warp_params');
  });
});
