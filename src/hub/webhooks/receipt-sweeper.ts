import type { Logger } from 'pino';
import type { Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { sweepUnsentReceipts } from './sweep-unsent-receipts.js';

export interface ReceiptSweeperOptions {
  /** Time between sweeps. */
  intervalMs?: number;
  /** Only receipts at least this old (younger ones are being enqueued by their own batch). */
  olderThanMs?: number;
  /** How long a claim keeps other sweepers off a batch (sweep-unsent-receipts.ts). */
  leaseMs?: number;
}

/**
 * Runs sweepUnsentReceipts every `intervalMs` in the web process (where receipts are made) until
 * stopped: a webhook acknowledged while Redis was down is mirrored a few seconds after Redis is
 * back, without the sender retrying. A failed sweep (Redis or PostgreSQL down) is logged and
 * tried again at the next tick. Every web process runs one; they claim disjoint batches under
 * leases, and no PostgreSQL transaction is open while Redis is called. Reconciliation
 * (reconcile-mirror.ts) stays the backstop.
 */
export function startReceiptSweeper(deps: { db: Db; jobs: JobQueues; logger: Logger }, options: ReceiptSweeperOptions = {}): { stop: () => Promise<void> } {
  const intervalMs = options.intervalMs ?? 2_000;
  const olderThanMs = options.olderThanMs ?? 5_000;
  const leaseMs = options.leaseMs ?? 30_000;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = sweepUnsentReceipts(deps, { olderThanMs, leaseMs })
      .then(
        (outcome) => {
          if (outcome.queued) deps.logger.info({ queued: outcome.queued }, 'receipts swept: mirror jobs queued after the fact');
        },
        (error: unknown) => deps.logger.warn({ err: error }, 'receipt sweep failed; tried again at the next tick'),
      )
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, intervalMs).unref();
      });
  };
  timer = setTimeout(tick, intervalMs).unref();
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
