import { z } from 'zod';
import { jobNames, type JobName } from '../job-catalog.js';
import type { JobQueues } from '../job-queues.js';

/** The states an operator watches, in the order the console and the admin API show them. */
export const watchedJobStates = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type WatchedJobState = (typeof watchedJobStates)[number];
export type QueueCounts = Record<WatchedJobState, number>;

/** A queue's name as a path or form value: one of the catalog's jobs, or a clear message. */
export const QueueName = z.enum(jobNames as [JobName, ...JobName[]], { error: `expected one of ${jobNames.join(', ')}` });

/** One queue's counts per watched state (one round trip to Redis). */
export async function readQueueCounts(jobs: JobQueues, name: JobName): Promise<QueueCounts> {
  const counts = await jobs.queue(name).getJobCounts(...watchedJobStates);
  return Object.fromEntries(watchedJobStates.map((state) => [state, counts[state] ?? 0])) as QueueCounts;
}

/** Every queue of the catalog with its counts, in catalog order. */
export async function readAllQueueCounts(jobs: JobQueues): Promise<{ name: JobName; counts: QueueCounts }[]> {
  return Promise.all(jobNames.map(async (name) => ({ name, counts: await readQueueCounts(jobs, name) })));
}
