import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { DecodedRecording, RecognitionHints, SpeechToTextEngine, Transcript } from '../engine-types.js';
import { generalModelFiles, recognizeWithPocketsphinx } from './pocketsphinx.js';
import { defaultRecognitionDomainSettings, prepareRecognitionDomain, type RecognitionDomainSettings } from './recognition-domain.js';
import { assignSpeakersByChannel, assignSpeakersByVoice, channelsDiffer, chunksOf, mergeTurns } from './speaker-turns.js';
import { organisationWordsOf } from './speaker-roles.js';
import { applyVocabulary } from './vocabulary-hints.js';
import {
  decodeWithSpeakerAdaptation,
  defaultTwoPassSettings,
  type AdaptedModel,
  type SpeakerAudio,
  type TwoPassSettings,
} from './two-pass-adaptation.js';
import { assembleChunks, assembleChunksFrom, chooseWarps, type SpeakerSpan } from './warp-selection.js';
import {
  defaultHighVoiceScaling,
  highVoicedSpeakers,
  scaleFrequencies,
  speakersMedianPitch,
  type HighVoiceScalingSettings,
} from './high-voice-scaling.js';
import type { RecognizedWord, Utterance } from './pocketsphinx.js';

export interface LocalSpeechSettings {
  /** Debian's pocketsphinx-en-us model (ENGINE_LOCAL_MODEL_DIR). */
  modelDir: string;
  timeoutMs: number;
  /** Bias recognition with a language model built per call (false: pocketsphinx's general model). */
  domainModel: RecognitionDomainSettings | false;
  /** pocketsphinx -lw with the domain model (measured on the development voices, docs/engine.md, "pocketsphinx"). */
  languageWeight: number;
  /**
   * Vocal tract length warps tried per call (warp-selection.ts): the call is decoded once per
   * factor and each speaker keeps the decode the decoder is surest of. [1]: one unwarped decode,
   * the default: measured with 0.93, 1, 1.25, word errors fell by 0 to 5 points on the untuned
   * voices but verdicts and critical-fail recall did not improve, for three times the decoding
   * (docs/engine.md, "Options measured and left off").
   */
  warps: number[];
  /** Mean word confidence a warp must gain over the unwarped decode to be kept. */
  warpMinGain: number;
  /** Further pocketsphinx flags with the domain model (none by default; see `wideSearchFlags`). */
  decoderFlags: string[];
  /**
   * An MLLR transform of the acoustic model (pocketsphinx -mllr), or null. Only valid for the model
   * it was estimated on: create-engines.ts passes speaker-adaptation.ts's with the default model.
   */
  speakerAdaptationFile: string | null;
  /**
   * Unsupervised speaker adaptation in two passes (two-pass-adaptation.ts), or false: each
   * speaker's first-pass words give an MLLR transform estimated from their own audio, and the call
   * is decoded again with it. Any failure or a timeout keeps the first decode. Needs sphinxtrain and
   * sphinxbase-utils; with it, the vocal tract length warps are not used. On by default: word
   * errors fell 6 to 28 points on every untuned voice and a little on flite's voices, for 2-3.5× the
   * CPU (docs/engine.md, "Two-pass speaker adaptation").
   */
  twoPass: TwoPassSettings | false;
  /**
   * Frequency scaling of high voices (high-voice-scaling.ts), or false: a speaker whose median pitch
   * is a typical woman's is decoded (both decodes) from a copy of the call with its spectrum lowered
   * by a fixed ratio, and takes `adaptationRounds` (2) rounds of the two passes. On by default
   * (docs/engine.md, "Frequency scaling of high voices"); one more decode of the call when a high
   * voice is found, and its extra round's, none otherwise. Not combined with `warps` (without the two passes).
   */
  highVoiceScaling: HighVoiceScalingSettings | false;
  /** Where a failed adaptation (first decode kept) is reported; with `debug`, each speaker's adaptation rounds too. */
  logger?: Pick<Logger, 'warn'> & Partial<Pick<Logger, 'debug'>>;
}

/**
 * Wider search beams and no cap on active HMMs/words per frame: measured, not enabled. Chosen on the
 * tuned voices (the pipeline bench's generic calls: 41.0% → 40.0% word errors, the best of the
 * front-end filters and decoder flags tried); on the untuned voices word errors fell by 1 to 8.5
 * points (held-out klatt4 / m3 38.7% → 33.9%), but on the never-tuned pair m7 / f3 one breach of
 * three was no longer heard (held-03; critical-fail recall 0.67 → 0.33), and it costs about four
 * times the CPU, so the default stays pocketsphinx's own search (docs/engine.md, "Options
 * measured and left off"). `npm run bench:engine --
 * --decoder-flags=...` tries it.
 */
