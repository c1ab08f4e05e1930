import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from '../redis.js';
import { jobCatalog, jobNames, type JobName, type JobPayload } from './job-catalog.js';
import { queueKeyPrefix } from './queue-key-prefix.js';

/** How long an enqueue may take before it fails (Redis unreachable). */
const enqueueTimeoutMs = 3_000;

/**
 * A queue whose first connection has not succeeded waits for Redis indefinitely; callers (the
 * webhook receiver above all) must fail fast instead and let their own caller retry.
 */
async function withTimeout<T>(name: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new EnqueueTimeoutError(`enqueueing ${name} took over ${enqueueTimeoutMs} ms`)), enqueueTimeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export class EnqueueTimeoutError extends Error {
  override name = 'EnqueueTimeoutError';
}

export interface EnqueueOptions {
  /** Makes the job happen once: adding an id that is already queued does nothing. No ':'. */
  jobId?: string;
  delayMs?: number;
}

export interface JobQueues {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<void>;
  /** Several jobs of one kind in one round trip (ids already queued are skipped, as with enqueue). */
  enqueueMany<N extends JobName>(name: N, jobs: { payload: JobPayload<N>; jobId: string }[]): Promise<void>;
  /** The BullMQ queue of a job (inspection: counts, lookups, removal). */
  queue(name: JobName): Queue;
  readonly prefix: string;
  close(): Promise<void>;
}

/**
 * One BullMQ queue per job, under a key prefix (tests use their own; hash-tagged per queue on a
 * cluster, queue-key-prefix.ts). `backoffScale` multiplies
 * every retry delay (tests shrink them; production keeps 1).
 */
export function createJobQueues(
  connection: Redis,
  prefix: string,
  options: { backoffScale?: number; onError?: (error: Error, queue: JobName) => void } = {},
): JobQueues {
  const scale = options.backoffScale ?? 1;
  const queues = new Map<JobName, Queue>(
    jobNames.map((name) => {
      const queue = new Queue(name, { connection, prefix: queueKeyPrefix(prefix, name, connection.isCluster), skipVersionCheck: true });
      // Without a listener an 'error' event (Redis unreachable) would be thrown; callers see
      // the failure on their enqueue call anyway.
      queue.on('error', (error) => options.onError?.(error, name));
      return [name, queue];
    }),
  );
  const queueOf = (name: JobName) => queues.get(name) as Queue;
  const jobOptions = (name: JobName, options: EnqueueOptions): JobsOptions => {
    const definition = jobCatalog[name];
    return {
      jobId: options.jobId,
      delay: options.delayMs,
      attempts: definition.attempts,
      backoff: { ...definition.backoff, delay: Math.round(definition.backoff.delay * scale) },
      removeOnComplete: 'removeOnComplete' in definition && definition.removeOnComplete ? true : { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 30 * 24 * 3600 },
    };
  };
  return {
    prefix,
    queue: queueOf,
    async enqueue(name, payload, options = {}) {
      if (options.jobId?.includes(':')) throw new Error(`job ids cannot contain ':' (${options.jobId})`);
      const parsed = jobCatalog[name].payload.parse(payload) as object;
      await withTimeout(name, queueOf(name).add(name, parsed, jobOptions(name, options)));
    },
    async enqueueMany(name, jobs) {
      if (jobs.length === 0) return;
      const bulk = jobs.map(({ payload, jobId }) => {
        if (jobId.includes(':')) throw new Error(`job ids cannot contain ':' (${jobId})`);
        return { name, data: jobCatalog[name].payload.parse(payload), opts: jobOptions(name, { jobId }) };
      });
      await withTimeout(name, queueOf(name).addBulk(bulk));
    },
    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
    },
  };
}
