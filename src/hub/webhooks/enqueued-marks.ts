import type { Logger } from 'pino';
import type pg from 'pg';
import type { Db } from '../../db.js';
import { markReceiptsEnqueued } from './enqueue-receipt-mirrors.js';

/**
 * The receiver's `enqueued_at` marks, coalesced: receipts whose mirror Redis has taken are marked
 * by one update every `everyMs` (the batches' marks together) instead of one update, and one
 * commit, per batch. The mark is bookkeeping, not part of the guarantee: a mark lost (PostgreSQL
 * down, the process stopped before the update) leaves the receipt to the sweeper, which queues its
 * mirror again, absorbed by the job id, and marks it. A receipt is marked at most `everyMs` later
 * than before, far inside the sweeper's 5 s.
 */
export class EnqueuedMarks {
  private ids: string[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { db: Db; pool?: pg.Pool | undefined; logger: Logger },
    private readonly everyMs = 20,
  ) {}

  add(ids: readonly string[]): void {
    for (const id of ids) this.ids.push(id);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const ids = this.ids;
    this.ids = [];
    await markReceiptsEnqueued(this.deps, ids).catch((error: unknown) =>
      this.deps.logger.warn({ err: error, receipts: ids.length }, 'receipts not marked enqueued; the receipt sweeper will mark them'),
    );
  }
}
