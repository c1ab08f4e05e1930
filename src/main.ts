/**
 * `npm start`: everything in one process with embedded defaults (built-in API + hub).
 * Production runs the Procfile's processes separately instead.
 */
import { loadConfig } from './config.js';
import { stopOnSignals } from './lifecycle.js';
import { createRuntime } from './runtime.js';
import { startWeb } from './processes/start-web.js';

const runtime = createRuntime(loadConfig(), 'main');
const web = await startWeb(runtime);
runtime.logger.info(
  { api: `${runtime.config.publicBaseUrl}/api` },
  'convoqa is running: create an account and key with `npm run cli -- accounts:create <name> --with-key default`',
);
// Embedded defaults: the hub's upstream is this process's own API; provision its key on first start.
runtime.upstream().then(
  (client) => runtime.logger.info({ upstream: client.baseUrl }, 'hub client ready'),
  (error: unknown) => runtime.logger.error({ err: error }, 'hub client unavailable: check UPSTREAM_* settings'),
);
stopOnSignals(runtime.logger, [web.stop, runtime.close]);
