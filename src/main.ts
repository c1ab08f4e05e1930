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
stopOnSignals(runtime.logger, [web.stop, runtime.close]);
