import type { Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { enqueueReceiptMirrors } from './enqueue-receipt-mirrors.js';

/** Every process sweeping takes this lock first: one sweep at a time across web processes. */
const sweepLock = 'convoqa:hub:receipt-sweeper';

export interface SweepOutcome {
  /** Another process held the sweep lock: this one did nothing. */
  skipped: boolean;
  queued: number;
}

/**
 * The receiver's outbox sweep: receipts acknowledged (committed) at least `olderThanMs` ago whose
 * mirror job was never queued (Redis was down, or the process died between the commit and the
 * enqueue) get their mirror queued and `enqueued_at` set. Runs under a transaction-scoped
 * advisory lock, so concurrent sweepers do not queue the same receipts twice; the age keeps it
 * clear of batches that are enqueueing their own receipts right now. Throws when Redis does not
 * answer: the receipts stay for the next sweep.
 */
export async function sweepUnsentReceipts(deps: { db: Db; jobs: JobQueues }, options: { olderThanMs: number; limit?: number }): Promise<SweepOutcome> {
  return deps.db.$transaction(
    async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`SELECT pg_try_advisory_xact_lock(hashtext(${sweepLock})) AS locked`;
      if (!lock?.locked) return { skipped: true, queued: 0 };
      const unsent = await tx.$queryRaw<{ id: string; transcriptionId: string }[]>`
        SELECT id, transcription_id::text AS "transcriptionId" FROM hub_webhook_receipts
        WHERE enqueued_at IS NULL AND received_at < now() - make_interval(secs => ${options.olderThanMs / 1000}::float8)
        ORDER BY received_at LIMIT ${options.limit ?? 1_000}::int`;
      await enqueueReceiptMirrors({ db: tx as unknown as Db, jobs: deps.jobs }, unsent);
      return { skipped: false, queued: unsent.length };
    },
    { timeout: 15_000 },
  );
}
