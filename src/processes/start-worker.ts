import { Worker, DelayedError, UnrecoverableError } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { jobNames, type JobName } from '../../jobs/catalog.js';
import type { JobHandlers } from '../../jobs/job-handler.js';

export interface WorkerOptions {
  /** A connection made with createRedis(url, { forWorker: true }). */
  connection: Redis;
  prefix: string;
  handlers: JobHandlers;
  logger: Logger;
  concurrency?: Partial<Record<JobName, number>>;
  /** How long a job's lock lasts without renewal: a killed worker's job is retried after it. */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
}

export interface RunningWorkers {
  /** Stops taking jobs, waits for the running ones, closes connections. */
  close: () => Promise<void>;
}

/** One BullMQ worker per job of the catalog, each running its handler. */
export function startWorkers(options: WorkerOptions): RunningWorkers {
  const workers = jobNames.map((name) => {
    const handler = options.handlers[name] as (payload: unknown, job: Parameters<JobHandlers[JobName]>[1], token?: string) => Promise<void>;
    const worker = new Worker(name, (job, token) => handler(job.data, job, token), {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency?.[name] ?? 1,
      lockDuration: options.lockDurationMs ?? 30_000,
      stalledInterval: options.stalledIntervalMs ?? 30_000,
      maxStalledCount: 2,
    });
    worker.on('failed', (job, error) => {
      if (error instanceof DelayedError || error.name === 'DelayedError') return;
      const final = error instanceof UnrecoverableError || (job ? job.attemptsMade >= (job.opts.attempts ?? 1) : true);
      options.logger[final ? 'error' : 'warn']({ job: name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, final ? 'job failed' : 'job will be retried');
    });
    worker.on('error', (error) => options.logger.error({ job: name, err: error }, 'worker error'));
    return worker;
  });
  return {
    close: async () => {
      await Promise.all(workers.map((w) => w.close()));
    },
  };
}
