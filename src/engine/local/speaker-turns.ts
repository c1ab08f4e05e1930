import { readPcmRange } from '../audio/pcm-wav.js';
import type { TranscriptSegment } from '../engine-types.js';
import { medianPitch } from './pitch.js';
import type { Utterance } from './pocketsphinx.js';

const speakerLabels = ['A', 'B', 'C', 'D'];

/** A pause this long between two words starts a new stretch that may belong to another speaker. */
const turnGapSeconds = 0.35;

export interface SpeechChunk {
  start: number;
  end: number;
  text: string;
  speaker?: string;
}

/** Splits the decoder's utterances at every pause of 0.35 s or more. */
export function chunksOf(utterances: Utterance[]): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  for (const utterance of utterances) {
    let words: typeof utterance.words = [];
    for (const word of utterance.words) {
      const previous = words.at(-1);
      if (previous && word.start - previous.end >= turnGapSeconds) {
        chunks.push(toChunk(words));
        words = [];
      }
      words.push(word);
    }
    if (words.length) chunks.push(toChunk(words));
  }
  return chunks;
}

function toChunk(words: Utterance['words']): SpeechChunk {
  return { start: words[0]?.start ?? 0, end: words.at(-1)?.end ?? 0, text: words.map((w) => w.word).join(' ') };
}

/** Up to this many stretches a call is a short exchange, where each voice may speak once. */
const maxStretchesOfShortExchange = 3;

/**
 * Speakers of a mono recording from their voices: the median pitch of each stretch of speech,
 * split into two groups when the groups' pitches differ by more than 15% (about 2.5 semitones),
 * else one speaker. Stretches too short to measure take the speaker before them.
 */
export async function assignSpeakersByVoice(wavFile: string, chunks: SpeechChunk[]): Promise<SpeechChunk[]> {
  const pitches = await Promise.all(chunks.map(async (c) => medianPitch(await readPcmRange(wavFile, c.start, c.end))));
  const measured = pitches.filter((p): p is number => p !== null).map(Math.log);
  const split = twoMeans(measured);
  // In a call of more than three stretches, one stray stretch (a short answer pitched differently)
  // is not a second voice: each group needs two stretches, else the call stays one speaker and
  // roles come from turn-taking (docs/engine.md, "Speakers"). A short exchange (a question and its
  // answer) has a single stretch per voice by nature, so it keeps its split.
  const boundary = split ? (split.low + split.high) / 2 : 0;
  const smallerGroup = Math.min(measured.filter((p) => p <= boundary).length, measured.filter((p) => p > boundary).length);
  const isSplitReal = split !== null && (smallerGroup >= 2 || measured.length <= maxStretchesOfShortExchange);
  const distinct = split !== null && isSplitReal && Math.exp(split.high - split.low) > 1.15;
  const order: string[] = [];
  let previous: string | undefined;
  return chunks.map((chunk, i) => {
    const pitch = pitches[i];
    let group = previous ?? 'low';
    if (pitch != null && distinct && split) {
      const log = Math.log(pitch);
      group = Math.abs(log - split.low) <= Math.abs(log - split.high) ? 'low' : 'high';
    } else if (!distinct) group = 'low';
    previous = group;
    if (!order.includes(group)) order.push(group);
    return { ...chunk, speaker: speakerLabels[order.indexOf(group)] ?? 'A' };
  });
}

/**
 * Speakers of a stereo recording with a speaker per channel: A when the left channel carries more
 * energy during the stretch, B when the right does. Crosstalk is quieter than the speaker's own
 * channel, so it does not flip the decision.
 */
export async function assignSpeakersByChannel(left: string, right: string, chunks: SpeechChunk[]): Promise<SpeechChunk[]> {
  return Promise.all(
    chunks.map(async (chunk) => {
      const [l, r] = await Promise.all([readPcmRange(left, chunk.start, chunk.end), readPcmRange(right, chunk.start, chunk.end)]);
      return { ...chunk, speaker: energy(l) >= energy(r) ? 'A' : 'B' };
    }),
  );
}

function energy(samples: Int16Array): number {
  let sum = 0;
  for (const v of samples) sum += v * v;
  return sum;
}

/** 1-D two-means (deterministic: starts from the extremes). */
function twoMeans(values: number[]): { low: number; high: number } | null {
  if (values.length < 2) return null;
  let low = Math.min(...values);
  let high = Math.max(...values);
  for (let iteration = 0; iteration < 20; iteration += 1) {
    const lows = values.filter((v) => Math.abs(v - low) <= Math.abs(v - high));
    const highs = values.filter((v) => Math.abs(v - low) > Math.abs(v - high));
    if (!lows.length || !highs.length) return null;
    const nextLow = lows.reduce((a, b) => a + b, 0) / lows.length;
    const nextHigh = highs.reduce((a, b) => a + b, 0) / highs.length;
    if (nextLow === low && nextHigh === high) break;
    [low, high] = [nextLow, nextHigh];
  }
  return { low, high };
}

/**
 * Consecutive stretches of one speaker become one segment of the conversation. When only one
 * speaker was found (voices too alike to tell apart), stretches stay separate at pauses of
 * `turnPauseSeconds` or more: they are the likeliest turn changes, and the judge can still give
 * each its role by what it says.
 */
export function mergeTurns(chunks: SpeechChunk[], turnPauseSeconds = 0.6): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  const isOneSpeaker = new Set(chunks.map((c) => c.speaker ?? 'A')).size === 1;
  for (const chunk of [...chunks].sort((a, b) => a.start - b.start)) {
    const last = segments.at(-1);
    const speaker = chunk.speaker ?? 'A';
    if (last && last.speaker === speaker && !(isOneSpeaker && chunk.start - last.end >= turnPauseSeconds)) {
      last.text = `${last.text} ${chunk.text}`;
      last.end = chunk.end;
    } else {
      segments.push({ speaker, text: chunk.text, start: round(chunk.start), end: round(chunk.end) });
    }
  }
  return segments.map((s) => ({ ...s, end: round(s.end) }));
}

const round = (seconds: number) => Math.round(seconds * 100) / 100;

/**
 * Whether a stereo recording carries different signals per channel (a speaker per channel), or
 * the same one twice. Compares up to 60 one-second windows spread over the recording.
 */
export async function channelsDiffer([left, right]: string[], durationSeconds: number): Promise<boolean> {
  if (!left || !right) return false;
  const windows = Math.min(60, Math.max(1, Math.floor(durationSeconds)));
  let difference = 0;
  let total = 0;
  for (let i = 0; i < windows; i += 1) {
    const start = (durationSeconds * i) / windows;
    const [a, b] = await Promise.all([readPcmRange(left, start, start + 1), readPcmRange(right, start, start + 1)]);
    for (let j = 0; j < Math.min(a.length, b.length); j += 1) {
      const x = a[j] ?? 0;
      const y = b[j] ?? 0;
      difference += (x - y) ** 2;
      total += x * x + y * y;
    }
  }
  return total > 0 && difference / total > 0.05;
}