export const wideSearchFlags = [
  '-beam',
  '1e-60',
  '-wbeam',
  '1e-40',
  '-pbeam',
  '1e-60',
  '-lpbeam',
  '1e-50',
  '-lponlybeam',
  '1e-50',
  '-maxhmmpf',
  '-1',
  '-maxwpf',
  '-1',
];

export const defaultLocalSpeechSettings: Omit<LocalSpeechSettings, 'modelDir'> = {
  timeoutMs: 30 * 60_000,
  domainModel: defaultRecognitionDomainSettings,
  languageWeight: 6.5,
  warps: [1],
  warpMinGain: 0.015,
  decoderFlags: [],
  speakerAdaptationFile: null,
  twoPass: defaultTwoPassSettings,
  highVoiceScaling: defaultHighVoiceScaling,
};

/**
 * Offline speech-to-text: pocketsphinx (Debian's en-us acoustic model) on the mixdown, with a
 * language model built for the call's domain (recognition-domain.ts: a contact-centre corpus plus
 * the configuration's vocabulary and text, over the general model's unigrams); speakers from the
 * channels of a stereo recording (the louder channel during each stretch of speech), or from
 * voices in a mono one; vocabulary applied as a sound-alike correction. English only: the only
 * acoustic model installed is en-us.
 *
 * A stereo recording is decoded once, mixed, rather than channel by channel: measured on the
 * synthesized set, a channel that is silent half the time decodes worse (52% word errors against
 * 39% for the mix), and one decode costs half the time.
 */
export class LocalSpeechToText implements SpeechToTextEngine {
  readonly name = 'local';
  readonly settings: LocalSpeechSettings;

  constructor(settings: Partial<LocalSpeechSettings> & Pick<LocalSpeechSettings, 'modelDir'>) {
    this.settings = { ...defaultLocalSpeechSettings, ...settings };
  }

