import type pg from 'pg';
import { poolOf, type Db } from '../../db.js';

/** An acknowledged webhook's receipt: its event id (deduplication), transcription, type and URL. */
export interface Receipt {
  id: string;
  transcriptionId: string;
  eventType: string;
  outcome: string;
}

/** A receipt as the batch's insert left it. */
export interface StoredReceipt {
  id: string;
  transcriptionId: string;
  /** This statement inserted it (else it existed: the webhook is a repeat). */
  inserted: boolean;
  /** Its mirror job is not queued yet (always so after this statement: new, or a repeat made new again). */
  unsent: boolean;
}

/**
 * One statement per batch, a named (prepared) statement on the pool under Prisma: inserts the new
 * receipts and, for events already stored, counts the repeats (`duplicates`, `last_duplicate_at`)
 * and makes the receipt new again (`received_at` now, not enqueued, not mirrored): the API
 * description does not say which changes a webhook announces, so a repeat is a fresh poke and the
 * relay queues its mirror (the job id still collapses a storm; a job running when it came mirrors
 * again) (docs/mirror.md, "Webhooks are pokes"). `xmax = 0` tells the rows it inserted from those it updated. A repeat within the batch is one
 * row with `copies` > 1. Rows are given in id order, so two batches holding the same events take
 * their row locks in one order and cannot deadlock; the unique key makes the second of two
 * concurrent inserts of an event wait for the first, then count itself a repeat.
 */
const upsertReceipts = {
  name: 'hub-store-receipts',
  text: `INSERT INTO hub_webhook_receipts AS r (id, transcription_id, event_type, outcome, duplicates, last_duplicate_at)
    SELECT u.id, u.transcription_id, u.event_type, u.outcome, u.copies - 1, CASE WHEN u.copies > 1 THEN now() END
    FROM UNNEST($1::text[], $2::uuid[], $3::text[], $4::text[], $5::int[]) AS u(id, transcription_id, event_type, outcome, copies)
    ON CONFLICT (id) DO UPDATE SET duplicates = r.duplicates + EXCLUDED.duplicates + 1, last_duplicate_at = now(),
      received_at = now(), enqueued_at = NULL, mirrored_at = NULL
    RETURNING r.id, r.transcription_id::text AS "transcriptionId", (r.xmax = 0) AS inserted, r.enqueued_at IS NULL AS unsent`,
};

export async function storeReceipts(
  db: Db,
  rows: { receipt: Receipt; copies: number }[],
  pool: pg.Pool | undefined = poolOf(db),
): Promise<StoredReceipt[]> {
  const sorted = [...rows].sort((a, b) => (a.receipt.id < b.receipt.id ? -1 : a.receipt.id > b.receipt.id ? 1 : 0));
  const values = [
    sorted.map((r) => r.receipt.id),
    sorted.map((r) => r.receipt.transcriptionId),
    sorted.map((r) => r.receipt.eventType),
    sorted.map((r) => r.receipt.outcome),
    sorted.map((r) => r.copies),
  ];
  if (pool) return (await pool.query<StoredReceipt>({ ...upsertReceipts, values })).rows;
  return db.$queryRawUnsafe<StoredReceipt[]>(upsertReceipts.text, ...values);
}
