import { readPcmRange, sampleRate } from '../../audio/pcm-wav.js';
import type { Logger } from '../../../logger.js';
import type { DecodedRecording, RecognitionHints, SpeechToTextEngine, Transcript, TranscriptSegment } from '../../engine-types.js';
import { assignSpeakersByChannel, assignSpeakersByVoice, channelsDiffer, mergeTurns, type SpeechChunk } from '../speaker-turns.js';
import { applyVocabulary } from '../vocabulary-hints.js';
import { MoonshineRecognizer } from './moonshine-recognizer.js';
import type { OtherReading } from './other-readings.js';
import { defaultStretchSettings, findSpeechStretches, type StretchSettings } from './speech-stretches.js';
import { speechModelFiles } from './speech-model-files.js';
import { defaultVocabularyBias, VocabularyBias, type VocabularyBiasSettings } from './vocabulary-bias.js';
import { biasTermsFromHints, introducedNames } from './hint-terms.js';
import { defaultDomainWordModelSettings, DomainWordModel, type DomainWordModelSettings } from './domain-word-model.js';
import { defaultLocalModelDir } from '../../engine-settings.js';
import { readGeneralUnigrams } from '../general-unigrams.js';
import { generalModelFiles } from '../pocketsphinx.js';

export interface MoonshineSpeechSettings {
  /** Where the set-up installed the model (ENGINE_LOCAL_SPEECH_MODEL_DIR; speech-model-files.ts). */
  modelDir: string;
  /** onnxruntime threads per decode (ENGINE_LOCAL_SPEECH_THREADS). */
  threads: number;
  stretches: StretchSettings;
  /** Decoding nudged toward the configuration's vocabulary, or false. */
  vocabularyBias: VocabularyBiasSettings | false;
  /** Hypotheses the decoder keeps at each step (1: greedy). */
  beamWidth: number;
  /**
   * Shallow fusion with a word model of the call's domain (domain-word-model.ts: the contact-centre
   * corpus and the configuration's text), or false. Weight 0.2 and a bonus of 0.5 per word were
   * chosen on the tuned voices' development calls (weights 0.1 to 0.5, bonuses 0 to 1;
   * docs/engine-bench.md, "How Moonshine's settings were chosen"): word errors 12.7% → 8.0% and 9.7% → 6.4% against the greedy decode.
   */
  languageModel: (DomainWordModelSettings & { weight: number; wordBonus: number }) | false;
  /** pocketsphinx's general model, whose unigrams keep words outside the corpus possible (null: a flat floor). */
  generalUnigramsFile: string | null;
  /** A speaker's consecutive stretches are read together up to this long (the model reads up to about 30 s). */
  maxPieceSeconds: number;
  /** Audio kept either side of a stretch, so a word's soft start or end is not cut. */
  marginSeconds: number;
  /**
   * Silence added either side of a piece before the model reads it: without it Moonshine drops or
   * mishears a piece's first and last words (measured: docs/engine-bench.md, "How Moonshine's
   * settings were chosen").
   */
  paddingSeconds: number;
  /** With one voice heard, a pause this long starts a new segment (a likely change of speaker: speaker-turns.ts). */
  oneVoiceTurnPauseSeconds: number;
  logger?: Pick<Logger, 'warn' | 'debug'>;
}

export const defaultMoonshineSpeechSettings: Omit<MoonshineSpeechSettings, 'modelDir'> = {
  threads: 1,
  stretches: defaultStretchSettings,
  vocabularyBias: defaultVocabularyBias,
  beamWidth: 4,
  languageModel: { ...defaultDomainWordModelSettings, weight: 0.2, wordBonus: 0.5 },
  generalUnigramsFile: generalModelFiles(defaultLocalModelDir).languageModel,
  maxPieceSeconds: 25,
  marginSeconds: 0.1,
  paddingSeconds: 0.5,
  oneVoiceTurnPauseSeconds: 0.6,
};

const recognizers = new Map<string, Promise<MoonshineRecognizer>>();
const naturalUnigrams = new WeakMap<Map<string, number>, Map<string, number>>();

