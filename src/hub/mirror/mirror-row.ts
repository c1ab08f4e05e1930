import { Prisma } from '../../generated/prisma/client.js';
import type { UpstreamTranscription } from '../client/index.js';
import { HUB_REDACTION_VERSION } from '../redaction/redaction-version.js';

/** A JSON column's value: SQL NULL for null (Prisma needs DbNull for that), else the value. */
const json = (value: unknown): Prisma.InputJsonValue | typeof Prisma.DbNull =>
  value === null || value === undefined ? Prisma.DbNull : value;

const dateOrNull = (value: string | null) => (value ? new Date(value) : null);

export type MirrorRow = Omit<Prisma.HubTranscriptionUncheckedCreateInput, 'firstMirroredAt' | 'recordedAt'> & {
  /** Null when the upstream gave no creation date (open field set): a new row takes the mirror time, an existing one keeps its own. */
  recordedAt: Date | null;
};

/**
 * The hub's row for an upstream transcription (the full form, as get-transcription answers it).
 * A FAILED or IN_PROGRESS transcription may lack any member but its id and status (the API
 * description leaves their field set open): those read null, and the answer is kept as it came.
 * `redactionPolicies` are those the caller masked `t` with (maskTranscription), under the current
 * rules' version.
 */
export function toMirrorRow(t: UpstreamTranscription, now: Date, redactionPolicies: readonly string[] = []): MirrorRow {
  const evaluation = t.details.evaluation;
  const breakdown = evaluation?.breakdown ?? null;
  const isCompleted = t.status === 'COMPLETED';
  // An evaluation without a score is not scored yet (docs/mirror.md, "Mirror job"): its answer is kept as it came.
  const isScored = isCompleted && evaluation !== null && evaluation.score !== null;
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
    recordedAt: dateOrNull(t.details.created_at),
    completedAt: dateOrNull(t.details.completed_at),
    conversation: json(t.details.conversation),
    summary: json(t.details.summary),
    fields: json(t.details.fields),
    // Only a COMPLETED evaluation counts (the description: only COMPLETED transcriptions with a score enter reports).
    score: isCompleted ? (evaluation?.score ?? null) : null,
    criticalFail: isCompleted ? (evaluation?.critical_fail ?? null) : null,
    evaluationStatus: evaluation?.status ?? null,
    evaluationGeneratedAt: breakdown ? new Date(breakdown.generated_at) : null,
    evaluationLanguage: breakdown?.language_used ?? null,
    summaryFeedback: breakdown?.summary_feedback ?? null,
    errorCode: t.details.error?.code ?? null,
    errorMessage: t.details.error?.message ?? null,
    upstreamAnswer: isCompleted && (isScored || evaluation === null) ? Prisma.DbNull : json(t.raw),
    redactionPolicies: [...redactionPolicies],
    redactionVersion: redactionPolicies.length ? HUB_REDACTION_VERSION : 0,
    mirroredAt: now,
    deletedAt: null,
  };
}

export function toMirrorResults(t: UpstreamTranscription, recordedAt: Date): Prisma.HubCriterionResultCreateManyInput[] {
  const evaluation = t.details.evaluation;
  // Criterion results count only for a scored evaluation of a COMPLETED transcription.
  if (!evaluation || evaluation.score === null || !evaluation.breakdown || t.status !== 'COMPLETED') return [];
  const breakdown = evaluation.breakdown;
  return breakdown.results.map((r, position) => ({
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
    evaluatorId: breakdown.evaluator_id,
    recordedAt,
  }));
}
