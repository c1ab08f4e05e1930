/**
 * `npm start`: every process in one (web + worker + clock) with embedded defaults.
 * Production runs the Procfile's processes separately instead.
 */
import { createJobHandlers } from '../jobs/job-handlers.js';
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createRuntime } from './processes/runtime.js';
import { startProcessClock } from './processes/start-clock.js';
import { startRuntimeWorkers } from './processes/start-runtime-workers.js';
import { startWeb } from './processes/start-web.js';

const runtime = createRuntime(loadConfig(), 'main');
const web = await startWeb(runtime);
const workers = startRuntimeWorkers(runtime, createJobHandlers, 'convoqa-main-worker');
const clock = startProcessClock(runtime);
const base = runtime.config.process.publicBaseUrl;
runtime.logger.info(
  { api: `${base}/api`, admin: `${base}/admin`, health: `${base}/admin/health` },
  'convoqa is running: first calls in docs/getting-started.md; a key in the hub\'s account: `npm run cli -- hub:create-key <name>`',
);
// Embedded defaults: the hub's upstream is this process's own API; provision its key on first start.
runtime.contexts.hub.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, clock.stop, workers.close, runtime.close]);
