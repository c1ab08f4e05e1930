import type { Transcription } from '../../contract/transcriptions.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { UpstreamError } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { toMirrorResults, toMirrorRow } from './mirror-row.js';

export type MirrorOutcome = 'mirrored' | 'deleted' | 'unknown';

/**
 * Called inside the mirror's transaction (the alerts outbox writes here). It may return work to
 * run once the transaction has committed, such as queueing the job that sends what it wrote: a
 * job queued inside the transaction could run before the row it needs is visible.
 */
export type MirrorHook = (
  tx: Prisma.TransactionClient,
  mirrored: Transcription,
  previous: { status: string; group: string | null } | null,
) => Promise<void | AfterCommit>;

/** Work a hook asks for after the commit. A failure is logged, not thrown: what the hook wrote is durable, and its own sweeper finishes the job. */
export type AfterCommit = () => Promise<void>;

/**
 * Makes the hub's copy of one transcription equal to the upstream's: fetch get-transcription
 * through the client (never trusting a webhook body), then in one transaction, serialised per
 * transcription by an advisory lock, upsert the row and replace its criterion results. A 404
 * marks an existing copy deleted (an unknown id leaves nothing behind). Repeats, out-of-order
 * arrivals and retries all converge on the upstream's current state.
 */
export async function mirrorTranscription(ctx: HubContext, transcriptionId: string, hooks: readonly MirrorHook[] = []): Promise<MirrorOutcome> {
  const client = await ctx.upstream();
  let transcription: Transcription;
  try {
    transcription = await client.getTranscription({ transcription_id: transcriptionId });
  } catch (error) {
    if (error instanceof UpstreamError && error.kind === 'not_found') return markDeleted(ctx, transcriptionId);
    throw error;
  }
  await writeMirror(ctx, transcription, hooks);
  return 'mirrored';
}

/** Upserts a transcription the caller already fetched (backfill, reconcile). */
export async function writeMirror(ctx: HubContext, transcription: Transcription, hooks: readonly MirrorHook[] = []): Promise<void> {
  const now = ctx.now();
  const row = toMirrorRow(transcription, now);
  const results = toMirrorResults(transcription);
  const afterCommit: AfterCommit[] = [];
  await ctx.db.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT pg_advisory_xact_lock(hashtext(${`convoqa:mirror:${row.id}`}))::text`;
    const previous = await tx.hubTranscription.findUnique({ where: { id: row.id }, select: { status: true, group: true } });
    await tx.hubTranscription.upsert({ where: { id: row.id }, create: { ...row, firstMirroredAt: now }, update: row });
    await tx.hubCriterionResult.deleteMany({ where: { transcriptionId: row.id } });
    if (results.length) await tx.hubCriterionResult.createMany({ data: results });
    for (const hook of hooks) {
      const after = await hook(tx, transcription, previous);
      if (after) afterCommit.push(after);
    }
  });
  for (const after of afterCommit) {
    await after().catch((error: unknown) => ctx.logger.warn({ err: error, transcriptionId: row.id }, 'work after the mirror commit failed; its sweeper will retry it'));
  }
}

async function markDeleted(ctx: HubContext, transcriptionId: string): Promise<MirrorOutcome> {
  const { count } = await ctx.db.hubTranscription.updateMany({
    where: { id: transcriptionId, deletedAt: null },
    data: { deletedAt: ctx.now() },
  });
  const existed = count > 0 || (await ctx.db.hubTranscription.count({ where: { id: transcriptionId } })) > 0;
  return existed ? 'deleted' : 'unknown';
}
