import type { Transcription } from '../../contract/transcriptions.js';
import { Prisma } from '../../generated/prisma/client.js';

/** A JSON column's value: SQL NULL for null (Prisma needs DbNull for that), else the value. */
const json = (value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull =>
  value === null || value === undefined ? Prisma.DbNull : (value);

/** The hub's row for an upstream transcription (the full form, as get-transcription answers it). */
export function toMirrorRow(t: Transcription, now: Date): Omit<Prisma.HubTranscriptionUncheckedCreateInput, 'firstMirroredAt'> {
  const evaluation = t.details.evaluation;
  return {
    id: t.transcription_id.toLowerCase(),
    status: t.status,
    group: t.group,
    configurationId: t.configuration_id,
    configurationTag: t.configuration_tag,
    name: t.name,
    duration: t.duration,
    language: t.details.language,
    numSpeakers: t.details.num_speakers,
    participantId: t.participant_id,
    participantTag: t.participant_tag,
    evaluatorId: t.evaluator_id,
    evaluatorTag: t.evaluator_tag,
    recordedAt: new Date(t.details.created_at),
    completedAt: t.details.completed_at ? new Date(t.details.completed_at) : null,
    conversation: json(t.details.conversation),
    summary: json(t.details.summary),
    fields: json(t.details.fields),
    score: evaluation?.score ?? null,
    criticalFail: evaluation?.critical_fail ?? null,
    evaluationStatus: evaluation?.status ?? null,
    evaluationGeneratedAt: evaluation ? new Date(evaluation.breakdown.generated_at) : null,
    evaluationLanguage: evaluation?.breakdown.language_used ?? null,
    summaryFeedback: evaluation?.breakdown.summary_feedback ?? null,
    errorCode: (t.details.error as { code?: string } | null)?.code ?? null,
    errorMessage: (t.details.error as { message?: string } | null)?.message ?? null,
    mirroredAt: now,
    deletedAt: null,
  };
}

export function toMirrorResults(t: Transcription): Prisma.HubCriterionResultCreateManyInput[] {
  const evaluation = t.details.evaluation;
  if (!evaluation) return [];
  return evaluation.breakdown.results.map((r, position) => ({
    transcriptionId: t.transcription_id.toLowerCase(),
    criterionId: r.criteria_id.toLowerCase(),
    position,
    name: r.name,
    type: r.type,
    status: r.status,
    maxWeight: r.max_weight,
    scoreRawAi: r.score_raw_ai,
    scoreObtained: r.score_obtained,
    reasoning: r.reasoning,
    quote: r.quote,
    feedback: r.feedback,
    evaluatorId: evaluation.breakdown.evaluator_id,
    recordedAt: new Date(t.details.created_at),
  }));
}
