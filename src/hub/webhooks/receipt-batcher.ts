import type { Logger } from 'pino';
import { poolOf, type Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { storeReceipts, type Receipt, type StoredReceipt } from './store-receipts.js';
import { CoalescedMirrors } from './coalesced-mirrors.js';
import { EnqueuedMarks } from './enqueued-marks.js';

export type { Receipt };
interface Pending {
  receipt: Receipt;
  resolve: (result: { duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

/**
 * Makes receipts durable in batches (a transactional outbox), as a group commit: while fewer than
 * `maxInFlight` batches are being stored, the webhooks that arrived are stored at the end of the
 * event loop's turn that read them; while that many are, the next webhooks wait and go together,
 * as one batch (at most `maxBatch`), the moment a store finishes. So an idle receiver stores a
 * lone webhook at once, and a busy one stores large batches without a timer to wait for. Each
 * batch is settled as follows:
 *   1. one statement (store-receipts.ts) inserts the new receipts and counts the repeats, and
 *      says which receipts it inserted; once it has committed, every webhook of the batch is
 *      answered: acknowledged means committed in PostgreSQL;
 *   2. then, off the answer's path, the mirror of each transcription named by a new receipt (or
 *      by a repeat of one still not enqueued) is queued in one Redis round trip shared with the
 *      batches of the next few milliseconds (coalesced-mirrors.ts), and those receipts are marked
 *      `enqueued_at` by an update shared likewise (enqueued-marks.ts).
 * If Redis is down (or the process dies between the commit and the enqueue) the receipts stay
 * without `enqueued_at`, and the receipt sweeper (sweep-unsent-receipts.ts) enqueues them once
 * Redis answers: nothing acknowledged is lost, and the sender does not have to retry.
 * Exactly one acknowledgement of an event says `duplicate: false`: the one whose insert stored it.
 */
export class ReceiptBatcher {
  private pending: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly mirrors: CoalescedMirrors;
  private readonly maxBatch: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly db: Db,
    jobs: JobQueues,
    logger: Logger,
    options: { maxBatch?: number; maxInFlight?: number; queueEveryMs?: number; markEveryMs?: number } = {},
  ) {
    const marks = new EnqueuedMarks({ db, pool: poolOf(db), logger }, options.markEveryMs);
    this.mirrors = new CoalescedMirrors({ jobs, logger, marks }, options.queueEveryMs);
    this.maxBatch = options.maxBatch ?? 200;
    this.maxInFlight = options.maxInFlight ?? 2;
  }

  submit(receipt: Receipt): Promise<{ duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ receipt, resolve, reject });
      this.flushSoon();
    });
  }

  /** Stores what is pending at the end of this turn, if a store may start. */
  private flushSoon(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
        const batch = this.pending.slice(0, this.maxBatch);
        this.pending = this.pending.slice(batch.length);
        void this.settle(batch);
      }
    });
  }

  private async settle(batch: Pending[]): Promise<void> {
    let stored: StoredReceipt[];
    try {
      // One row per event: a repeat within the batch is counted on it, not inserted twice.
      const copies = new Map<string, { receipt: Receipt; copies: number }>();
      for (const { receipt } of batch) {
        const seen = copies.get(receipt.id);
        if (seen) seen.copies += 1;
        else copies.set(receipt.id, { receipt, copies: 1 });
      }
      this.inFlight += 1;
      try {
        stored = await storeReceipts(this.db, [...copies.values()]);
      } finally {
        this.inFlight -= 1;
        this.flushSoon();
      }
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    const inserted = new Set(stored.filter((s) => s.inserted).map((s) => s.id));
    for (const p of batch) {
      // The first webhook of a receipt this batch inserted is the one not a duplicate.
      const first = inserted.delete(p.receipt.id);
      p.resolve({ duplicate: !first });
    }
    const unsent = stored.filter((s) => s.unsent);
    if (unsent.length > 0) this.mirrors.add(unsent);
  }
}
