/**
 * `npm start`: every process in one command (web + worker + clock) with embedded defaults.
 * Each is the Procfile's own entry run as a supervised child (src/processes/supervisor/): one
 * that dies (an uncaught error, a native crash, a kill) is logged with why and started again
 * with back-off while the others keep going. Production runs the Procfile's processes separately.
 */
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { superviseParts } from './processes/supervisor/supervise-parts.js';

const config = loadConfig();
const logger = createLogger({ level: config.process.logLevel, name: 'main' });
const parts = superviseParts(
  [
    { name: 'web', entry: 'src/web.ts' },
    { name: 'worker', entry: 'src/worker.ts' },
    { name: 'clock', entry: 'src/clock.ts' },
  ],
  logger,
);
logger.info(
  { api: `${config.process.publicBaseUrl}/api`, parts: parts.names },
  'convoqa is running: create an account and key with `npm run cli -- accounts:create <name> --with-key default`',
);
