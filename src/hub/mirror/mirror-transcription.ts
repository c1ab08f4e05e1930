import { isUpstreamError, type UpstreamTranscription } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import type { AfterCommit, MirrorHook } from './mirror-hook.js';
import { lockMirroredTranscription } from './mirror-lock.js';
import { toMirrorResults, toMirrorRow } from './mirror-row.js';
import { quarantineItems, resolveQuarantined } from './quarantine.js';
import { assignWaitingCalls } from '../review/assignment/assign-by-rule.js';
import { participantWeekOf, participantWeeksTouched, resampleWeekOf } from '../review/sampling/apply-sampling.js';
import { maskJson } from '../redaction/mask-text.js';
import { maskTranscription } from '../redaction/mask-transcription.js';

export type MirrorOutcome = 'mirrored' | 'deleted' | 'unknown' | 'not_found' | 'quarantined';

export interface MirrorOptions {
  /**
   * A 404 means deleted: reconciliation's successful, whole list lacked the transcription. Without
   * it a 404 changes nothing, since the API description's 404 also means a wrong path or method.
   */
  confirmDeletion?: boolean;
}

/**
 * Makes the hub's copy of one transcription equal to the upstream's: fetch get-transcription
 * through the client (never trusting a webhook body), then in one transaction, serialised per
 * transcription by an advisory lock, upsert the row and replace its criterion results. A 404
 * marks an existing copy deleted only when `confirmDeletion` says the upstream's list lacked it
 * too (an unknown id leaves nothing behind); otherwise it is logged and the copy left as it is,
 * for reconciliation to decide (docs/mirror.md, "Mirror job"). An answer that breaks
 * what the API description promises is quarantined with its reasons (docs/mirror.md,
 * "Quarantine"), not retried blindly: reconciliation tries it again at its next run. Repeats,
 * out-of-order arrivals and retries all converge on the upstream's current state. The hooks
 * (default: the context's, which include the critical-fail alert hook) run inside that transaction.
 */
export async function mirrorTranscription(
  ctx: HubContext,
  transcriptionId: string,
  hooks: readonly MirrorHook[] = ctx.mirrorHooks,
  options: MirrorOptions = {},
): Promise<MirrorOutcome> {
  const client = await ctx.upstream();
  let transcription: UpstreamTranscription;
  try {
    transcription = await client.getTranscription({ transcription_id: transcriptionId });
  } catch (error) {
    if (isUpstreamError(error, 'not_found')) {
      if (options.confirmDeletion) return markDeleted(ctx, transcriptionId);
      ctx.logger.info({ transcriptionId }, 'get-transcription answered 404: left as it is until reconciliation finds it unlisted');
      return 'not_found';
    }
    if (isUpstreamError(error, 'invalid_response')) {
      ctx.logger.warn(
        { transcriptionId, issues: error.issues.slice(0, 5) },
        'get-transcription answer breaks the API description: quarantined',
      );
      await quarantineItems(
        ctx.db,
        [
          {
            operation: 'get-transcription',
            itemKey: transcriptionId.toLowerCase(),
            reason: error.message,
            issues: error.issues,
            raw: maskJson(error.raw, ctx.settings.redaction),
          },
        ],
        ctx.now(),
      );
      return 'quarantined';
    }
    throw error;
  }
  await writeMirror(ctx, transcription, hooks);
  return 'mirrored';
}

/**
 * Upserts a transcription the caller already fetched (backfill, reconcile, a group change), masked
 * with the hub's redaction policies first: the row, its results and the hooks see only the masked copy.
 */
export async function writeMirror(
  ctx: HubContext,
  fetched: UpstreamTranscription,
  hooks: readonly MirrorHook[] = ctx.mirrorHooks,
): Promise<void> {
  const now = ctx.now();
  const transcription = maskTranscription(fetched, ctx.settings.redaction);
  const { recordedAt, ...row } = toMirrorRow(transcription, now, ctx.settings.redaction.policies);
  const afterCommit: AfterCommit[] = [];
  await ctx.db.$transaction(async (tx) => {
    await lockMirroredTranscription(tx, row.id);
    const previous = await tx.hubTranscription.findUnique({
      where: { id: row.id },
      select: { status: true, group: true, criticalFail: true, recordedAt: true, participantId: true },
    });
    // A transcription without a creation date keeps the one it was first mirrored with.
    const keptRecordedAt = recordedAt ?? previous?.recordedAt ?? now;
    await tx.hubTranscription.upsert({
      where: { id: row.id },
      create: { ...row, recordedAt: keptRecordedAt, firstMirroredAt: now },
      update: { ...row, recordedAt: keptRecordedAt },
    });
    await tx.hubCriterionResult.deleteMany({ where: { transcriptionId: row.id } });
    const results = toMirrorResults(transcription, keptRecordedAt);
    if (results.length) await tx.hubCriterionResult.createMany({ data: results });
    // A call that changed participant or week leaves its old participant-week, which is picked again without it.
    // Every week's lock before the assignment's, the order every transaction takes them in.
    const weeks = participantWeeksTouched(previous, { participantId: row.participantId ?? null, recordedAt: keptRecordedAt });
    for (const week of weeks) await resampleWeekOf(tx, week);
    for (const week of weeks) await assignWaitingCalls(tx, { scope: participantWeekOf('t', week), now });
    for (const hook of hooks) {
      const after = await hook(
        tx,
        transcription,
        previous ? { status: previous.status, group: previous.group, criticalFail: previous.criticalFail } : null,
      );
      if (after) afterCommit.push(after);
    }
  });
  await resolveQuarantined(ctx.db, 'get-transcription', [row.id], now);
  for (const after of afterCommit) {
    await after().catch((error: unknown) =>
      ctx.logger.warn({ err: error, transcriptionId: row.id }, 'work after the mirror commit failed; its sweeper will retry it'),
    );
  }
}

async function markDeleted(ctx: HubContext, transcriptionId: string): Promise<MirrorOutcome> {
  const { count } = await ctx.db.hubTranscription.updateMany({
    where: { id: transcriptionId, deletedAt: null },
    data: { deletedAt: ctx.now() },
  });
  const existed = count > 0 || (await ctx.db.hubTranscription.count({ where: { id: transcriptionId } })) > 0;
  // A deleted call leaves the sample: its week is picked again without it.
  const gone =
    count > 0
      ? await ctx.db.hubTranscription.findUnique({ where: { id: transcriptionId }, select: { participantId: true, recordedAt: true } })
      : null;
  if (gone)
    await ctx.db.$transaction(async (tx) => {
      await resampleWeekOf(tx, gone);
      await assignWaitingCalls(tx, { scope: participantWeekOf('t', gone), now: ctx.now() });
    });
  // Gone upstream: nothing of it is left to read.
  await resolveQuarantined(ctx.db, 'get-transcription', [transcriptionId.toLowerCase()], ctx.now());
  return existed ? 'deleted' : 'unknown';
}
