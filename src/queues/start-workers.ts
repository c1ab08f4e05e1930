import { Worker, DelayedError, UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { jobCatalog, jobNames, type JobName } from './job-catalog.js';
import type { JobHandlers } from './job-handler.js';
import { queueKeyPrefix } from './queue-key-prefix.js';
import type { Redis } from '../redis.js';

export interface WorkerOptions {
  /** A connection made with createRedis(url, { forWorker: true }). */
  connection: Redis;
  prefix: string;
  handlers: JobHandlers;
  logger: Logger;
  /** Overrides of the catalog's concurrency (WORKER_CONCURRENCY for recordings; tests). */
  concurrency?: Partial<Record<JobName, number>>;
  /** How long a job's lock lasts without renewal: a killed worker's job is retried after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** The jobs to run (default every job of the catalog); a hub-only process leaves out the built-in service's. */
  jobs?: readonly JobName[];
}

export interface RunningWorkers {
  /**
   * Stops taking jobs and waits for the running ones up to `graceMs` (default 6 s); past that it
   * stops waiting and the process exits: the unfinished jobs keep their locks until these expire,
   * and another worker then takes them over (BullMQ's stalled-job check), so nothing is lost.
   */
  close: (graceMs?: number) => Promise<void>;
}

/** One BullMQ worker per job of the catalog, each running its handler. */
export function startWorkers(options: WorkerOptions): RunningWorkers {
  const workers = (options.jobs ?? jobNames).map((name) => {
    const handler = options.handlers[name] as (payload: unknown, job: Parameters<JobHandlers[JobName]>[1], token?: string) => Promise<void>;
    const worker = new Worker(name, (job, token) => handler(job.data, job, token), {
      connection: options.connection,
      prefix: queueKeyPrefix(options.prefix, name, options.connection.isCluster),
      concurrency: options.concurrency?.[name] ?? jobCatalog[name].concurrency,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 2,
    });
    worker.on('failed', (job, error) => {
      if (error instanceof DelayedError || error.name === 'DelayedError') return;
      const final = error instanceof UnrecoverableError || (job ? job.attemptsMade >= (job.opts.attempts ?? 1) : true);
      options.logger[final ? 'error' : 'warn'](
        { job: name, jobId: job?.id, attempt: job?.attemptsMade, err: error },
        final ? 'job failed' : 'job will be retried',
      );
    });
    worker.on('error', (error) => options.logger.error({ job: name, err: error }, 'worker error'));
    return worker;
  });
  return {
    close: async (graceMs = 6_000) => {
      let timer: NodeJS.Timeout | undefined;
      // close() stops fetching at once, then waits for the jobs in flight. (A later close(true)
      // would return this same promise, so it cannot cut the wait short: the race does.)
      const finished = Promise.all(workers.map((w) => w.close())).then(() => true);
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), graceMs)));
      const inTime = await Promise.race([finished, timedOut]);
      clearTimeout(timer);
      if (!inTime) options.logger.warn({ graceMs }, 'jobs still running at shutdown: left to other workers once their locks expire');
    },
  };
}
