import type { Db } from '../../db.js';
import type { OutboxRelay } from './outbox-relay.js';
import { storeReceipts, type Receipt, type StoredReceipt } from './store-receipts.js';

export type { Receipt };
interface Pending {
  receipt: Receipt;
  resolve: (result: { duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

/**
 * The receiver's outbox (docs/mirror.md, "One receipt outbox"): a webhook's receipt is committed to
 * PostgreSQL before the webhook is acknowledged, and the relay (outbox-relay.ts) moves it to the
 * mirror queue after. Webhooks arriving within `maxWaitMs` (or until `maxBatch`) are committed
 * together by one statement (store-receipts.ts), which inserts the new receipts, counts the
 * repeats and says which it inserted; once it has committed, every webhook of the batch is
 * answered: acknowledged means committed. The receipts still without `enqueued_at` (new, or a
 * repeat of one Redis never took) go to the relay. Exactly one acknowledgement of an event says
 * `duplicate: false`: the one whose insert stored it.
 */
export class ReceiptOutbox {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly relay: OutboxRelay,
    private readonly options: { maxBatch?: number; maxWaitMs?: number } = {},
  ) {}

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
    this.relay.add(unsent);
  }
}
