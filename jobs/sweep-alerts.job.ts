import { sweepAlerts } from '../src/hub/alerts/sweep-alerts.js';
import type { HubContext } from '../src/hub/hub-context.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `hub.sweep-alerts`: every minute, re-queues outbox rows whose send job is gone. */
export function handleSweepAlerts(ctx: HubContext): JobHandler<'hub.sweep-alerts'> {
  return async () => {
    const { requeued } = await sweepAlerts(ctx);
    if (requeued) ctx.logger.info({ requeued }, 'slack alerts re-queued');
  };
}
