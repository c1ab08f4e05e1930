/** Procfile `web`: HTTP only (the built-in API at /api, and the hub's endpoints). */
import { loadConfig } from './config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from './lifecycle.js';
import { createRuntime } from './processes/runtime.js';
import { startWeb } from './processes/start-web.js';

const runtime = createRuntime(loadConfig(), 'web');
exitIfOrphanedWhileStarting(runtime.logger);
const web = await startWeb(runtime);
// Embedded defaults: the hub's upstream is this deployment's own API; provision its key at start.
runtime.contexts.hub.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, runtime.close]);
