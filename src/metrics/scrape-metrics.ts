import { Gauge, Registry } from 'prom-client';
import type { Db } from '../db.js';
import type { JobQueues } from '../queues/job-queues.js';
import { readAllQueueCounts, watchedJobStates } from '../queues/inspect/queue-counts.js';
import { readReconcileRuns } from '../hub/mirror/sync-state.js';

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
  new Gauge({
    name: 'convoqa_hub_quarantined_items',
    help: 'Upstream items the hub could not read and keeps in quarantine (open), per operation',
    labelNames: ['operation'] as const,
    registers: [registry],
    async collect() {
      const rows = await deps.db.hubQuarantinedItem.groupBy({ by: ['operation'], where: { resolvedAt: null }, _count: { _all: true } });
      this.reset();
      for (const row of rows) this.set({ operation: row.operation }, row._count._all);
    },
  });
  // The last reconciliation's outcome (its reason is on /admin/sync and the console's Receipts page).
  const reconcileRuns = () => readReconcileRuns(deps.db);
  new Gauge({
    name: 'convoqa_hub_reconcile_last_run_ok',
    help: 'Whether the last mirror reconciliation succeeded (1) or failed (0); absent before the first run',
    registers: [registry],
    async collect() {
      const [last] = await reconcileRuns();
      this.reset();
      if (last) this.set(last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'convoqa_hub_reconcile_last_success_timestamp_seconds',
    help: 'When the last successful mirror reconciliation ran (unix seconds)',
    registers: [registry],
    async collect() {
      const lastOk = (await reconcileRuns()).find((run) => run.ok);
      this.reset();
      if (lastOk) this.set(Date.parse(lastOk.lastReconcileAt) / 1000);
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
