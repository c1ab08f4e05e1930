import { z } from 'zod';
import { jobNames, type JobName } from '../../../queues/job-catalog.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { defineAdminRoute } from '../admin-route.js';
import { failedJobFacts } from '../failed-job-wire.js';

const QueueName = z.enum(jobNames as [JobName, ...JobName[]], { error: `expected one of ${jobNames.join(', ')}` });
const JobRef = z.object({ name: QueueName, jobId: z.string().min(1).max(200) });

const FailedJob = z.object({
  id: z.string(),
  data: z.unknown(),
  reason: z.string(),
  attempts: z.number(),
  failed_at: z.string().nullable(),
});

export const queueRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/queues',
    summary: 'Job counts per queue',
    tag: 'queues',
    response: z.object({ queues: z.array(z.object({ name: z.string(), counts: z.record(z.string(), z.number()) })) }),
    async handle(_input, ctx) {
      const queues = await Promise.all(
        jobNames.map(async (name) => ({ name, counts: await ctx.jobs.queue(name).getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed') })),
      );
      return { queues };
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
      const jobs = await ctx.jobs.queue(params.name).getFailed(0, query.limit - 1);
      return {
        jobs: jobs.map((job) => ({
          id: String(job.id),
          data: job.data as unknown,
          ...failedJobFacts(job),
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/queues/:name/jobs/:jobId/retry',
    errors: ['not_found', 'invalid_value'],
    summary: 'Retry a failed job',
    tag: 'queues',
    params: JobRef,
    response: z.object({ id: z.string(), state: z.string() }),
    async handle({ params }, ctx) {
      const job = await ctx.jobs.queue(params.name).getJob(params.jobId);
      if (!job) throw new AppError('not_found', `No job ${params.jobId} in ${params.name}`);
      if (!(await job.isFailed())) throw new AppError('invalid_value', `Job ${params.jobId} is not failed (it is ${await job.getState()})`);
      await job.retry('failed');
      return { id: params.jobId, state: await job.getState() };
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
