import { AppError } from '../../lib/errors/app-error.js';
import type { JobName } from '../job-catalog.js';
import type { JobQueues } from '../job-queues.js';

/**
 * Puts one failed job back in its queue. It runs once more with the attempts it has made (BullMQ
 * does not reset them), so a job that still fails is failed again at once and stays visible.
 */
export async function retryFailedJob(jobs: JobQueues, name: JobName, jobId: string): Promise<{ id: string; state: string }> {
  const job = await jobs.queue(name).getJob(jobId);
  if (!job) throw new AppError('not_found', `No job ${jobId} in ${name}`);
  if (!(await job.isFailed())) throw new AppError('invalid_value', `Job ${jobId} is not failed (it is ${await job.getState()})`);
  await job.retry('failed');
  return { id: jobId, state: await job.getState() };
}

/**
 * Puts every job failed so far back in its queue (BullMQ's retryJobs, in batches of 1,000 until
 * none is left; like retryFailedJob, attempts are not reset). Answers how many were failed just
 * before: a job failing meanwhile may be retried without being counted.
 */
export async function retryAllFailedJobs(jobs: JobQueues, name: JobName): Promise<{ retried: number }> {
  const queue = jobs.queue(name);
  const retried = await queue.getFailedCount();
  if (retried > 0) await queue.retryJobs({ state: 'failed', count: 1_000 });
  return { retried };
}
