import { z } from 'zod';
import type { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { HubContext } from '../hub-context.js';
import { recordAudit, type Actor } from './audit-trail.js';
import { effectiveEvaluation, formatVerdict } from './effective-scoring.js';

/** A one-line reason: required, at most 300 characters. */
export const OverrideReason = z
  .string()
  .trim()
  .min(1, { error: 'A reason is required for an override' })
  .max(300, { error: 'The reason must be at most 300 characters' })
  .refine((v) => !/[\r\n]/.test(v), { error: 'The reason must be one line' });

/**
 * A note: its line breaks counted as one character each, as the browser's `maxlength` counts them
 * (a form sends each as CRLF), so a note the textarea took is never refused for its length.
 */
export const NoteBody = z
  .string()
  .overwrite((v) => v.replace(/\r\n?/g, '\n'))
  .trim()
  .min(1, { error: 'The note is empty' })
  .max(4_000, { error: 'A note is at most 4,000 characters' });

/** PASS/FAIL for boolean and strict criteria, 1..5 for scale ones; anything else is refused. */
export function parseVerdict(type: string, value: string): number {
  if (type === 'scale') {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 5) throw new AppError('invalid_value', 'A scale verdict is a whole number from 1 to 5');
    return n;
  }
  if (value === 'PASS') return 1;
  if (value === 'FAIL') return 0;
  throw new AppError('invalid_value', 'The verdict must be PASS or FAIL');
}

export type Tx = Prisma.TransactionClient;

/** Recomputes the call's effective score and flag and keeps them in hub_reviews (the queue, exports and dashboard read them). */
async function refreshReview(
  tx: Tx,
  transcriptionId: string,
  actor: Actor,
  now: Date,
): Promise<{ score: number | null; criticalFail: boolean | null }> {
  const t = await tx.hubTranscription.findUniqueOrThrow({ where: { id: transcriptionId }, select: { score: true, criticalFail: true } });
  const results = await tx.hubCriterionResult.findMany({ where: { transcriptionId }, orderBy: { position: 'asc' } });
  const overrides = await tx.hubReviewOverride.findMany({ where: { transcriptionId } });
  const effective = effectiveEvaluation(t, results, new Map(overrides.map((o) => [o.criterionId, o.value])));
  const noteCount = await tx.hubReviewNote.count({ where: { transcriptionId } });
  const data = {
    effectiveScore: effective.score,
    effectiveCriticalFail: effective.criticalFail,
    overrideCount: overrides.length,
    noteCount,
    reviewedAt: now,
    reviewedBy: actor.kind === 'user' ? actor.id : '00000000-0000-0000-0000-000000000000',
  };
  await tx.hubReview.upsert({ where: { transcriptionId }, create: { transcriptionId, ...data }, update: data });
  return effective;
}

/** Serialises the changes to one call's review (overrides, notes, disputes) in the caller's transaction. */
export const lockCall = (tx: Tx, id: string) => tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:review:${id}`}))::text`;

export async function loadCriterion(tx: Tx, transcriptionId: string, criterionId: string) {
  const criterion = await tx.hubCriterionResult.findUnique({ where: { transcriptionId_criterionId: { transcriptionId, criterionId } } });
  if (!criterion) throw new AppError('not_found', `No criterion ${criterionId} in the evaluation of ${transcriptionId}`);
  return criterion;
}

/**
 * A lead's verdict on one criterion, kept beside the AI's (never sent upstream). Audited with
 * before and after: the AI's verdict, the previous override if any, the new one and its reason.
 */
export async function overrideCriterion(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { transcriptionId: string; criterionId: string; verdict: string; reason: string; actor: Actor },
): Promise<{ score: number | null; criticalFail: boolean | null }> {
  return ctx.db.$transaction((tx) => overrideWithin(tx, ctx.now(), input));
}

