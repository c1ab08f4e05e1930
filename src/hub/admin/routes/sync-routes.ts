import { z } from 'zod';
import { readSyncState } from '../../mirror/sync-state.js';
import { defineAdminRoute } from '../admin-route.js';
import { failedJobFacts } from '../failed-job-wire.js';

export const syncRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/sync',
    summary: 'Mirror sync status: last reconciliation and its lag, receipts in the last hour, the mirror queue, failed mirrors',
    tag: 'sync',
    response: z.object({
      last_reconcile: z.record(z.string(), z.unknown()).nullable(),
      reconcile_lag_seconds: z.number().nullable(),
      receipts_last_hour: z.number(),
      receipts_not_enqueued: z.number(),
      mirrored: z.number(),
      mirror_queue: z.record(z.string(), z.number()),
      failed_mirrors: z.array(z.object({ transcription_id: z.string(), reason: z.string(), attempts: z.number(), failed_at: z.string().nullable() })),
    }),
    async handle(_input, ctx) {
      const now = ctx.now();
      const queue = ctx.jobs.queue('hub.mirror-transcription');
      const [state, receiptsLastHour, receiptsNotEnqueued, mirrored, counts, failed] = await Promise.all([
        readSyncState(ctx.db),
        ctx.db.hubWebhookReceipt.count({ where: { receivedAt: { gte: new Date(now.getTime() - 3_600_000) } } }),
        ctx.db.hubWebhookReceipt.count({ where: { enqueuedAt: null } }),
        ctx.db.hubTranscription.count({ where: { deletedAt: null } }),
        queue.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'),
        queue.getFailed(0, 19),
      ]);
      return {
        last_reconcile: state ? { ...state } : null,
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
