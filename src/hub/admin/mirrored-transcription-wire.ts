import { z } from 'zod';
import type { HubCriterionResult, HubTranscription } from '../../generated/prisma/client.js';

export const MirroredTranscription = z.object({
  id: z.string(),
  status: z.string(),
  group: z.string().nullable(),
  configuration_id: z.string().nullable(),
  configuration_tag: z.string().nullable(),
  name: z.string().nullable(),
  duration: z.number().nullable(),
  language: z.string().nullable(),
  num_speakers: z.number().nullable(),
  participant_id: z.string().nullable(),
  participant_tag: z.string().nullable(),
  evaluator_id: z.string().nullable(),
  evaluator_tag: z.string().nullable(),
  recorded_at: z.string(),
  completed_at: z.string().nullable(),
  score: z.number().nullable(),
  critical_fail: z.boolean().nullable(),
  error: z
    .object({ code: z.string().nullable(), message: z.string().nullable() })
    .nullable()
    .meta({ description: 'FAILED only: the reason as far as the upstream gave it (either member may be null)' }),
  mirrored_at: z.string(),
  deleted_at: z.string().nullable(),
});

export const MirroredCriterionResult = z.object({
  criterion_id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  max_weight: z.number(),
  score_raw_ai: z.number(),
  score_obtained: z.number(),
  reasoning: z.string(),
  quote: z.string(),
  feedback: z.string().nullable(),
});

export const MirroredTranscriptionDetail = MirroredTranscription.extend({
  // As the upstream answered them (contract Summary, ExtractedFields, Conversation), or null.
  summary: z.unknown().meta({ description: "The transcription's summary object as the upstream answered it, or null" }),
  fields: z.unknown().meta({ description: 'The extracted fields object as the upstream answered it, or null' }),
  conversation: z.unknown().meta({ description: 'The conversation (segments) as the upstream answered it, or null' }),
  summary_feedback: z.string().nullable(),
  upstream_answer: z
    .unknown()
    .meta({ description: "The upstream's answer as it came, kept when part of it was read leniently (FAILED and IN_PROGRESS), else null" }),
  results: z.array(MirroredCriterionResult),
});

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toMirroredTranscription(row: HubTranscription): z.output<typeof MirroredTranscription> {
  return {
    id: row.id,
    status: row.status,
    group: row.group,
    configuration_id: row.configurationId,
    configuration_tag: row.configurationTag,
    name: row.name,
    duration: row.duration,
    language: row.language,
    num_speakers: row.numSpeakers,
    participant_id: row.participantId,
    participant_tag: row.participantTag,
    evaluator_id: row.evaluatorId,
    evaluator_tag: row.evaluatorTag,
    recorded_at: row.recordedAt.toISOString(),
    completed_at: iso(row.completedAt),
    score: row.score,
    critical_fail: row.criticalFail,
    error: row.status === 'FAILED' || row.errorCode || row.errorMessage ? { code: row.errorCode, message: row.errorMessage } : null,
    mirrored_at: row.mirroredAt.toISOString(),
    deleted_at: iso(row.deletedAt),
  };
}

export function toMirroredDetail(row: HubTranscription & { results: HubCriterionResult[] }): z.output<typeof MirroredTranscriptionDetail> {
  return {
    ...toMirroredTranscription(row),
    summary: row.summary,
    upstream_answer: row.upstreamAnswer ?? null,
    fields: row.fields,
    conversation: row.conversation,
    summary_feedback: row.summaryFeedback,
    results: row.results.map((r) => ({
      criterion_id: r.criterionId,
      name: r.name,
      type: r.type,
      status: r.status,
      max_weight: r.maxWeight,
      score_raw_ai: r.scoreRawAi,
      score_obtained: r.scoreObtained,
      reasoning: r.reasoning,
      quote: r.quote,
      feedback: r.feedback,
    })),
  };
}
