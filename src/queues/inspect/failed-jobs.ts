import type { Job } from 'bullmq';
import type { JobName } from '../job-catalog.js';
import type { JobQueues } from '../job-queues.js';
import { summarizeJobData } from './job-data-summary.js';

/** A failed job as the console and the admin API show it. */
export interface FailedJobView {
  id: string;
  name: string;
  data: unknown;
  /** `key=value` pairs, secrets hidden, shortened (job-data-summary.ts). */
  dataSummary: string;
  reason: string;
  attemptsMade: number;
  attemptsAllowed: number;
  failedAt: Date | null;
}

export const toFailedJobView = (job: Job): FailedJobView => ({
  id: String(job.id),
  name: job.name,
  data: job.data as unknown,
  dataSummary: summarizeJobData(job.data),
  reason: job.failedReason ?? '',
  attemptsMade: job.attemptsMade,
  attemptsAllowed: job.opts.attempts ?? 1,
  failedAt: job.finishedOn ? new Date(job.finishedOn) : null,
});

/** The newest `limit` failed jobs of a queue (BullMQ keeps them newest first). */
export async function listFailedJobs(jobs: JobQueues, name: JobName, limit: number): Promise<FailedJobView[]> {
  const failed = await jobs.queue(name).getFailed(0, limit - 1);
  // A job removed between the listing and its read comes back undefined.
  return failed.filter((job): job is Job => Boolean(job)).map(toFailedJobView);
}
