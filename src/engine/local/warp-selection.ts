import type { RecognizedWord } from './pocketsphinx.js';
import type { SpeechChunk } from './speaker-turns.js';

/**
 * Vocal tract length normalisation without knowing the voice: the call is decoded once per
 * candidate warp factor, and each speaker keeps the decode in which the decoder was, on average,
 * surest of that speaker's words (pocketsphinx's word posteriors). Speakers and their stretches
 * come from the unwarped decode; the warped decodes only supply words.
 */

/** One decode of the whole call with a warp factor (1: unwarped). */
export interface WarpDecode {
  warp: number;
  words: RecognizedWord[];
}

/** A stretch of the call and who speaks in it (the unwarped decode's chunks, speakers assigned). */
export interface SpeakerSpan {
  start: number;
  end: number;
  speaker: string;
}

/** The speaker of the span holding time `t`, else of the nearest span. */
export function speakerAt(spans: SpeakerSpan[], t: number): string | undefined {
  let nearest: SpeakerSpan | undefined;
  let distance = Infinity;
  for (const span of spans) {
    const d = t < span.start ? span.start - t : t > span.end ? t - span.end : 0;
    if (d < distance) [nearest, distance] = [span, d];
  }
  return nearest?.speaker;
}

const middle = (w: RecognizedWord) => (w.start + w.end) / 2;

/**
 * Each speaker's warp: the decode whose words in that speaker's stretches have the highest mean
 * confidence, provided it beats the unwarped decode by `minGain` and hears at least `minWords`
 * of that speaker's words; else 1. A speaker with no words keeps 1.
 */
export function chooseWarps(
  decodes: WarpDecode[],
  spans: SpeakerSpan[],
  options: { minGain: number; minWords: number },
): Map<string, number> {
  const speakers = [...new Set(spans.map((s) => s.speaker))];
  const chosen = new Map<string, number>();
  for (const speaker of speakers) {
    const scores = decodes.map((d) => {
      const mine = d.words.filter((w) => speakerAt(spans, middle(w)) === speaker);
      return { warp: d.warp, words: mine.length, mean: mine.length ? mine.reduce((s, w) => s + w.confidence, 0) / mine.length : 0 };
    });
    const unwarped = scores.find((s) => s.warp === 1);
    let best = unwarped;
    for (const s of scores) {
      if (s.words < options.minWords) continue;
      if (!best || s.mean > best.mean) best = s;
    }
    const gain = best && unwarped ? best.mean - unwarped.mean : 0;
    chosen.set(speaker, best && (!unwarped || gain >= options.minGain) ? best.warp : 1);
  }
  return chosen;
}

/**
 * The call's stretches of speech rebuilt from each speaker's chosen decode: every word goes to the
 * speaker of its span, a speaker's words come from that speaker's decode, and a stretch ends where
 * the speaker changes or at a pause of `gapSeconds`.
 */
export function assembleChunks(decodes: WarpDecode[], spans: SpeakerSpan[], chosen: Map<string, number>, gapSeconds = 0.35): SpeechChunk[] {
  return assembleChunksFrom(
    decodes.map((d) => ({ key: d.warp, words: d.words })),
    spans,
    chosen,
    1,
    gapSeconds,
  );
}

/**
 * `assembleChunks` for decodes told apart by any key (a warp factor, a speaker's transform): a
 * speaker whose key is not in `chosen` takes `fallback`'s decode.
 */
export function assembleChunksFrom<K>(
  decodes: { key: K; words: RecognizedWord[] }[],
  spans: SpeakerSpan[],
  chosen: Map<string, K>,
  fallback: K,
  gapSeconds = 0.35,
): SpeechChunk[] {
  const words: (RecognizedWord & { speaker: string })[] = [];
  for (const decode of decodes) {
    for (const word of decode.words) {
      const speaker = speakerAt(spans, middle(word));
      if (speaker !== undefined && (chosen.get(speaker) ?? fallback) === decode.key) words.push({ ...word, speaker });
    }
  }
  words.sort((a, b) => a.start - b.start);
  const chunks: SpeechChunk[] = [];
  let current: (typeof words)[number][] = [];
  const flush = () => {
    const [first] = current;
    if (first)
      chunks.push({
        start: first.start,
        end: current.at(-1)?.end ?? first.end,
        text: current.map((w) => w.word).join(' '),
        speaker: first.speaker,
      });
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    if (previous && (previous.speaker !== word.speaker || word.start - previous.end >= gapSeconds)) flush();
    current.push(word);
  }
  flush();
  return chunks;
}
