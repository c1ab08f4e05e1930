import type { HubContext } from '../hub/hub-context.js';
import type { Runtime } from '../runtime.js';

/** The hub's context for a process, from its runtime. */
export function createHubContext(runtime: Runtime): HubContext {
  return {
    db: runtime.db,
    redis: runtime.redis,
    logger: runtime.logger,
    jobs: runtime.jobs,
    now: () => new Date(),
    upstream: runtime.upstream,
    settings: { publicBaseUrl: runtime.config.publicBaseUrl },
  };
}
