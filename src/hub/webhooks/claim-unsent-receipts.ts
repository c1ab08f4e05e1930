import type { Db } from '../../db.js';

/** A receipt a sweeper holds the lease of: its mirror is this sweeper's to queue until the lease ends. */
export interface ClaimedReceipt {
  id: string;
  transcriptionId: string;
}

/**
 * Claims up to `limit` receipts, committed at least `olderThanMs` ago, whose mirror job was never
 * queued and that no sweeper holds (no lease, or one that ran out: its sweeper died or stalled):
 * sets their `lease_until` and answers them. One autocommit statement; nothing stays open after
 * it. Rows another sweeper is claiming right now are skipped (SKIP LOCKED), and one it claimed
 * since this statement began is re-checked after its commit and left out (its lease is set), so
 * concurrent sweepers take disjoint receipts. Leases compare against PostgreSQL's clock, so web
 * processes with skewed clocks agree.
 */
export async function claimUnsentReceipts(
  db: Db,
  options: { olderThanMs: number; leaseMs: number; limit: number },
): Promise<ClaimedReceipt[]> {
  return db.$queryRaw<ClaimedReceipt[]>`
    UPDATE hub_webhook_receipts r
       SET lease_until = clock_timestamp() + make_interval(secs => ${options.leaseMs / 1000}::float8)
      FROM (SELECT id FROM hub_webhook_receipts
             WHERE enqueued_at IS NULL
               AND received_at < clock_timestamp() - make_interval(secs => ${options.olderThanMs / 1000}::float8)
               AND (lease_until IS NULL OR lease_until < clock_timestamp())
             ORDER BY received_at
             LIMIT ${options.limit}::int
             FOR UPDATE SKIP LOCKED) c
     WHERE r.id = c.id
    RETURNING r.id, r.transcription_id::text AS "transcriptionId"`;
}

/** Gives claimed receipts back (their enqueue failed), so the next sweep takes them without waiting for the lease to run out. */
export async function releaseReceiptClaims(db: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  // In id order, as every other multi-row write of receipts (enqueue-receipt-mirrors.ts).
  await db.$executeRaw`UPDATE hub_webhook_receipts r SET lease_until = NULL
    FROM (SELECT id FROM hub_webhook_receipts WHERE id = ANY(${ids}::text[]) AND enqueued_at IS NULL ORDER BY id FOR UPDATE) locked
    WHERE r.id = locked.id AND r.enqueued_at IS NULL`;
}