/** overrideCriterion inside the caller's transaction (a dispute's resolution overrides with it). */
export async function overrideWithin(
  tx: Tx,
  now: Date,
  input: { transcriptionId: string; criterionId: string; verdict: string; reason: string; actor: Actor },
): Promise<{ score: number | null; criticalFail: boolean | null }> {
  const reason = OverrideReason.safeParse(input.reason);
  if (!reason.success) throw new AppError('invalid_value', reason.error.issues[0]?.message ?? 'Invalid reason');
  await lockCall(tx, input.transcriptionId);
  const criterion = await loadCriterion(tx, input.transcriptionId, input.criterionId);
  const value = parseVerdict(criterion.type, input.verdict);
  const key = { transcriptionId_criterionId: { transcriptionId: input.transcriptionId, criterionId: input.criterionId } };
  const previous = await tx.hubReviewOverride.findUnique({ where: key });
  const userId = input.actor.kind === 'user' ? input.actor.id : '00000000-0000-0000-0000-000000000000';
  await tx.hubReviewOverride.upsert({
    where: key,
    create: { transcriptionId: input.transcriptionId, criterionId: input.criterionId, value, reason: reason.data, userId },
    update: { value, reason: reason.data, userId },
  });
  const before = {
    criterion: criterion.name,
    ai: formatVerdict(criterion.type, criterion.scoreRawAi),
    override: previous ? formatVerdict(criterion.type, previous.value) : null,
  };
  const effective = await refreshReview(tx, input.transcriptionId, input.actor, now);
  await recordAudit(tx, {
    kind: 'override',
    actor: input.actor,
    transcriptionId: input.transcriptionId,
    before,
    after: {
      criterion: criterion.name,
      override: formatVerdict(criterion.type, value),
      reason: reason.data,
      score: effective.score,
      critical_fail: effective.criticalFail,
    },
  });
  return effective;
}

/** Takes a criterion back to the AI's verdict (audited, with a reason). */
export async function clearOverride(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { transcriptionId: string; criterionId: string; reason: string; actor: Actor },
): Promise<void> {
  const reason = OverrideReason.safeParse(input.reason);
  if (!reason.success) throw new AppError('invalid_value', reason.error.issues[0]?.message ?? 'Invalid reason');
  await ctx.db.$transaction(async (tx) => {
    await lockCall(tx, input.transcriptionId);
    const criterion = await loadCriterion(tx, input.transcriptionId, input.criterionId);
    const key = { transcriptionId_criterionId: { transcriptionId: input.transcriptionId, criterionId: input.criterionId } };
    const previous = await tx.hubReviewOverride.findUnique({ where: key });
    if (!previous) return;
    await tx.hubReviewOverride.delete({ where: key });
    const effective = await refreshReview(tx, input.transcriptionId, input.actor, ctx.now());
    await recordAudit(tx, {
      kind: 'override_cleared',
      actor: input.actor,
      transcriptionId: input.transcriptionId,
      before: { criterion: criterion.name, override: formatVerdict(criterion.type, previous.value) },
      after: {
        criterion: criterion.name,
        ai: formatVerdict(criterion.type, criterion.scoreRawAi),
        reason: reason.data,
        score: effective.score,
        critical_fail: effective.criticalFail,
      },
    });
  });
}

/** A note on a call (audited). */
export async function addNote(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { transcriptionId: string; body: string; actor: Actor },
): Promise<void> {
  const body = NoteBody.safeParse(input.body);
  if (!body.success) throw new AppError('invalid_value', body.error.issues[0]?.message ?? 'Invalid note');
  await ctx.db.$transaction(async (tx) => {
    await lockCall(tx, input.transcriptionId);
    await tx.hubTranscription.findUniqueOrThrow({ where: { id: input.transcriptionId }, select: { id: true } }).catch(() => {
      throw new AppError('not_found', `No mirrored transcription ${input.transcriptionId}`);
    });
    const userId = input.actor.kind === 'user' ? input.actor.id : '00000000-0000-0000-0000-000000000000';
    await tx.hubReviewNote.create({ data: { transcriptionId: input.transcriptionId, userId, body: body.data } });
    await refreshReview(tx, input.transcriptionId, input.actor, ctx.now());
    await recordAudit(tx, {
      kind: 'note',
      actor: input.actor,
      transcriptionId: input.transcriptionId,
      after: { note: body.data.slice(0, 200) },
    });
  });
}
