import { poolOf, type Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { claimUnsentReceipts, releaseReceiptClaims } from './claim-unsent-receipts.js';
import { enqueueReceiptMirrors } from './enqueue-receipt-mirrors.js';

export interface SweepOptions {
  /** Only receipts at least this old (younger ones are being enqueued by their own batch). */
  olderThanMs: number;
  /**
   * How long a claim keeps other sweepers off the receipts. Well above the enqueue's bound (3 s)
   * plus the update after it, so a live sweeper is not overtaken; a dead one's receipts wait this long.
   */
  leaseMs?: number;
  limit?: number;
}

export interface SweepOutcome {
  /** Receipts this sweep claimed, queued and marked. */
  queued: number;
}

/**
 * The sweep of the receiver's outbox relay (outbox-relay.ts): receipts acknowledged (committed) at least `olderThanMs` ago whose
 * mirror job was never queued (Redis was down, or the process died between the commit and the
 * enqueue) get their mirror queued and `enqueued_at` set, in three steps with no transaction
 * spanning them, so a slow or stalled Redis never holds a PostgreSQL connection or lock:
 *   1. claim a batch under a lease (one short statement, claim-unsent-receipts.ts);
 *   2. queue their mirrors (one Redis round trip, at most 3 s; job ids are the transcriptions');
 *   3. mark them `enqueued_at` and drop the lease (one short statement).
 * Concurrent sweepers (one per web process) claim disjoint batches. If the enqueue fails the
 * claims are given back and the error thrown: the receipts stay for the next sweep. If the process
 * dies in between, the lease runs out and another sweeper takes them; at worst a mirror is queued
 * twice under the same job id, which BullMQ absorbs while the first is waiting.
 */
export async function sweepUnsentReceipts(deps: { db: Db; jobs: JobQueues }, options: SweepOptions): Promise<SweepOutcome> {
  const claimed = await claimUnsentReceipts(deps.db, {
    olderThanMs: options.olderThanMs,
    leaseMs: options.leaseMs ?? 30_000,
    limit: options.limit ?? 1_000,
  });
  if (claimed.length === 0) return { queued: 0 };
  try {
    await enqueueReceiptMirrors({ db: deps.db, pool: poolOf(deps.db), jobs: deps.jobs }, claimed);
  } catch (error) {
    await releaseReceiptClaims(
      deps.db,
      claimed.map((r) => r.id),
    ).catch(() => undefined);
    throw error;
  }
  return { queued: claimed.length };
}
