import type { JobQueues } from '../../queues/job-queues.js';
import type { Db } from '../../db.js';

export interface Receipt {
  id: string;
  transcriptionId: string;
  eventType: string;
  outcome: string;
}

interface Pending {
  receipt: Receipt;
  resolve: (result: { duplicate: boolean }) => void;
  reject: (error: unknown) => void;
}

/**
 * Makes receipts durable in batches. Webhooks arriving within `maxWaitMs` (or until `maxBatch`)
 * are settled together, each answered only once its batch is done:
 *   1. one read finds the events already received and enqueued (repeats: acknowledged, nothing more);
 *   2. one round trip to Redis enqueues the mirror of each transcription named (job id = transcription);
 *   3. one insert stores the new receipts, marked enqueued (a repeat whose enqueue had failed is marked now);
 *   4. repeats, if any, are counted on their receipt (one update).
 * Enqueueing comes before storing: if the insert then fails the sender gets 503 and retries, and
 * the repeated enqueue is harmless; nothing is acknowledged that is not both queued and stored.
 * The `duplicate` flag is decided by the insert itself, not by the read: batches run concurrently,
 * so two can both find an event unknown; the unique key makes the second insert wait for the first
 * and its conflict update (only of a row not yet marked enqueued) then returns nothing. Exactly one
 * acknowledgement of an event says `duplicate: false`: the one whose insert returned its id.
 * Under load this turns a few hundred commits a second into a few dozen.
 */
export class ReceiptBatcher {
  private pending: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueues,
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
    try {
      const ids = [...new Set(batch.map((p) => p.receipt.id))];
      const known = await this.db.$queryRaw<{ id: string; enqueued: boolean }[]>`
        SELECT id, enqueued_at IS NOT NULL AS enqueued FROM hub_webhook_receipts WHERE id = ANY(${ids}::text[])`;
      const enqueued = new Set(known.filter((k) => k.enqueued).map((k) => k.id));
      const seen = new Set<string>();
      const fresh: Receipt[] = [];
      const duplicate = batch.map(({ receipt }) => {
        const repeat = enqueued.has(receipt.id) || seen.has(receipt.id);
        seen.add(receipt.id);
        if (!repeat) fresh.push(receipt);
        return repeat;
      });
      const transcriptions = [...new Set(fresh.map((r) => r.transcriptionId))];
      await this.jobs.enqueueMany(
        'hub.mirror-transcription',
        transcriptions.map((transcriptionId) => ({ payload: { transcriptionId }, jobId: `mirror-${transcriptionId}` })),
      );
      const firsts = new Set<string>();
      // One lock order for every batch (by id), so two batches inserting the same events cannot deadlock.
      fresh.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      if (fresh.length) {
        const stored = await this.db.$queryRaw<{ id: string }[]>`
          INSERT INTO hub_webhook_receipts (id, transcription_id, event_type, outcome, enqueued_at)
          SELECT u.id, u.transcription_id, u.event_type, u.outcome, now()
          FROM UNNEST(${fresh.map((r) => r.id)}::text[], ${fresh.map((r) => r.transcriptionId)}::uuid[],
                      ${fresh.map((r) => r.eventType)}::text[], ${fresh.map((r) => r.outcome)}::text[])
               AS u(id, transcription_id, event_type, outcome)
          ON CONFLICT (id) DO UPDATE SET enqueued_at = now() WHERE hub_webhook_receipts.enqueued_at IS NULL
          RETURNING id`;
        for (const row of stored) firsts.add(row.id);
      }
      // A fresh event another batch stored first (its insert returned nothing here) is a repeat too.
      const answers = batch.map((p, i) => (duplicate[i] ?? false) || !firsts.has(p.receipt.id));
      const repeated = [...new Set(batch.filter((_p, i) => answers[i]).map((p) => p.receipt.id))];
      if (repeated.length) {
        // For the admin API: how often an event came again (a repeat within this batch is
        // counted once the receipt exists, i.e. from the next batch on).
        await this.db.$executeRaw`
          UPDATE hub_webhook_receipts SET duplicates = duplicates + 1, last_duplicate_at = now() WHERE id = ANY(${repeated}::text[])`;
      }
      batch.forEach((p, i) => p.resolve({ duplicate: answers[i] ?? false }));
    } catch (error) {
      for (const p of batch) p.reject(error);
    }
  }
}
