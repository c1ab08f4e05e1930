import type { Request, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';
import { listFailedJobs } from '../../../../queues/inspect/failed-jobs.js';
import { QueueName, readAllQueueCounts, readQueueCounts } from '../../../../queues/inspect/queue-counts.js';
import { retryAllFailedJobs, retryFailedJob } from '../../../../queues/inspect/retry-failed-jobs.js';
import type { HubContext } from '../../../hub-context.js';
import { requireAdmin } from '../../auth/require-user.js';
import { redirectWithFlash } from '../../console-form.js';
import { frameOf, send } from '../../console-request.js';
import { queueJobsPage, queuesPage } from './queues-view.js';

/** Failed jobs shown per queue (Retry all reaches the rest). */
const failedShown = 50;

const QueueParams = z.object({ name: QueueName });
const JobParams = z.object({ name: QueueName, jobId: z.string().min(1).max(200) });

function parsed<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('not_found', `No such queue or job: ${result.error.issues.map((i) => i.message).join('; ')}`);
  return result.data;
}

const actorOf = (req: Request) => req.session.user?.email ?? 'unknown';

/**
 * The Queues page (docs/console-queues.md): counts per queue and a queue's failed jobs, read from
 * BullMQ; admins retry one failed job or all of a queue's (POST, CSRF token, then back to the page).
 */
export function registerQueues(router: Router, hub: HubContext): void {
  router.get('/queues', async (req, res) => {
    send(res, queuesPage(frameOf(req), await readAllQueueCounts(hub.jobs)));
  });

  router.get('/queues/:name', async (req, res) => {
    const { name } = parsed(QueueParams, req.params);
    const [counts, failed] = await Promise.all([readQueueCounts(hub.jobs, name), listFailedJobs(hub.jobs, name, failedShown)]);
    send(res, queueJobsPage(frameOf(req), { name, counts, failed }));
  });

  router.post('/queues/:name/jobs/:jobId/retry', requireAdmin, async (req, res) => {
    const { name, jobId } = parsed(JobParams, req.params);
    let flash: NonNullable<typeof req.session.flash>;
    try {
      await retryFailedJob(hub.jobs, name, jobId);
      hub.logger.info({ queue: name, jobId, by: actorOf(req) }, 'console: failed job retried');
      flash = { kind: 'ok', text: `Job ${jobId} queued again: it runs when a worker is free.` };
    } catch (error) {
      // Someone else retried or removed it meanwhile: say so on the page rather than an error page.
      if (!(error instanceof AppError) || (error.code !== 'not_found' && error.code !== 'invalid_value')) throw error;
      flash = { kind: 'error', text: `Not retried: ${error.message}.` };
    }
    await redirectWithFlash(req, res, flash, `/console/queues/${encodeURIComponent(name)}`);
  });

  router.post('/queues/:name/failed/retry', requireAdmin, async (req, res) => {
    const { name } = parsed(QueueParams, req.params);
    const { retried } = await retryAllFailedJobs(hub.jobs, name);
    hub.logger.info({ queue: name, retried, by: actorOf(req) }, 'console: all failed jobs retried');
    const flash: NonNullable<typeof req.session.flash> = retried
      ? { kind: 'ok', text: `${retried} failed job${retried === 1 ? '' : 's'} queued again.` }
      : { kind: 'error', text: 'No failed job to retry.' };
    await redirectWithFlash(req, res, flash, `/console/queues/${encodeURIComponent(name)}`);
  });
}
