import type { ProcessingContext } from './processing-context.js';
import { recordFailed } from './record-outcome.js';

/** Work older than this without a live job is repaired (enqueueing is not instantaneous). */
const graceMs = 2 * 60_000;
/** No recording takes this long; one that does is stuck and FAILs. */
const maxProcessingMs = 6 * 3600_000;

export interface SweepReport {
  requeued: number;
  failedStuck: number;
  expiredUploads: number;
  requeuedWebhooks: number;
}

/**
 * PostgreSQL is the source of truth and Redis only carries the queue (and this Redis keeps
 * nothing on disk). Every minute: re-enqueue queued transcriptions and pending webhook
 * deliveries whose job is gone, FAIL transcriptions whose job failed for good or that have been
 * processing for hours, and FAIL uploads that expired unnoticed. Nothing stays IN_PROGRESS forever.
 */
export async function sweepProcessing(ctx: ProcessingContext): Promise<SweepReport> {
  const report: SweepReport = { requeued: 0, failedStuck: 0, expiredUploads: 0, requeuedWebhooks: 0 };
  const now = ctx.now().getTime();
  const recordings = ctx.jobs.queue('service.process-recording');

  const queued = await ctx.db.transcription.findMany({
    where: { status: 'IN_PROGRESS', queuedAt: { lt: new Date(now - graceMs) } },
    select: { id: true, accountId: true, configurationId: true, name: true, processingStartedAt: true },
    take: 1_000,
  });
  for (const t of queued) {
    const subject = { id: t.id, accountId: t.accountId, configurationId: t.configurationId, name: t.name };
    const job = await recordings.getJob(`rec-${t.id}`);
    const state = job ? await job.getState() : 'missing';
    if (t.processingStartedAt && now - t.processingStartedAt.getTime() > maxProcessingMs) {
      await job?.remove().catch(() => undefined);
      if (await recordFailed(ctx, subject, { code: 'processing_failed', message: 'Processing did not finish in time' }))
        report.failedStuck += 1;
    } else if (state === 'failed') {
      if (await recordFailed(ctx, subject, { code: 'processing_failed', message: 'Processing failed repeatedly' })) report.failedStuck += 1;
    } else if (state === 'missing' || state === 'completed' || state === 'unknown') {
      await job?.remove().catch(() => undefined);
      await ctx.jobs.enqueue('service.process-recording', { transcriptionId: t.id }, { jobId: `rec-${t.id}` });
      report.requeued += 1;
    }
  }

  const expired = await ctx.db.transcription.findMany({
    where: { status: 'IN_PROGRESS', queuedAt: null, uploadStartedAt: null, uploadExpiresAt: { lt: new Date(now - graceMs) } },
    select: { id: true, accountId: true, configurationId: true, name: true },
    take: 1_000,
  });
  for (const t of expired) {
    if (await recordFailed(ctx, t, { code: 'download_failed', message: 'No recording was uploaded before the upload URL expired' })) {
      report.expiredUploads += 1;
    }
  }

  const webhooks = ctx.jobs.queue('service.deliver-webhook');
  const pending = await ctx.db.webhookDelivery.findMany({
    where: { status: 'pending', createdAt: { lt: new Date(now - graceMs) } },
    select: { id: true, nextAttemptAt: true },
    take: 1_000,
  });
  for (const d of pending) {
    const job = await webhooks.getJob(`webhook-${d.id}`);
    const state = job ? await job.getState() : 'missing';
    if (state === 'missing' || state === 'completed' || state === 'failed' || state === 'unknown') {
      await job?.remove().catch(() => undefined);
      const delayMs = d.nextAttemptAt ? Math.max(0, d.nextAttemptAt.getTime() - now) : 0;
      await ctx.jobs.enqueue('service.deliver-webhook', { deliveryId: d.id }, { jobId: `webhook-${d.id}`, delayMs });
      report.requeuedWebhooks += 1;
    }
  }
  return report;
}
