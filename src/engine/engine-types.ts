/**
 * The engines behind the processing pipeline, as small interfaces: speech-to-text, and a language
 * engine for summary, extraction fields and criterion judgements. `local` (offline) and `openai`
 * (any OpenAI-compatible endpoint) implement them; create-engines.ts picks one from config.
 */
import type { CriterionType } from '../contract/evaluators.js';

/**
 * A recording decoded for the engines: 16 kHz, 16-bit mono PCM WAV files (audio/pcm-wav.ts reads
 * them). The pipeline decodes the upload into this shape before it calls speech-to-text.
 */
export interface DecodedRecording {
  /** 16 kHz mono WAV of all channels mixed. */
  mixdown: string;
  /** One 16 kHz mono WAV per channel when the recording is stereo, else empty. */
  channels: string[];
  durationSeconds: number;
}

/** A type alias (not an interface) so segments are plain JSON for Prisma. */
export type TranscriptSegment = {
  speaker: string;
  text: string;
  /** Seconds from the start of the recording. */
  start: number;
  end: number;
};

/** Another reading of part of a segment that the recogniser considered and did not keep. */
export type HeardAlternative = {
  /** The segment's index. */
  segment: number;
  text: string;
  /** How far below the kept reading it scored (natural log). */
  gap: number;
};

export interface Transcript {
  /** ISO 639-1 code of the conversation. */
  language: string;
  segments: TranscriptSegment[];
  /**
   * The offline engine's other readings (docs/engine.md, "Other readings of the audio"): evidence
   * that a required thing was said, for the judge only. Never stored or shown (the stored outcome
   * has the segments only), and not masked by redaction, so nothing else may read it.
   */
  alternatives?: HeardAlternative[];
}

/** What the configuration and evaluator say about a call, to bias recognition toward its domain. */
export interface RecognitionHints {
  /** The configuration's vocabulary (product and company names, jargon). */
  vocabulary: string[];
  /** Other text about the calls: the evaluator's context, criterion names and descriptions, field names and descriptions. */
  domainText?: string[];
}

export interface SpeechToTextEngine {
  readonly name: string;
  transcribe(audio: DecodedRecording, hints: RecognitionHints): Promise<Transcript>;
}

export interface ExtractionFieldSpec {
  name: string;
  type: 'string' | 'number' | 'boolean' | 'date';
  description: string;
}

export type ExtractedValue = string | number | boolean | null;

export interface CriterionToJudge {
  id: string;
  name: string;
  description: string;
  type: CriterionType;
}

/** An engine's verdict on one criterion: boolean/strict raw score 0 or 1, scale 1 to 5. */
export interface CriterionJudgement {
  criterionId: string;
  scoreRawAi: number;
  reasoning: string;
  quote: string;
  feedback: string | null;
}

export interface LanguageEngine {
  readonly name: string;
  summarize(transcript: Transcript, options: { instruction: string | null; language: string }): Promise<{ text: string; language: string }>;
  extractFields(transcript: Transcript, fields: ExtractionFieldSpec[], context: { recordedAt: Date }): Promise<ExtractedValue[]>;
  judgeCriteria(
    transcript: Transcript,
    evaluator: { context: string; language: string; criteria: CriterionToJudge[] },
  ): Promise<CriterionJudgement[]>;
}

export interface Engines {
  speechToText: SpeechToTextEngine;
  language: LanguageEngine;
}
