/**
 * `npm start`'s process, composed: its settings, and the three Procfile processes run as
 * supervised children (supervise-parts.ts) with the embedded defaults.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { describeHalves } from '../halves.js';
import { superviseParts } from './supervise-parts.js';

export function runSupervisorProcess(): void {
  const config = loadConfig();
  const logger = createLogger({ level: config.process.logLevel, name: 'main' });
  logger.info(
    { builtInService: config.halves.builtInService, hub: config.halves.hub, upstream: config.upstream.baseUrl },
    describeHalves(config),
  );
  const parts = superviseParts(
    ['web', 'worker', 'clock'].map((name) => ({ name, entry: entryOf(name) })),
    logger,
  );
  const base = config.process.publicBaseUrl;
  logger.info(
    {
      ...(config.halves.builtInService ? { api: `${base}/api` } : {}),
      console: `${base}/console`,
      admin: `${base}/admin`,
      health: `${base}/admin/health`,
      parts: parts.names,
    },
    config.halves.builtInService
      ? "convoqa is running: first calls in docs/getting-started.md; a key in the hub's account: `npm run cli -- hub:create-key <name>`"
      : `convoqa is running hub-only against ${config.upstream.baseUrl}: register its webhooks with \`npm run cli -- hub:register-webhooks <configuration_id>\``,
  );
}

/**
 * A Procfile process's entry beside ours: src/web.ts under tsx, dist/src/web.js compiled
 * (docs/processes.md, "Compiled output"); the child runs with our node flags.
 */
function entryOf(name: string): string {
  const self = fileURLToPath(import.meta.url);
  return path.relative(process.cwd(), path.resolve(path.dirname(self), '../..', `${name}${path.extname(self)}`));
}
