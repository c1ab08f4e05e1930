import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { jobCatalog, jobNames, type JobName, type JobPayload } from './catalog.js';

export interface EnqueueOptions {
  /** Makes the job happen once: adding an id that is already queued does nothing. No ':'. */
  jobId?: string;
  delayMs?: number;
}

export interface JobQueues {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /** The BullMQ queue of a job (inspection: counts, lookups, removal). */
  queue(name: JobName): Queue;
  readonly prefix: string;
  close(): Promise<void>;
}

/**
 * One BullMQ queue per job, under a key prefix (tests use their own). `backoffScale` multiplies
 * every retry delay (tests shrink them; production keeps 1).
 */
export function createJobQueues(connection: Redis, prefix: string, options: { backoffScale?: number } = {}): JobQueues {
  const scale = options.backoffScale ?? 1;
  const queues = new Map<JobName, Queue>(
    jobNames.map((name) => [name, new Queue(name, { connection, prefix, skipVersionCheck: true })]),
  );
  const queueOf = (name: JobName) => queues.get(name) as Queue;
  return {
    prefix,
    queue: queueOf,
    async enqueue(name, payload, options = {}) {
      const definition = jobCatalog[name];
      const parsed = definition.payload.parse(payload) as object;
      if (options.jobId?.includes(':')) throw new Error(`job ids cannot contain ':' (${options.jobId})`);
      const jobOptions: JobsOptions = {
        jobId: options.jobId,
        delay: options.delayMs,
        attempts: definition.attempts,
        backoff: { ...definition.backoff, delay: Math.round(definition.backoff.delay * scale) },
        removeOnComplete: { age: 24 * 3600, count: 10_000 },
        removeOnFail: { age: 30 * 24 * 3600 },
      };
      await queueOf(name).add(name, parsed, jobOptions);
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
