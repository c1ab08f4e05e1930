import { createHubJobHandlers } from '../../jobs/hub-job-handlers.js';
import type { JobHandlers } from '../../jobs/job-handler.js';
import { createCriticalFailHook } from '../hub/alerts/critical-fail-hook.js';
import { createServiceJobHandlers } from '../../jobs/service-job-handlers.js';
import type { Runtime } from '../runtime.js';
import { createHubContext } from './hub-context.js';
import { createProcessingContext } from './processing-context.js';

/** Every job's handler, for a worker process: the built-in service's and the hub's. */
export function createJobHandlers(runtime: Runtime): JobHandlers {
  const hub = createHubContext(runtime);
  return { ...createServiceJobHandlers(createProcessingContext(runtime)), ...createHubJobHandlers(hub, [createCriticalFailHook(hub)]) };
}
