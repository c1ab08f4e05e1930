import type pg from 'pg';
import type { Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';

/**
 * The rows are locked in id order, as the receipts' insert takes them (store-receipts.ts): a plain
 * `UPDATE … WHERE id = ANY(…)` locks in scan order, and beside a batch counting repeats of the
 * same receipts that deadlocked (docs/mirror.md, "One receipt outbox").
 */
const markEnqueued = {
  name: 'hub-mark-receipts-enqueued',
  text: `UPDATE hub_webhook_receipts r SET enqueued_at = now(), lease_until = NULL
    FROM (SELECT id FROM hub_webhook_receipts WHERE id = ANY($1::text[]) AND enqueued_at IS NULL ORDER BY id FOR UPDATE) locked
    WHERE r.id = locked.id AND r.enqueued_at IS NULL`,
};

/**
 * Queues the mirror of every transcription the receipts name (one Redis round trip; the job id is
 * the transcription's, so one already waiting absorbs it). Throws when Redis does not answer (3 s
 * at most).
 */
export async function queueReceiptMirrors(jobs: JobQueues, receipts: readonly { transcriptionId: string }[]): Promise<void> {
  if (receipts.length === 0) return;
  const transcriptions = [...new Set(receipts.map((r) => r.transcriptionId))];
  await jobs.enqueueMany(
    'hub.mirror-transcription',
    transcriptions.map((transcriptionId) => ({ payload: { transcriptionId }, jobId: `mirror-${transcriptionId}` })),
  );
}

/** Sets `enqueued_at` on receipts whose mirror Redis has taken, and drops a sweeper's lease on them (one prepared update). */
export async function markReceiptsEnqueued(deps: { db: Db; pool?: pg.Pool | undefined }, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  if (deps.pool) await deps.pool.query({ ...markEnqueued, values: [ids] });
  else await deps.db.$executeRawUnsafe(markEnqueued.text, ids);
}

/**
 * Queues the receipts' mirrors, then marks them `enqueued_at` (and drops a sweeper's lease on
 * them). Two statements apart from the Redis call, never inside a transaction. Throws when Redis
 * does not answer: the receipts stay unmarked for the sweeper.
 */
export async function enqueueReceiptMirrors(
  deps: { db: Db; pool?: pg.Pool | undefined; jobs: JobQueues },
  receipts: readonly { id: string; transcriptionId: string }[],
): Promise<void> {
  if (receipts.length === 0) return;
  await queueReceiptMirrors(deps.jobs, receipts);
  await markReceiptsEnqueued(
    deps,
    receipts.map((r) => r.id),
  );
}
