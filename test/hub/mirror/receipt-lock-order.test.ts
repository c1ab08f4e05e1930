/**
 * Two writers of the same receipts side by side: the batch insert counting repeats
 * (store-receipts.ts) and the relay marking them queued (enqueue-receipt-mirrors.ts). Both lock
 * the rows in id order, so they wait for each other and never deadlock, even when the rows lie in
 * the table in the reverse order of their ids (docs/mirror.md, "One receipt outbox").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolOf } from '../../../src/db.js';
import { markReceiptsEnqueued } from '../../../src/hub/webhooks/enqueue-receipt-mirrors.js';
import { storeReceipts, type Receipt } from '../../../src/hub/webhooks/store-receipts.js';
import { createHarness, type Harness } from '../../support/harness.js';

let h: Harness;
beforeAll(() => {
  h = createHarness();
});
afterAll(() => h.close());

describe('receipts written by the receiver and the relay at once', () => {
  it('never deadlock: every round of repeats and marks completes', async () => {
    const receipts: Receipt[] = Array.from({ length: 60 }, () => ({
      id: `lock-order-${randomUUID()}`,
      transcriptionId: randomUUID(),
      eventType: 'transcription.completed',
      outcome: 'success',
    }));
    const byId = [...receipts].sort((a, b) => (a.id < b.id ? -1 : 1));
    // Stored one by one in reverse id order, so a scan of the table meets them backwards.
    for (const receipt of [...byId].reverse()) await storeReceipts(h.db, [{ receipt, copies: 1 }]);
    const ids = byId.map((r) => r.id);
    const pool = poolOf(h.db);
    const failures: string[] = [];
    for (let round = 0; round < 25; round += 1) {
      await h.db.$executeRawUnsafe('UPDATE hub_webhook_receipts SET enqueued_at = NULL WHERE id = ANY($1::text[])', ids);
      const outcomes = await Promise.allSettled([
        storeReceipts(
          h.db,
          receipts.map((receipt) => ({ receipt, copies: 1 })),
        ),
        markReceiptsEnqueued({ db: h.db, pool }, [...ids].reverse()),
        storeReceipts(
          h.db,
          receipts.slice(30).map((receipt) => ({ receipt, copies: 2 })),
        ),
        markReceiptsEnqueued({ db: h.db, pool }, ids),
      ]);
      for (const outcome of outcomes) if (outcome.status === 'rejected') failures.push(String(outcome.reason));
    }
    expect(failures).toEqual([]);
    const rows = await h.db.hubWebhookReceipt.findMany({ where: { id: { in: ids } } });
    // Each round counted every receipt once more and the second half twice more again.
    expect(rows.map((r) => r.duplicates).sort((a, b) => a - b)).toEqual([...Array(30).fill(25), ...Array(30).fill(75)]);
    // A repeat made after a mark leaves its receipt unsent again (its relay queues it): a last mark queues them all.
    await markReceiptsEnqueued({ db: h.db, pool }, ids);
    expect(await h.db.hubWebhookReceipt.count({ where: { id: { in: ids }, enqueuedAt: null } })).toBe(0);
  });
});
