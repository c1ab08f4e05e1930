import { z } from 'zod';
import { AppError } from '../../../lib/errors/app-error.js';
import { listFailedJobs } from '../../../queues/inspect/failed-jobs.js';
import { QueueName, readAllQueueCounts } from '../../../queues/inspect/queue-counts.js';
import { retryAllFailedJobs, retryFailedJob } from '../../../queues/inspect/retry-failed-jobs.js';
import { defineAdminRoute } from '../admin-route.js';

const JobRef = z.object({ name: QueueName, jobId: z.string().min(1).max(200) });

const FailedJob = z.object({
  id: z.string(),
  name: z.string(),
  data: z.unknown(),
  reason: z.string(),
  attempts: z.number(),
  failed_at: z.string().nullable(),
});

/** The job queues (docs/console-queues.md): counts, failed jobs, retries; the console's Queues page shows the same. */
export const queueRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/queues',
    summary: 'Job counts per queue',
    tag: 'queues',
    response: z.object({ queues: z.array(z.object({ name: z.string(), counts: z.record(z.string(), z.number()) })) }),
    async handle(_input, ctx) {
      return { queues: await readAllQueueCounts(ctx.jobs) };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/queues/:name/failed',
    summary: 'Failed jobs of a queue, newest first',
    tag: 'queues',
    params: z.object({ name: QueueName }),
    query: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({ jobs: z.array(FailedJob) }),
    async handle({ params, query }, ctx) {
      const jobs = await listFailedJobs(ctx.jobs, params.name, query.limit);
      return {
        jobs: jobs.map((job) => ({
          id: job.id,
          name: job.name,
          data: job.data,
          reason: job.reason,
          attempts: job.attemptsMade,
          failed_at: job.failedAt?.toISOString() ?? null,
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/queues/:name/jobs/:jobId/retry',
    errors: ['not_found', 'invalid_value'],
    summary: 'Retry a failed job (it runs once more; its attempts are not reset)',
    tag: 'queues',
    params: JobRef,
    response: z.object({ id: z.string(), state: z.string() }),
    async handle({ params }, ctx) {
      return retryFailedJob(ctx.jobs, params.name, params.jobId);
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/queues/:name/failed/retry',
    summary: 'Retry every failed job of a queue (answers how many were failed)',
    tag: 'queues',
    params: z.object({ name: QueueName }),
    response: z.object({ name: z.string(), retried: z.number().int() }),
    async handle({ params }, ctx) {
      return { name: params.name, ...(await retryAllFailedJobs(ctx.jobs, params.name)) };
    },
  }),
  defineAdminRoute({
    method: 'delete',
    path: '/queues/:name/jobs/:jobId',
    errors: ['not_found', 'invalid_value'],
    summary: 'Remove a job (not an active one)',
    tag: 'queues',
    params: JobRef,
    response: z.object({ id: z.string(), removed: z.literal(true) }),
    async handle({ params }, ctx) {
      const job = await ctx.jobs.queue(params.name).getJob(params.jobId);
      if (!job) throw new AppError('not_found', `No job ${params.jobId} in ${params.name}`);
      if (await job.isActive()) throw new AppError('invalid_value', `Job ${params.jobId} is running; retry or wait instead`);
      await job.remove();
      return { id: params.jobId, removed: true as const };
    },
  }),
];
