/**
 * `npm start`: every process in one command (web + worker + clock) with embedded defaults.
 * Each is the Procfile's own entry run as a supervised child (src/processes/supervisor/): one
 * that dies (an uncaught error, a native crash, a kill) is logged with why and started again
 * with back-off while the others keep going. Production runs the Procfile's processes separately.
 */
import './processes/require-supported-node.js';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { describeHalves } from './processes/halves.js';
import { superviseParts } from './processes/supervisor/supervise-parts.js';

const config = loadConfig();
const logger = createLogger({ level: config.process.logLevel, name: 'main' });
logger.info({ builtInService: config.halves.builtInService, hub: config.halves.hub, upstream: config.upstream.baseUrl }, describeHalves(config));
const parts = superviseParts(
  [
    { name: 'web', entry: 'src/web.ts' },
    { name: 'worker', entry: 'src/worker.ts' },
    { name: 'clock', entry: 'src/clock.ts' },
  ],
  logger,
);
const base = config.process.publicBaseUrl;
logger.info(
  { ...(config.halves.builtInService ? { api: `${base}/api` } : {}), console: `${base}/console`, admin: `${base}/admin`, health: `${base}/admin/health`, parts: parts.names },
  config.halves.builtInService
    ? 'convoqa is running: first calls in docs/getting-started.md; a key in the hub\'s account: `npm run cli -- hub:create-key <name>`'
    : `convoqa is running hub-only against ${config.upstream.baseUrl}: register its webhooks with \`npm run cli -- hub:register-webhooks <configuration_id>\``,
);
