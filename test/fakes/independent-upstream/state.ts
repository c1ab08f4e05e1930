/**
 * The fake's in-memory records, in its own words: written from the vendor's description alone,
 * the way another team implementing the API would, never from convoqa's contract or service.
 */
import { randomUUID } from 'node:crypto';

export interface ConfigurationRecord {
  configuration_id: string;
  tag: string;
  vocabulary: string[];
  extraction_fields: { name: string; type: string; description: string }[];
  webhooks: { success_url: string; error_url: string } | null;
  summary: boolean;
  custom_summary: string | null;
  summary_language: string;
  analytics_language: string;
  created_at: string;
}

export interface CriterionRecord {
  id: string;
  name: string;
  description: string;
  type: 'boolean' | 'scale' | 'strict';
  weight: number;
}

export interface EvaluatorRecord {
  evaluator_id: string;
  tag: string;
  description: string;
  language: string;
  context: string;
  criteria: CriterionRecord[];
  created_at: string;
}

export interface ParticipantRecord {
  participant_id: string;
  tag: string;
  metadata: Record<string, string>;
  created_at: string;
  updated_at: string;
}

export interface ResultRecord {
  criteria_id: string;
  name: string;
  type: CriterionRecord['type'];
  max_weight: number;
  score_raw_ai: number;
  score_obtained: number;
  status: 'PASS' | 'FAIL';
  reasoning: string;
  quote: string;
  feedback: string | null;
}

export interface EvaluationRecord {
  score: number;
  critical_fail: boolean;
  generated_at: string;
  summary_feedback: string;
  results: ResultRecord[];
}

/** How a FAILED transcription says why, in one of the fake's own shapes (neither has a message). */
export type FailureShape = 'error-code' | 'failure-reason';

export interface TranscriptionRecord {
  transcription_id: string;
  status: 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  configuration_id: string;
  configuration_tag: string;
  name: string | null;
  group: string | null;
  url: string;
  duration: number | null;
  participant_id: string | null;
  participant_tag: string | null;
  evaluator_id: string | null;
  evaluator_tag: string | null;
  /** The recording date: period_date when given, else the submission time. */
  created_at: string;
  completed_at: string | null;
  segments: { speaker: string; text: string }[] | null;
  summary: string | null;
  fields: { name: string; value: string | number | boolean | null }[] | null;
  evaluation: EvaluationRecord | null;
  failure: { shape: FailureShape; code: string } | null;
}

/** One account's data (the fake serves a single API key). */
export class UpstreamState {
  readonly configurations = new Map<string, ConfigurationRecord>();
  readonly evaluators = new Map<string, EvaluatorRecord>();
  readonly participants = new Map<string, ParticipantRecord>();
  readonly transcriptions = new Map<string, TranscriptionRecord>();

  constructor(private readonly now: () => Date) {}

  timestamp(): string {
    return this.now().toISOString();
  }

  newId(): string {
    return randomUUID();
  }
}
