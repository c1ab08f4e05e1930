import type { Logger } from 'pino';
import { CoalescingBuffer } from '../../lib/batching/coalescing-buffer.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { queueReceiptMirrors } from './enqueue-receipt-mirrors.js';
import type { EnqueuedMarks } from './enqueued-marks.js';

type StoredReceipt = { id: string; transcriptionId: string };

/**
 * The receiver's mirror jobs, queued together: the receipts of every batch stored within
 * `everyMs` go to Redis in one round trip (one `addBulk` of their distinct transcriptions, so one
 * ioredis pipeline and one MULTI instead of one per batch), then to the `enqueued_at` marks. Off
 * the answer's path, like the queueing it replaces: the webhooks were acknowledged once their
 * receipts were committed. If Redis does not take them (down, or the process stops within those
 * milliseconds) the receipts stay unmarked and the receipt sweeper queues them.
 */
export class CoalescedMirrors {
  private readonly buffer: CoalescingBuffer<StoredReceipt>;

  constructor(deps: { jobs: JobQueues; logger: Logger; marks: EnqueuedMarks }, everyMs = 20) {
    this.buffer = new CoalescingBuffer(async (receipts) => {
      try {
        await queueReceiptMirrors(deps.jobs, receipts);
      } catch (error) {
        deps.logger.warn({ err: error, receipts: receipts.length }, 'mirror jobs not queued after the receipts were stored; the receipt sweeper will queue them');
        return;
      }
      deps.marks.add(receipts.map((r) => r.id));
    }, everyMs);
  }

  add(receipts: readonly StoredReceipt[]): void {
    this.buffer.add(receipts);
  }
}
