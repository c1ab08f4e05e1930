import { z } from 'zod';
import { countOpenQuarantined, listQuarantined } from '../../mirror/quarantine.js';
import { readReconcileRuns, readSyncState } from '../../mirror/sync-state.js';
import { defineAdminRoute } from '../admin-route.js';
import { failedJobFacts } from '../failed-job-wire.js';

export const syncRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/sync',
    summary:
      'Mirror sync status: the last reconciliation (failed or not, with its reason), the last successful one and its lag, quarantined items, receipts in the last hour, the mirror queue, failed mirrors',
    tag: 'sync',
    response: z.object({
      healthy: z.boolean().meta({ description: 'The last reconciliation succeeded (or none ran yet) and nothing is quarantined' }),
      last_run: z
        .object({ ok: z.boolean(), at: z.string(), error: z.string().nullable() })
        .nullable()
        .meta({ description: 'The last reconciliation, whether it succeeded or failed, and why it failed' }),
      last_reconcile: z.record(z.string(), z.unknown()).nullable().meta({ description: "The last successful reconciliation's report" }),
      quarantined: z.number().meta({ description: 'Upstream items the hub could not read, still open (GET /admin/sync/quarantine)' }),
      reconcile_lag_seconds: z.number().nullable(),
      receipts_last_hour: z.number(),
      receipts_not_enqueued: z.number(),
      mirrored: z.number(),
      mirror_queue: z.record(z.string(), z.number()),
      failed_mirrors: z.array(
        z.object({ transcription_id: z.string(), reason: z.string(), attempts: z.number(), failed_at: z.string().nullable() }),
      ),
    }),
    async handle(_input, ctx) {
      const now = ctx.now();
      const queue = ctx.jobs.queue('hub.mirror-transcription');
      const [state, runs, quarantined, receiptsLastHour, receiptsNotEnqueued, mirrored, counts, failed] = await Promise.all([
        readSyncState(ctx.db),
        readReconcileRuns(ctx.db),
        countOpenQuarantined(ctx.db),
        ctx.db.hubWebhookReceipt.count({ where: { receivedAt: { gte: new Date(now.getTime() - 3_600_000) } } }),
        ctx.db.hubWebhookReceipt.count({ where: { enqueuedAt: null } }),
        ctx.db.hubTranscription.count({ where: { deletedAt: null } }),
        queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
        queue.getFailed(0, 19),
      ]);
      const last = runs[0];
      return {
        healthy: (last?.ok ?? true) && quarantined === 0,
        last_run: last ? { ok: last.ok, at: last.lastReconcileAt, error: last.ok ? null : last.error } : null,
        last_reconcile: state ? { ...state } : null,
        quarantined,
        reconcile_lag_seconds: state ? Math.round((now.getTime() - Date.parse(state.lastReconcileAt)) / 1000) : null,
        receipts_last_hour: receiptsLastHour,
        receipts_not_enqueued: receiptsNotEnqueued,
        mirrored,
        mirror_queue: counts,
        failed_mirrors: failed.map((job) => ({
          transcription_id: String((job.data as { transcriptionId?: string }).transcriptionId ?? ''),
          ...failedJobFacts(job),
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/sync/quarantine',
    summary:
      'Upstream items the hub could not read (list rows and answers that break the API description), with why and the raw value; open ones only unless include_resolved=true. Reconciliation retries them at every run',
    tag: 'sync',
    query: z.object({ include_resolved: z.enum(['true', 'false']).default('false') }),
    response: z.object({
      items: z.array(
        z.object({
          operation: z.string(),
          item: z.string().meta({ description: 'The transcription id, or row-<hash> when the row named none' }),
          reason: z.string(),
          issues: z.unknown(),
          raw: z.unknown(),
          first_seen_at: z.string(),
          last_seen_at: z.string(),
          times_seen: z.number(),
          resolved_at: z.string().nullable(),
        }),
      ),
    }),
    async handle({ query }, ctx) {
      const rows = await listQuarantined(ctx.db, { includeResolved: query.include_resolved === 'true' });
      return {
        items: rows.map((r) => ({
          operation: r.operation,
          item: r.itemKey,
          reason: r.reason,
          issues: r.issues,
          raw: r.raw,
          first_seen_at: r.firstSeenAt.toISOString(),
          last_seen_at: r.lastSeenAt.toISOString(),
          times_seen: r.timesSeen,
          resolved_at: r.resolvedAt ? r.resolvedAt.toISOString() : null,
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/sync/reconcile',
    summary: 'Reconcile the mirror now (queued; runs on a worker)',
    tag: 'sync',
    status: 202,
    response: z.object({ job_id: z.string() }),
    async handle(_input, ctx) {
      const tick = ctx.now().toISOString().replace(/\D/g, '').slice(0, 17);
      const jobId = `reconcile-manual-${tick}`;
      await ctx.jobs.enqueue('hub.reconcile', { tick }, { jobId });
      return { job_id: jobId };
    },
  }),
];
