/**
 * `npm start`: every process in one (web + worker + clock) with embedded defaults.
 * Production runs the Procfile's processes separately instead.
 */
import { createSchedules } from '../jobs/schedules.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { startClock } from './processes/start-clock.js';
import { createJobHandlers } from './processes/job-handlers.js';
import { startWeb } from './processes/start-web.js';
import { startWorkers } from './processes/start-worker.js';
import { createRedis } from './redis.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'main');
const web = await startWeb(runtime);
const connection = createRedis(runtime.config.redisUrl, { forWorker: true, name: 'convoqa-main-worker' });
const workers = startWorkers({
  connection,
  prefix: runtime.config.queuePrefix,
  handlers: createJobHandlers(runtime),
  logger: runtime.logger,
  concurrency: { 'service.process-recording': runtime.config.workerConcurrency, 'service.deliver-webhook': 10 },
  lockDurationMs: runtime.config.workerLockDurationMs,
  stalledIntervalMs: runtime.config.workerLockDurationMs,
});
const { hubWebhooks, slack } = runtime.config;
const schedules = createSchedules({ reconcileCron: hubWebhooks.reconcileCron, digestCron: slack.digestCron, digestTimezone: slack.digestTimezone });
const clock = startClock({ jobs: runtime.jobs, logger: runtime.logger, schedules });
runtime.logger.info(
  { api: `${runtime.config.publicBaseUrl}/api` },
  'convoqa is running: create an account and key with `npm run cli -- accounts:create <name> --with-key default`',
);
// Embedded defaults: the hub's upstream is this process's own API; provision its key on first start.
runtime.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, clock.stop, workers.close, async () => void (await connection.quit()), runtime.close]);
