/** Procfile `worker`: the BullMQ workers of every job. */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createJobHandlers } from './processes/job-handlers.js';
import { startWorkers } from './processes/start-worker.js';
import { createRedis } from './redis.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'worker');
const connection = createRedis(runtime.config.redisUrl, { forWorker: true, name: 'convoqa-worker' });
const workers = startWorkers({
  connection,
  prefix: runtime.config.queuePrefix,
  handlers: createJobHandlers(runtime),
  logger: runtime.logger,
  concurrency: { 'service.process-recording': runtime.config.workerConcurrency, 'service.deliver-webhook': 10 },
  lockDurationMs: runtime.config.workerLockDurationMs,
  stalledIntervalMs: runtime.config.workerLockDurationMs,
});
runtime.logger.info('worker started');
stopOnSignals(runtime.logger, [workers.close, async () => void (await connection.quit()), runtime.close]);
