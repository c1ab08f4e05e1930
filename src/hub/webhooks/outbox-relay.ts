import type { Logger } from 'pino';
import { poolOf, type Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import { markReceiptsEnqueued, queueReceiptMirrors } from './enqueue-receipt-mirrors.js';
import { sweepUnsentReceipts } from './sweep-unsent-receipts.js';

/** A committed receipt whose mirror job is not queued yet. */
export interface UnsentReceipt {
  id: string;
  transcriptionId: string;
}

export interface OutboxRelayOptions {
  /** How long receipts committed by this process wait for others to be queued with them. */
  everyMs?: number;
  /** Time between sweeps of receipts left unqueued (Redis down, a process that died); none when 0. */
  sweepEveryMs?: number;
  /** A sweep takes receipts at least this old (younger ones are this or another process's own). */
  olderThanMs?: number;
  /** How long a sweep's claim keeps other processes' relays off its receipts (sweep-unsent-receipts.ts). */
  leaseMs?: number;
  /** Marks kept for another try when PostgreSQL does not take them; beyond, left to the sweep. */
  maxUnmarked?: number;
}

/**
 * The one relay of the receiver's outbox (docs/mirror.md, "One receipt outbox"): moves receipts
 * committed but not yet queued to the mirror queue, one turn at a time, never two at once. A turn
 * takes the receipts this process committed since the last one (given by `add`: the mirrors of
 * every batch of the last `everyMs` in one Redis `addBulk`, then their `enqueued_at` marks in one
 * update) and, every `sweepEveryMs`, sweeps the ones nobody queued: committed at least
 * `olderThanMs` ago and still unmarked (Redis was down, or the process that committed them died),
 * claimed under a lease so relays of other processes take disjoint receipts. Nothing fails the
 * webhooks: they were acknowledged once committed. A failed queueing leaves the receipts unmarked
 * for the sweep; a failed mark is tried again at the next turns (the mirror queued twice is
 * absorbed by its job id). Calls to Redis happen outside any PostgreSQL transaction.
 */
export class OutboxRelay {
  private fresh: UnsentReceipt[] = [];
  private unmarked: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweepDue = false;
  private running: Promise<void> | undefined;
  private stopped = false;
  private readonly options: Required<OutboxRelayOptions>;

  constructor(
    private readonly deps: { db: Db; jobs: JobQueues; logger: Logger },
    options: OutboxRelayOptions = {},
  ) {
    this.options = { everyMs: 20, sweepEveryMs: 0, olderThanMs: 5_000, leaseMs: 30_000, maxUnmarked: 10_000, ...options };
    if (this.options.sweepEveryMs > 0) this.scheduleSweep();
  }

  /** Receipts this process has just committed: their mirrors are queued within `everyMs`. */
  add(receipts: readonly UnsentReceipt[]): void {
    if (receipts.length === 0 || this.stopped) return;
    for (const receipt of receipts) this.fresh.push(receipt);
    this.timer ??= setTimeout(() => this.turn(), this.options.everyMs);
  }

  /** Stops the turns and the sweeps, after the turn under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    clearTimeout(this.sweepTimer);
    await this.running;
  }

  private scheduleSweep(): void {
    this.sweepTimer = setTimeout(() => {
      this.sweepDue = true;
      this.turn();
    }, this.options.sweepEveryMs).unref();
  }

  private turn(): void {
    this.timer = undefined;
    // One turn at a time: what comes during a turn is taken by the next, scheduled when it ends.
    if (this.running) return;
    this.running = this.relay().finally(() => {
      this.running = undefined;
      if (!this.stopped && (this.fresh.length > 0 || this.sweepDue)) this.timer ??= setTimeout(() => this.turn(), this.options.everyMs);
    });
  }

  private async relay(): Promise<void> {
    const fresh = this.fresh.splice(0);
    if (fresh.length > 0) {
      try {
        await queueReceiptMirrors(this.deps.jobs, fresh);
        this.unmarked = [...this.unmarked, ...fresh.map((r) => r.id)].slice(-this.options.maxUnmarked);
      } catch (error) {
        this.deps.logger.warn(
          { err: error, receipts: fresh.length },
          'mirror jobs not queued after the receipts were committed; the sweep will queue them',
        );
      }
    }
    if (this.unmarked.length > 0) {
      const ids = this.unmarked;
      try {
        await markReceiptsEnqueued({ db: this.deps.db, pool: poolOf(this.deps.db) }, ids);
        this.unmarked = this.unmarked.slice(ids.length);
      } catch (error) {
        this.deps.logger.warn({ err: error, receipts: ids.length }, 'receipts not marked enqueued; tried again at the next turn');
      }
    }
    if (this.sweepDue) {
      this.sweepDue = false;
      await this.sweep();
      if (!this.stopped) this.scheduleSweep();
    }
  }

  private async sweep(): Promise<void> {
    try {
      const { queued } = await sweepUnsentReceipts(this.deps, { olderThanMs: this.options.olderThanMs, leaseMs: this.options.leaseMs });
      if (queued) this.deps.logger.info({ queued }, 'receipts swept: mirror jobs queued after the fact');
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'receipt sweep failed; tried again at the next sweep');
    }
  }
}

/** A relay that sweeps every `sweepEveryMs` (default 2 s), as the web process runs one. */
export function startOutboxRelay(deps: { db: Db; jobs: JobQueues; logger: Logger }, options: OutboxRelayOptions = {}): OutboxRelay {
  return new OutboxRelay(deps, { sweepEveryMs: 2_000, ...options });
}
