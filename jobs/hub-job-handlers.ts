import type { HubContext } from '../src/hub/hub-context.js';
import type { JobHandlersFor } from './job-handler.js';

/** The hub's jobs. */
export function createHubJobHandlers(_ctx: HubContext): JobHandlersFor<'hub'> {
  return {};
}
