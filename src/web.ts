/** Procfile `web`: HTTP only (the built-in API at /api unless hub-only, and the hub's endpoints). */
import './processes/require-supported-node.js';
import { loadConfig } from './config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from './lifecycle.js';
import { logHalves } from './processes/halves.js';
import { createRuntime } from './processes/runtime.js';
import { startWeb } from './processes/start-web.js';

const runtime = createRuntime(loadConfig(), 'web');
logHalves(runtime.logger, runtime.config);
exitIfOrphanedWhileStarting(runtime.logger);
const web = await startWeb(runtime);
// Build the hub's client at start, so a missing UPSTREAM_API_KEY shows at once; with the embedded
// default (the upstream is this deployment's own API) this provisions the hub's key there.
runtime.contexts.hub.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, runtime.close]);
