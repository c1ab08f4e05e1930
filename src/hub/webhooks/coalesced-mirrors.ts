import type { Logger } from 'pino';
import type { JobQueues } from '../../queues/job-queues.js';
import { queueReceiptMirrors } from './enqueue-receipt-mirrors.js';
import type { EnqueuedMarks } from './enqueued-marks.js';

/**
 * The receiver's mirror jobs, queued together: the receipts of every batch stored within
 * `everyMs` go to Redis in one round trip (one `addBulk` of their distinct transcriptions, so one
 * ioredis pipeline and one MULTI instead of one per batch), then to the `enqueued_at` marks. Off
 * the answer's path, like the queueing it replaces: the webhooks were acknowledged once their
 * receipts were committed. If Redis does not take them (down, or the process stops within those
 * milliseconds) the receipts stay unmarked and the receipt sweeper queues them.
 */
export class CoalescedMirrors {
  private receipts: { id: string; transcriptionId: string }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { jobs: JobQueues; logger: Logger; marks: EnqueuedMarks },
    private readonly everyMs = 20,
  ) {}

  add(receipts: readonly { id: string; transcriptionId: string }[]): void {
    for (const receipt of receipts) this.receipts.push(receipt);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const receipts = this.receipts;
    this.receipts = [];
    try {
      await queueReceiptMirrors(this.deps.jobs, receipts);
    } catch (error) {
      this.deps.logger.warn({ err: error, receipts: receipts.length }, 'mirror jobs not queued after the receipts were stored; the receipt sweeper will queue them');
      return;
    }
    this.deps.marks.add(receipts.map((r) => r.id));
  }
}
