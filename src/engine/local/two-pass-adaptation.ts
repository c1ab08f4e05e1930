import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { RecognizedWord, Utterance } from './pocketsphinx.js';
import {
  estimateSpeakerTransform,
  sphinxtrainDir,
  type AdaptationStretch,
  type SpeakerTransform,
} from './speaker-adaptation/estimate-speaker-transform.js';
import type { SpeechChunk } from './speaker-turns.js';
import { assembleChunksFrom, speakerAt, type SpeakerSpan } from './warp-selection.js';

/**
 * Unsupervised speaker adaptation in two passes (docs/engine.md, "Two-pass speaker adaptation"):
 * the call is decoded as usual; for each speaker (channel, voice group, or the whole call) the
 * first decode's words serve
 * as the transcript of that speaker's own audio, sphinxtrain estimates an MLLR transform from it,
 * and the call is decoded again with that transform; the speaker's words then come from their own
 * adapted decode. Nothing in it knows the voice: it is standard speaker adaptation.
 */
export interface TwoPassSettings {
  /** A speaker needs this many first-pass words in trusted stretches to be adapted (else keeps the first decode's words). */
  minWords: number;
  /** Stretches whose mean word posterior is lower are left out of the estimate (a wrong transcript misleads it). */
  minStretchConfidence: number;
  /** Bound on the whole adaptation (estimates and decodes); past it, the first decode stands. */
  timeoutMs: number;
  /**
   * Adaptation rounds: 2 estimates each speaker's transform again from the first adapted decode's
   * words and decodes once more. 1 by default, except for a scaled high voice, which takes two
   * (`SpeakerAudio.rounds`, high-voice-scaling.ts): for every speaker, another round lowered word
   * errors on the espeak-ng voices but made flite's awb worse twice and cost about 1.5× the CPU
   * (docs/engine-bench.md, "Not done, or measured and not kept").
   */
  rounds: number;
  /**
   * A later round's decode replaces a speaker's words only when the decoder is surer of them (a
   * higher mean word posterior over the speaker's stretches); otherwise the speaker keeps the last
   * round's words and takes no more rounds. An unsupervised check: no reference is needed. On by
   * default: it kept a high voice's extra round from making f4 worse on the development calls
   * (docs/engine.md, "Frequency scaling of high voices").
   */
  laterRoundsMustBeSurer: boolean;
  /**
   * Vocal tract length warps each speaker chooses from by likelihood before the transform is
   * estimated (maximum-likelihood VTLN; the second decode then uses the chosen warp too). [1]: none.
   */
  warps: number[];
  /**
   * MAP adaptation of the means on top of each speaker's MLLR transform, with this prior weight
   * (map_adapt's tau, in frames); null: the transform alone. MLLR moves every Gaussian by one shared
   * affine map; MAP then moves each Gaussian the speaker's audio reached toward that audio, as far
   * as its frames outweigh the prior (docs/engine.md, "Options measured and left off").
   */
  mapPriorFrames: number | null;
  /** Where sphinxtrain's bw and mllr_solve are (Debian's sphinxtrain package). */
  sphinxtrainDir: string;
}

/**
 * The warps a speaker chooses from by likelihood (ENGINE_LOCAL_TWO_PASS_WARP): the grid of
 * test/bench/engine-warp-probe.ts, chosen on the tuned voices, not on the voices measured since.
 */
export const likelihoodWarpCandidates = [0.85, 0.93, 1, 1.08, 1.16, 1.25];

export const defaultTwoPassSettings: TwoPassSettings = {
  minWords: 20,
  minStretchConfidence: 0,
  timeoutMs: 10 * 60_000,
  rounds: 1,
  laterRoundsMustBeSurer: true,
  warps: [1],
  mapPriorFrames: null,
  sphinxtrainDir,
};

/** What a speaker's adapted decode uses: the MLLR transform (`file`), MAP-adapted means if estimated, the warp. */
export type AdaptedModel = Pick<SpeakerTransform, 'file' | 'warp' | 'meansFile'>;

/** The recording a speaker is decoded from, and the first decode's words in it. */
export interface SpeakerAudio {
  /** A 16 kHz mono recording of the whole call: the mixdown, or its frequency-scaled copy for a high voice (high-voice-scaling.ts). */
  wavFile: string;
  firstPass: RecognizedWord[];
  /** Adaptation rounds for this speaker (default: the settings' `rounds`); a high voice may take more (high-voice-scaling.ts). */
  rounds?: number;
}

export interface TwoPassInput {
  /** Each speaker's audio: both passes decode the same recording for a speaker. */
  audioOf: (speaker: string) => SpeakerAudio;
  /** The speakers' stretches found from the first decode. */
  spans: SpeakerSpan[];
  /**
   * Decodes a whole recording with a speaker's adapted model (the first decode's settings otherwise):
   * its MAP-adapted means when it has them, else its MLLR transform, and its warp; stops when `signal` aborts.
   */
  decodeWith: (wavFile: string, model: AdaptedModel, signal: AbortSignal) => Promise<Utterance[]>;
  modelDir: string;
  dictionaryFile: string;
  workDir: string;
  /** Where each speaker's rounds are reported (debug: round, MAP-adapted means or not, mean word posterior before and after, kept or not). */
  logger?: Partial<Pick<Logger, 'debug'>>;
}

