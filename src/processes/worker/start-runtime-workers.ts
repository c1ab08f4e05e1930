import type { JobHandlers } from '../../queues/job-handler.js';
import { startWorkers } from '../../queues/start-workers.js';
import { createRedis } from '../../redis.js';
import type { Contexts } from '../contexts.js';
import { runningJobNames } from '../halves.js';
import type { Runtime } from '../runtime.js';

/**
 * The worker part of a process (Procfile `worker`, or `npm start`): a BullMQ worker per job of the
 * catalog on a connection of its own, with the catalog's concurrency (WORKER_CONCURRENCY for
 * recordings) and the configured lock; hub-only, the built-in service's jobs have no worker. The entry passes the handler map (jobs/job-handlers.ts),
 * so nothing under src/ imports jobs/. `close` stops the workers, then the connection.
 */
export function startRuntimeWorkers(
  runtime: Runtime,
  createHandlers: (contexts: Contexts) => JobHandlers,
  connectionName: string,
): { close: () => Promise<void> } {
  const { process: settings } = runtime.config;
  const connection = createRedis(settings.redis, { forWorker: true, name: connectionName });
  const workers = startWorkers({
    connection,
    prefix: settings.queuePrefix,
    handlers: createHandlers(runtime.contexts),
    logger: runtime.logger,
    concurrency: { 'service.process-recording': settings.workerConcurrency },
    lockDurationMs: settings.workerLockDurationMs,
    stalledIntervalMs: settings.workerLockDurationMs,
    jobs: runningJobNames(runtime.config.halves),
  });
  return {
    close: async () => {
      try {
        await workers.close();
      } finally {
        await connection.quit();
      }
    },
  };
}
