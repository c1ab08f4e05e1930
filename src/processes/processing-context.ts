import { webhookRetryDelaysMs } from '../../jobs/webhook-retry-schedule.js';
import type { Runtime } from '../runtime.js';
import { createEngines } from '../service/engines/create-engines.js';
import { AccountSlots } from '../service/processing/account-slots.js';
import { createOutboundAgent } from '../service/processing/network-guard.js';
import type { ProcessingContext } from '../service/processing/processing-context.js';

/** The processing jobs' context for a worker process, from its runtime. */
export function createProcessingContext(runtime: Runtime): ProcessingContext {
  const { serviceDeps } = runtime;
  const limits = serviceDeps.settings.processing;
  return {
    db: runtime.db,
    logger: runtime.logger,
    storage: serviceDeps.storage,
    jobs: runtime.jobs,
    engines: createEngines(runtime.config.engine),
    limits,
    agent: createOutboundAgent(limits),
    slots: new AccountSlots(runtime.redis, { prefix: `${runtime.config.queuePrefix}:slots:`, limit: limits.maxConcurrentPerAccount }),
    now: serviceDeps.now,
    webhookRetryDelaysMs,
  };
}
