import type { z } from 'zod';
import type {
  Conversation,
  Evaluation,
  ExtractedFields,
  Summary,
  Transcription,
  TranscriptionListItem,
} from '../../contract/transcriptions.js';
import type { CriterionResult, Transcription as TranscriptionRow } from '../../generated/prisma/client.js';
import { formatNullableTimestamp, formatTimestamp } from '../format-timestamp.js';
import type { TagLookup } from './resolve-tags.js';

export type TranscriptionWithResults = TranscriptionRow & { results: CriterionResult[] };

/** Results in breakdown order. */
export const resultsInOrder = { results: { orderBy: { position: 'asc' } } } as const;

function toEvaluationWire(row: TranscriptionWithResults): Evaluation | null {
  if (row.status !== 'COMPLETED' || row.score === null || row.evaluatorId === null) return null;
  return {
    score: row.score,
    critical_fail: row.criticalFail ?? false,
    status: row.evaluationStatus ?? 'COMPLETED',
    breakdown: {
      evaluator_id: row.evaluatorId,
      evaluator_tag: row.evaluatorTag ?? '',
      generated_at: formatTimestamp(row.evaluationGeneratedAt ?? row.completedAt ?? row.createdAt),
      language_used: row.evaluationLanguage ?? row.language ?? 'df',
      final_score: row.score,
      critical_fail_triggered: row.criticalFail ?? false,
      summary_feedback: row.evaluationFeedback ?? '',
      results: row.results.map((r) => ({
        criteria_id: r.criterionId,
        name: r.name,
        type: r.type,
        max_weight: r.maxWeight,
        score_raw_ai: r.scoreRawAi,
        score_obtained: r.scoreObtained,
        status: r.status,
        reasoning: r.reasoning,
        quote: r.quote,
        feedback: r.feedback,
      })),
    },
  };
}

/** The full form. conversation, summary, fields and evaluation are null unless COMPLETED. */
export function toTranscriptionWire(row: TranscriptionWithResults, tags: TagLookup): Transcription {
  const completed = row.status === 'COMPLETED';
  return {
    transcription_id: row.id,
    status: row.status,
    configuration_id: row.configurationId,
    configuration_tag: row.configurationTag,
    name: row.name,
    group: row.group,
    duration: row.duration,
    participant_id: row.participantId,
    participant_tag: tags.participant(row.participantId),
    evaluator_id: row.evaluatorId,
    evaluator_tag: tags.evaluator(row.evaluatorId),
    details: {
      language: row.language,
      num_speakers: row.numSpeakers,
      created_at: formatTimestamp(row.createdAt),
      completed_at: formatNullableTimestamp(row.completedAt),
      conversation: completed ? (row.conversation as z.output<typeof Conversation> | null) : null,
      summary: completed ? (row.summary as z.output<typeof Summary> | null) : null,
      fields: completed ? (row.fields as z.output<typeof ExtractedFields> | null) : null,
      evaluation: toEvaluationWire(row),
      error: row.status === 'FAILED' ? { code: row.errorCode ?? 'processing_failed', message: row.errorMessage ?? '' } : null,
    },
  };
}

export type TranscriptionListRow = Pick<
  TranscriptionRow,
  | 'id'
  | 'status'
  | 'configurationId'
  | 'configurationTag'
  | 'duration'
  | 'group'
  | 'name'
  | 'createdAt'
  | 'score'
  | 'criticalFail'
  | 'evaluationStatus'
  | 'participantId'
  | 'evaluatorId'
>;

export function toTranscriptionListItem(row: TranscriptionListRow, tags: TagLookup): TranscriptionListItem {
  const evaluated = row.status === 'COMPLETED' && row.score !== null;
  return {
    transcription_id: row.id,
    status: row.status,
    configuration_id: row.configurationId,
    configuration_tag: row.configurationTag,
    duration: row.duration,
    group: row.group,
    name: row.name,
    created_at: formatTimestamp(row.createdAt),
    qa: {
      score: evaluated ? row.score : null,
      critical_fail: evaluated ? (row.criticalFail ?? false) : null,
      status: evaluated ? (row.evaluationStatus ?? 'COMPLETED') : null,
      participant_id: row.participantId,
      evaluator_id: row.evaluatorId,
      participant_tag: tags.participant(row.participantId),
      evaluator_tag: tags.evaluator(row.evaluatorId),
    },
  };
}
