import type { Logger } from 'pino';
import type pg from 'pg';
import type { Db } from '../../db.js';
import { CoalescingBuffer } from '../../lib/batching/coalescing-buffer.js';
import { markReceiptsEnqueued } from './enqueue-receipt-mirrors.js';

/**
 * The receiver's `enqueued_at` marks, coalesced: receipts whose mirror Redis has taken are marked
 * by one update every `everyMs` (the batches' marks together) instead of one update, and one
 * commit, per batch. The mark is bookkeeping, not part of the guarantee: a mark lost (PostgreSQL
 * down, the process stopped before the update) leaves the receipt to the sweeper, which queues its
 * mirror again, absorbed by the job id, and marks it. A failed update is tried again every
 * `retryMs` with the marks that came since, for about a minute and up to `maxPending` receipts;
 * beyond that they are left to the sweeper. A receipt is marked at most `everyMs` later than before, far inside the
 * sweeper's 5 s.
 */
export class EnqueuedMarks {
  private readonly buffer: CoalescingBuffer<string>;
  private failures = 0;

  constructor(deps: { db: Db; pool?: pg.Pool | undefined; logger: Logger }, everyMs = 20, retryMs = 1_000, maxPending = 10_000) {
    this.buffer = new CoalescingBuffer(async (ids) => {
      try {
        await markReceiptsEnqueued(deps, ids);
        this.failures = 0;
      } catch (error) {
        this.failures += 1;
        const retry = this.failures * retryMs <= 60_000;
        deps.logger.warn({ err: error, receipts: ids.length }, retry ? 'receipts not marked enqueued; tried again shortly' : 'receipts not marked enqueued; the receipt sweeper will mark them');
        if (retry) this.buffer.retryLater(ids, retryMs, maxPending);
      }
    }, everyMs);
  }

  add(ids: readonly string[]): void {
    this.buffer.add(ids);
  }
}
