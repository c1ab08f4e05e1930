import { createRedis } from '../redis.js';
import type { Runtime } from '../runtime.js';
import { createJobHandlers } from './job-handlers.js';
import { startWorkers } from './start-worker.js';

/**
 * The worker part of a process (Procfile `worker`, or `npm start`): a BullMQ worker per job of the
 * catalog on a connection of its own, with the configured concurrency and lock. `close` stops the
 * workers, then the connection.
 */
export function startRuntimeWorkers(runtime: Runtime, connectionName: string): { close: () => Promise<void> } {
  const connection = createRedis(runtime.config.redisUrl, { forWorker: true, name: connectionName });
  const workers = startWorkers({
    connection,
    prefix: runtime.config.queuePrefix,
    handlers: createJobHandlers(runtime),
    logger: runtime.logger,
    concurrency: { 'service.process-recording': runtime.config.workerConcurrency, 'service.deliver-webhook': 10 },
    lockDurationMs: runtime.config.workerLockDurationMs,
    stalledIntervalMs: runtime.config.workerLockDurationMs,
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
