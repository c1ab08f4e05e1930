/**
 * `npm start`: every process in one (web + worker + clock) with embedded defaults.
 * Production runs the Procfile's processes separately instead.
 */
import { createSchedules } from '../jobs/schedules.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { redisRunCoordinator } from './processes/redis-run-coordinator.js';
import { scheduleSettings, startClock } from './processes/start-clock.js';
import { startWeb } from './processes/start-web.js';
import { startRuntimeWorkers } from './processes/start-runtime-workers.js';
import { createRuntime } from './runtime.js';

const runtime = createRuntime(loadConfig(), 'main');
const web = await startWeb(runtime);
const workers = startRuntimeWorkers(runtime, 'convoqa-main-worker');
const clock = startClock({
  jobs: runtime.jobs,
  logger: runtime.logger,
  schedules: createSchedules(scheduleSettings(runtime.config)),
  coordinator: redisRunCoordinator(runtime.redis),
});
runtime.logger.info(
  { api: `${runtime.config.publicBaseUrl}/api` },
  'convoqa is running: create an account and key with `npm run cli -- accounts:create <name> --with-key default`',
);
// Embedded defaults: the hub's upstream is this process's own API; provision its key on first start.
runtime.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, clock.stop, workers.close, runtime.close]);
