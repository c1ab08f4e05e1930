import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db.js';
import type { JobQueues } from '../queues/job-queues.js';
import { readAllQueueCounts, watchedJobStates } from '../queues/inspect/queue-counts.js';

/**
 * Metrics read when scraped, the same whatever process counts them: queue depths from Redis
 * (BullMQ's counts per queue) and this month's analytics quota from the ledger. Served by the web
 * process only, so several workers do not report them twice.
 */
export function createScrapeMetrics(deps: { db: Db; jobs: JobQueues; now: () => Date }): Registry {
  const registry = new Registry();
  new Gauge({
    name: 'convoqa_queue_jobs',
    help: 'Jobs per queue and state (waiting, active, delayed, failed, completed), read from Redis at scrape',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const queues = await readAllQueueCounts(deps.jobs);
      this.reset();
      for (const { name: queue, counts } of queues) for (const state of watchedJobStates) this.set({ queue, state }, counts[state]);
    },
  });
  const quota = (name: string, help: string, pick: (row: LedgerRow) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['scope', 'endpoint'] as const,
      registers: [registry],
      async collect() {
        const rows = await ledgerRows(deps.db, deps.now());
        this.reset();
        for (const row of rows) this.set({ scope: row.scope, endpoint: row.endpoint }, pick(row));
      },
    });
  quota('convoqa_analytics_quota_used', "Analytics calls spent this UTC month per endpoint (the hub's quota ledger)", (r) => r.used);
  quota('convoqa_analytics_quota_reserved', 'Analytics calls in flight this month per endpoint', (r) => r.reserved);
  quota('convoqa_analytics_quota_limit', 'Monthly analytics quota per endpoint', (r) => r.limit);
  return registry;
}

interface LedgerRow {
  scope: string;
  endpoint: string;
  limit: number;
  used: number;
  reserved: number;
}

function ledgerRows(db: Db, now: Date): Promise<LedgerRow[]> {
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return db.hubQuotaLedger.findMany({ where: { month }, select: { scope: true, endpoint: true, limit: true, used: true, reserved: true } });
}