  async transcribe(audio: DecodedRecording, hints: RecognitionHints): Promise<Transcript> {
    const workDir = await mkdtemp(path.join(tmpdir(), 'convoqa-lm-'));
    try {
      const general = generalModelFiles(this.settings.modelDir);
      const domain = this.settings.domainModel
        ? await prepareRecognitionDomain(
            workDir,
            { generalModelFile: general.languageModel, dictionaryFile: general.dictionary },
            hints,
            this.settings.domainModel,
          )
        : null;
      // A speaker's adapted model (two passes) replaces the configured transform: its own MLLR
      // transform, or MAP-adapted means that already hold it.
      const decodeFile = (wavFile: string, warp = 1, adapted?: AdaptedModel, signal?: AbortSignal) =>
        recognizeWithPocketsphinx(wavFile, {
          timeoutMs: this.settings.timeoutMs,
          ...(signal ? { signal } : {}),
          modelDir: this.settings.modelDir,
          warp,
          speakerAdaptationFile: adapted ? (adapted.meansFile ? null : adapted.file) : this.settings.speakerAdaptationFile,
          ...(adapted?.meansFile ? { meansFile: adapted.meansFile } : {}),
          decoderFlags: domain ? this.settings.decoderFlags : [],
          ...(domain
            ? {
                languageModelFile: domain.languageModelFile,
                dictionaryFile: domain.dictionaryFile,
                languageWeight: this.settings.languageWeight,
              }
            : {}),
        });
      const decode = (warp: number) => decodeFile(audio.mixdown, warp);
      const twoPass = this.settings.twoPass;
      const otherWarps = twoPass ? [] : this.settings.warps.filter((w) => w !== 1);
      const [utterances, ...warped] = await Promise.all([decode(1), ...otherWarps.map((w) => decode(w))]);
      const chunks = chunksOf(utterances ?? []);
      const [left, right] = audio.channels;
      const byChannel = left && right && (await channelsDiffer([left, right], audio.durationSeconds));
      let withSpeakers = byChannel
        ? await assignSpeakersByChannel(left, right, chunks)
        : await assignSpeakersByVoice(audio.mixdown, chunks);
      if (otherWarps.length) {
        const decodes = [1, ...otherWarps].map((warp, i) => ({
          warp,
          words: (i === 0 ? utterances : warped[i - 1])?.flatMap((u) => u.words) ?? [],
        }));
        const spans = spansOf(withSpeakers);
        const chosen = chooseWarps(decodes, spans, { minGain: this.settings.warpMinGain, minWords: 5 });
        if ([...chosen.values()].some((w) => w !== 1)) withSpeakers = assembleChunks(decodes, spans, chosen);
      }
      const firstPass = (utterances ?? []).flatMap((u) => u.words);
      let audioOf = (_speaker: string): SpeakerAudio => ({ wavFile: audio.mixdown, firstPass });
      // The warps (an option without the two passes) are their own frequency normalisation: a speaker's
      // words already come from the warp chosen for them, so high voices are not scaled on top.
      if (this.settings.highVoiceScaling && !otherWarps.length && withSpeakers.length) {
        const spans = spansOf(withSpeakers);
        const high = await this.decodeHighVoices(
          audio.mixdown,
          spans,
          this.settings.highVoiceScaling,
          path.join(workDir, 'high-voices.wav'),
          (file) => decodeFile(file),
        );
        if (high) {
          // A high voice takes its own rounds, never fewer than the other speakers.
          const rounds = Math.max(this.settings.highVoiceScaling.adaptationRounds, twoPass ? twoPass.rounds : 1);
          const scaled: SpeakerAudio = { wavFile: high.wavFile, firstPass: high.words, rounds };
          const speakers = new Set(spans.map((s) => s.speaker));
          withSpeakers = assembleChunksFrom(
            [
              { key: 'mixdown', words: firstPass },
              { key: 'scaled', words: high.words },
            ],
            spans,
            new Map([...speakers].map((s) => [s, high.speakers.includes(s) ? 'scaled' : 'mixdown'])),
            'mixdown',
          );
          audioOf = (speaker) => (high.speakers.includes(speaker) ? scaled : { wavFile: audio.mixdown, firstPass });
        }
      }
      if (twoPass && withSpeakers.length) {
        const spans = spansOf(withSpeakers);
        try {
          const adapted = await decodeWithSpeakerAdaptation(
            {
              audioOf,
              spans,
              decodeWith: (wavFile, model, signal) => decodeFile(wavFile, model.warp, model, signal),
              modelDir: this.settings.modelDir,
              dictionaryFile: domain?.dictionaryFile ?? general.dictionary,
              workDir,
              ...(this.settings.logger ? { logger: this.settings.logger } : {}),
            },
            twoPass,
          );
          if (adapted.adaptedSpeakers.length) withSpeakers = adapted.chunks;
        } catch (error) {
          this.settings.logger?.warn({ err: error }, 'speaker adaptation failed; the first decode is kept');
        }
      }
      // Names the dictionary lacks were recognised as two words ("bright line"): join them back.
      const terms = [
        ...hints.vocabulary,
        ...(domain?.joinedTerms ?? []).filter(
          (t) => organisationWordsOf((hints.domainText ?? []).join(' ')).includes(t) || hints.vocabulary.some((v) => v.toLowerCase() === t),
        ),
      ];
      const segments = mergeTurns(withSpeakers).map((s) => ({ ...s, text: applyVocabulary(s.text, [...new Set(terms)]) }));
      return { language: 'en', segments };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The high voices' words decoded from a frequency-scaled copy of the call (high-voice-scaling.ts),
   * or null when no speaker's voice is high. A failure (sox missing or failing, the decode failing)
   * logs a warning and returns null: the call is decoded as it is.
   */
  private async decodeHighVoices(
    mixdown: string,
    spans: SpeakerSpan[],
    settings: HighVoiceScalingSettings,
    scaledFile: string,
    decodeFile: (wavFile: string) => Promise<Utterance[]>,
  ): Promise<{ speakers: string[]; wavFile: string; words: RecognizedWord[] } | null> {
    const speakers = highVoicedSpeakers(await speakersMedianPitch(mixdown, spans, settings.measureSeconds), settings);
    if (!speakers.length) return null;
    try {
      await scaleFrequencies(mixdown, scaledFile, settings.cents, { timeoutMs: this.settings.timeoutMs });
      const words = (await decodeFile(scaledFile)).flatMap((u) => u.words);
      return { speakers, wavFile: scaledFile, words };
    } catch (error) {
      this.settings.logger?.warn({ err: error }, 'frequency scaling of high voices failed; the call is decoded as it is');
      return null;
    }
  }
}

const spansOf = (chunks: { start: number; end: number; speaker?: string }[]): SpeakerSpan[] =>
  chunks.map((c) => ({ start: c.start, end: c.end, speaker: c.speaker ?? 'A' }));