export interface TwoPassResult {
  chunks: SpeechChunk[];
  /** Speakers whose words come from an adapted decode. */
  adaptedSpeakers: string[];
  /** The warp each adapted speaker's last decode used (1: unwarped). */
  warps: Map<string, number>;
}

/** Silence kept around each stretch cut for the estimate, so bw's <s> and </s> have some. */
const stretchPadding = 0.1;

const middle = (w: RecognizedWord) => (w.start + w.end) / 2;

/** The mean word posterior of a speaker's words (those in their stretches), or 0 without any. */
export function speakerConfidence(words: RecognizedWord[], spans: SpeakerSpan[], speaker: string): number {
  const mine = words.filter((w) => speakerAt(spans, middle(w)) === speaker);
  return mine.length ? mine.reduce((s, w) => s + w.confidence, 0) / mine.length : 0;
}

/** A speaker's stretches and the words heard in each, keeping the ones the decoder was sure enough of. */
export function adaptationStretches(
  words: RecognizedWord[],
  spans: SpeakerSpan[],
  speaker: string,
  minConfidence: number,
): AdaptationStretch[] {
  const stretches: AdaptationStretch[] = [];
  for (const span of spans.filter((s) => s.speaker === speaker)) {
    const mine = words.filter((w) => middle(w) >= span.start && middle(w) <= span.end && speakerAt(spans, middle(w)) === speaker);
    if (!mine.length) continue;
    const confidence = mine.reduce((s, w) => s + w.confidence, 0) / mine.length;
    if (confidence < minConfidence) continue;
    stretches.push({ start: Math.max(0, span.start - stretchPadding), end: span.end + stretchPadding, words: mine.map((w) => w.word) });
  }
  return stretches;
}

/**
 * The adaptation and the adapted decodes. Throws on any failure (a tool missing or failing, the
 * time bound): the caller keeps the first decode then. Speakers with too few words keep their first-pass words.
 */
export async function decodeWithSpeakerAdaptation(input: TwoPassInput, settings: TwoPassSettings): Promise<TwoPassResult> {
  // Aborting kills the running tool or decode, so nothing is left writing to the work folder.
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`speaker adaptation took longer than ${settings.timeoutMs} ms`)),
    settings.timeoutMs,
  );
  try {
    return await adaptAndDecode(input, settings, controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

async function adaptAndDecode(input: TwoPassInput, settings: TwoPassSettings, signal: AbortSignal): Promise<TwoPassResult> {
  const speakers = [...new Set(input.spans.map((s) => s.speaker))];
  const current = new Map(speakers.map((speaker) => [speaker, input.audioOf(speaker).firstPass]));
  const adapted = new Set<string>();
  const stopped = new Set<string>();
  const warps = new Map<string, number>();
  const roundsOf = (speaker: string) => input.audioOf(speaker).rounds ?? settings.rounds;
  const lastRound = Math.max(0, ...speakers.map(roundsOf));
  for (let round = 1; round <= lastRound; round += 1) {
    // One speaker after the other: each decode already keeps a core busy, and the machine's
    // other decodes (other calls) share the rest.
    for (const speaker of speakers.filter((s) => roundsOf(s) >= round && !stopped.has(s))) {
      const stretches = adaptationStretches(current.get(speaker) ?? [], input.spans, speaker, settings.minStretchConfidence);
      if (stretches.reduce((n, s) => n + s.words.length, 0) < settings.minWords) continue;
      signal.throwIfAborted();
      const workDir = path.join(input.workDir, `adapt-${round}-${speaker}`);
      await mkdir(workDir, { recursive: true });
      const { wavFile } = input.audioOf(speaker);
      const transform = await estimateSpeakerTransform(wavFile, stretches, {
        modelDir: input.modelDir,
        dictionaryFile: input.dictionaryFile,
        workDir,
        timeoutMs: settings.timeoutMs,
        sphinxtrainDir: settings.sphinxtrainDir,
        warps: settings.warps,
        signal,
        ...(settings.mapPriorFrames ? { mapPriorFrames: settings.mapPriorFrames } : {}),
      });
      signal.throwIfAborted();
      const utterances = await input.decodeWith(wavFile, transform, signal);
      signal.throwIfAborted();
      const words = utterances.flatMap((u) => u.words);
      const [before, after] = [current.get(speaker) ?? [], words].map((w) => speakerConfidence(w, input.spans, speaker));
      const kept = round === 1 || !settings.laterRoundsMustBeSurer || (after ?? 0) > (before ?? 0);
      input.logger?.debug?.(
        { speaker, round, adaptedMeans: Boolean(transform.meansFile), confidenceBefore: before, confidenceAfter: after, kept },
        'speaker adaptation round',
      );
      if (!kept) {
        stopped.add(speaker);
        continue;
      }
      warps.set(speaker, transform.warp);
      current.set(speaker, words);
      adapted.add(speaker);
    }
  }
  const decodes = speakers.map((speaker) => ({ key: speaker, words: current.get(speaker) ?? [] }));
  const chunks = assembleChunksFrom(decodes, input.spans, new Map(speakers.map((s) => [s, s])), '');
  return { chunks, adaptedSpeakers: [...adapted], warps };
}
