import type { Prisma } from '../../generated/prisma/client.js';
import { enqueueWebhookDeliveries, recordWebhookDeliveries } from '../webhooks/webhook-deliveries.js';
import { buildWebhookEvent } from '../webhooks/webhook-event.js';
import type { ProcessingContext } from './processing-context.js';
import type { FailureCode } from './processing-error.js';
import type { ScoredCriterion } from './score-evaluation.js';

interface Subject {
  id: string;
  accountId: string;
  configurationId: string;
  name: string | null;
}

export interface CompletedResult {
  duration: number;
  language: string;
  numSpeakers: number;
  conversation: Prisma.InputJsonValue;
  summary: Prisma.InputJsonValue | null;
  fields: Prisma.InputJsonValue | null;
  evaluation: {
    score: number;
    criticalFail: boolean;
    evaluatorTag: string;
    language: string;
    feedback: string;
    results: ScoredCriterion[];
  } | null;
}

/**
 * Stores a COMPLETED outcome, its criterion results and its webhook deliveries in one
 * transaction, only if the transcription is still IN_PROGRESS: a job that runs twice (a worker
 * killed after the commit) changes nothing the second time. Returns whether this call stored it.
 */
export async function recordCompleted(ctx: ProcessingContext, subject: Subject, result: CompletedResult): Promise<boolean> {
  const now = ctx.now();
  const event = buildWebhookEvent(subject, { status: 'COMPLETED' }, now);
  const deliveries = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.transcription.updateMany({
      where: { id: subject.id, status: 'IN_PROGRESS' },
      data: {
        status: 'COMPLETED',
        completedAt: now,
        duration: result.duration,
        language: result.language,
        numSpeakers: result.numSpeakers,
        conversation: result.conversation,
        summary: result.summary ?? undefined,
        fields: result.fields ?? undefined,
        ...(result.evaluation
          ? {
              score: result.evaluation.score,
              criticalFail: result.evaluation.criticalFail,
              evaluationStatus: 'COMPLETED',
              evaluatorTag: result.evaluation.evaluatorTag,
              evaluationGeneratedAt: now,
              evaluationLanguage: result.evaluation.language,
              evaluationFeedback: result.evaluation.feedback,
            }
          : {}),
      },
    });
    if (count === 0) return null;
    if (result.evaluation) {
      await tx.criterionResult.createMany({
        data: result.evaluation.results.map((r) => ({ ...r, transcriptionId: subject.id })),
        skipDuplicates: true,
      });
    }
    return recordWebhookDeliveries(tx, { ...subject, transcriptionId: subject.id, type: event.type, body: event.body });
  });
  if (!deliveries) return false;
  await enqueueWebhookDeliveries(ctx.jobs, deliveries);
  return true;
}

/** Stores a FAILED outcome with its code (once, like recordCompleted) and its error webhook. */
export async function recordFailed(
  ctx: ProcessingContext,
  subject: Subject,
  failure: { code: FailureCode; message: string },
): Promise<boolean> {
  const now = ctx.now();
  const event = buildWebhookEvent(subject, { status: 'FAILED', error: failure }, now);
  const deliveries = await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.transcription.updateMany({
      where: { id: subject.id, status: 'IN_PROGRESS' },
      data: { status: 'FAILED', completedAt: now, errorCode: failure.code, errorMessage: failure.message, uploadTokenHash: null },
    });
    if (count === 0) return null;
    return recordWebhookDeliveries(tx, { ...subject, transcriptionId: subject.id, type: event.type, body: event.body });
  });
  if (!deliveries) return false;
  await enqueueWebhookDeliveries(ctx.jobs, deliveries);
  return true;
}
