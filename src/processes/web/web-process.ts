/**
 * The web process (Procfile `web`), composed: its settings, its runtime and contexts, the HTTP
 * app with its surfaces (start-web.ts), the hub's client, and the orderly stop on a signal.
 */
import { loadConfig } from '../../config.js';
import { exitIfOrphanedWhileStarting, stopOnSignals } from '../../lifecycle.js';
import { logHalves } from '../halves.js';
import { createRuntime } from '../runtime.js';
import { startWeb } from './start-web.js';

export async function runWebProcess(): Promise<void> {
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
}
