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
 * Makes receipts durable in batches (a transactional outbox). Webhooks arriving within `maxWaitMs`
 * (or until `maxBatch`) are settled together:
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
  private timer: NodeJS.Timeout | undefined;
  private readonly mirrors: CoalescedMirrors;

  constructor(
    private readonly db: Db,
    jobs: JobQueues,
    logger: Logger,
    private readonly options: { maxBatch?: number; maxWaitMs?: number; queueEveryMs?: number; markEveryMs?: number } = {},
  ) {
    const marks = new EnqueuedMarks({ db, pool: poolOf(db), logger }, options.markEveryMs);
    this.mirrors = new CoalescedMirrors({ jobs, logger, marks }, options.queueEveryMs);
  }

  submit(receipt: Receipt): Promise<{ duplicate: boolean }> {
    return new Promise((resolve, reject) => {
      this.pending.push({ receipt, resolve, reject });
      if (this.pending.length >= (this.options.maxBatch ?? 200)) this.flushSoon(0);
      else this.flushSoon(this.options.maxWaitMs ?? 2);
    });
  }

  private flushSoon(delayMs: number): void {
    if (this.timer && delayMs > 0) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      const batch = this.pending;
      this.pending = [];
      if (batch.length) void this.settle(batch);
    }, delayMs);
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
      stored = await storeReceipts(this.db, [...copies.values()]);
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