/** One loaded model per directory and thread count per process, shared by every call. */
function recognizerFor(modelDir: string, threads: number): Promise<MoonshineRecognizer> {
  const key = `${modelDir}\u0000${threads}`;
  let recognizer = recognizers.get(key);
  if (!recognizer) {
    recognizer = MoonshineRecognizer.load(speechModelFiles(modelDir), { threads }).catch((error: unknown) => {
      recognizers.delete(key);
      throw new Error(
        `the offline speech model could not be loaded from ${modelDir} (run npm run setup:system to install it): ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    recognizers.set(key, recognizer);
  }
  return recognizer;
}

interface Piece extends SpeechChunk {
  speaker: string;
}

/**
 * The offline engine's speech-to-text (ENGINE_LOCAL_RECOGNIZER=moonshine, the default): where the
 * call has speech (speech-stretches.ts), who spoke each stretch (a stereo recording's channels, or
 * voices in a mono one: speaker-turns.ts), then each speaker's run of stretches read by Moonshine
 * Base, a neural model (moonshine-recognizer.ts), from that speaker's own channel when the
 * recording has one, with a beam search fused with a word model of the call's domain
 * (domain-word-model.ts); the configuration's vocabulary biases the decoder and corrects
 * sound-alikes after it. English only.
 */
export class MoonshineSpeechToText implements SpeechToTextEngine {
  readonly name = 'local';
  readonly settings: MoonshineSpeechSettings;

  constructor(settings: Partial<MoonshineSpeechSettings> & Pick<MoonshineSpeechSettings, 'modelDir'>) {
    this.settings = { ...defaultMoonshineSpeechSettings, ...settings };
  }

  async transcribe(audio: DecodedRecording, hints: RecognitionHints): Promise<Transcript> {
    const recognizer = await recognizerFor(this.settings.modelDir, this.settings.threads);
    const mixdown = await readPcmRange(audio.mixdown, 0, audio.durationSeconds + 1);
    const stretches: SpeechChunk[] = findSpeechStretches(mixdown, this.settings.stretches).map((s) => ({ ...s, text: '' }));
    const [left, right] = audio.channels;
    const byChannel = Boolean(left && right && (await channelsDiffer([left, right], audio.durationSeconds)));
    const withSpeakers =
      left && right && byChannel
        ? await assignSpeakersByChannel(left, right, stretches)
        : await assignSpeakersByVoice(audio.mixdown, stretches);
    const pieces = this.piecesOf(withSpeakers);
    const biasTerms = biasTermsFromHints(hints);
    const terms = [...biasTerms.terms];
    const bias = this.settings.vocabularyBias ? new VocabularyBias(biasTerms, this.settings.vocabularyBias) : null;
    const fusion = this.settings.languageModel;
    const general = await this.generalUnigrams();
    const knownWord = general ? (word: string) => general.has(word) : undefined;
    const languageModel = fusion
      ? { model: DomainWordModel.forHints(hints, general, fusion), weight: fusion.weight, wordBonus: fusion.wordBonus }
      : null;
    const channelOf = (speaker: string) => (byChannel ? (speaker === 'A' ? left : right) : undefined) ?? audio.mixdown;
    const recognized: (Piece & { others: OtherReading[] })[] = [];
    for (const piece of pieces) {
      const start = Math.max(0, piece.start - this.settings.marginSeconds);
      const end = Math.min(audio.durationSeconds, piece.end + this.settings.marginSeconds);
      const samples = withSilence(await readPcmRange(channelOf(piece.speaker), start, end), this.settings.paddingSeconds);
      const { text, others } = await recognizer.read(samples, { bias, languageModel, beamWidth: this.settings.beamWidth });
      if (!text) continue;
      recognized.push({ ...piece, text, others });
      // A name a speaker introduces corrects its other mentions (hint-terms.ts); raising it in the
      // decoder as well made "Hello Daniel" "The Low Daniel" rather than "The Daniel".
      for (const name of introducedNames(text)) if (!terms.some((t) => t.toLowerCase() === name.toLowerCase())) terms.push(name);
    }
    const correct = (text: string) => applyVocabulary(text, terms, knownWord);
    const corrected = recognized.map((chunk) => ({
      start: chunk.start,
      end: chunk.end,
      speaker: chunk.speaker,
      text: correct(chunk.text),
    }));
    const segments = mergeTurns(corrected, this.settings.oneVoiceTurnPauseSeconds);
    const alternatives = recognized.flatMap((chunk) => {
      const segment = segmentOf(segments, chunk);
      return chunk.others.map((other) => ({ segment, text: correct(other.text), gap: other.gap }));
    });
    return { language: 'en', segments, alternatives };
  }

  /** General English unigrams as natural logs, or null when the file cannot be read (a flat floor is used). */
  private async generalUnigrams(): Promise<Map<string, number> | null> {
    if (!this.settings.generalUnigramsFile) return null;
    try {
      const log10 = await readGeneralUnigrams(this.settings.generalUnigramsFile);
      let natural = naturalUnigrams.get(log10);
      if (!natural) {
        natural = new Map([...log10].map(([word, p]) => [word, p * Math.LN10]));
        naturalUnigrams.set(log10, natural);
      }
      return natural;
    } catch (error) {
      this.settings.logger?.warn(
        { err: error, file: this.settings.generalUnigramsFile },
        'general English unigrams unavailable; the domain word model uses a flat floor',
      );
      return null;
    }
  }

  /**
   * A speaker's consecutive stretches, read as one piece up to `maxPieceSeconds`; with one voice
   * heard, a long pause also ends a piece, so turn-taking can still tell the roles apart.
   */
  private piecesOf(chunks: SpeechChunk[]): Piece[] {
    const oneVoice = new Set(chunks.map((c) => c.speaker)).size === 1;
    const pieces: Piece[] = [];
    for (const chunk of chunks) {
      const speaker = chunk.speaker ?? 'A';
      const last = pieces.at(-1);
      const joins =
        last &&
        last.speaker === speaker &&
        chunk.end - last.start <= this.settings.maxPieceSeconds &&
        !(oneVoice && chunk.start - last.end >= this.settings.oneVoiceTurnPauseSeconds);
      if (joins) last.end = chunk.end;
      else pieces.push({ ...chunk, speaker });
    }
    return pieces;
  }
}

/** The index of the segment a piece was merged into: its speaker's last segment starting no later than the piece. */
function segmentOf(segments: TranscriptSegment[], piece: Piece): number {
  const start = Math.round(piece.start * 100) / 100;
  return segments.findLastIndex((s) => s.speaker === piece.speaker && s.start <= start);
}

/** The samples as the model reads them (-1..1), with `seconds` of silence before and after. */
function withSilence(samples: Int16Array, seconds: number): Float32Array {
  const padding = Math.round(seconds * sampleRate);
  const out = new Float32Array(samples.length + 2 * padding);
  for (let i = 0; i < samples.length; i += 1) out[padding + i] = (samples[i] ?? 0) / 32768;
  return out;
}
