import type { Logger } from 'pino';
import type pg from 'pg';
import type { Db } from '../../db.js';
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
  private ids: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private failures = 0;

  constructor(
    private readonly deps: { db: Db; pool?: pg.Pool | undefined; logger: Logger },
    private readonly everyMs = 20,
    private readonly retryMs = 1_000,
    private readonly maxPending = 10_000,
  ) {}

  add(ids: readonly string[]): void {
    for (const id of ids) this.ids.push(id);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const ids = this.ids;
    this.ids = [];
    try {
      await markReceiptsEnqueued(this.deps, ids);
      this.failures = 0;
    } catch (error) {
      this.failures += 1;
      const retry = this.failures * this.retryMs <= 60_000;
      this.deps.logger.warn({ err: error, receipts: ids.length }, retry ? 'receipts not marked enqueued; tried again shortly' : 'receipts not marked enqueued; the receipt sweeper will mark them');
      if (!retry) return;
      this.ids = [...ids, ...this.ids].slice(0, this.maxPending);
      clearTimeout(this.timer);
      // Unref'd: a process stopping does not wait for PostgreSQL to come back; the sweeper has them.
      this.timer = setTimeout(() => void this.flush(), this.retryMs).unref();
    }
  }
}
