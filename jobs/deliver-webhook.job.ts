import { DelayedError, UnrecoverableError } from 'bullmq';
import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { attemptWebhookDelivery, markDeliveryFailed } from '../src/service/webhooks/deliver-webhook.js';
import type { JobHandler } from '../src/queues/job-handler.js';
import { nextRetryDelay } from '../src/service/webhooks/webhook-retry-schedule.js';
import { webhookAttempts, webhookDeliveries } from '../src/service/webhooks/webhook-metrics.js';

/**
 * `service.deliver-webhook`: one attempt. A retryable failure re-delays the job by the schedule
 * (the attempt number is the delivery row's); a permanent one (a 4xx answer) or running out of
 * retries leaves the delivery failed, kept for replay.
 */
export function handleDeliverWebhook(ctx: ProcessingContext): JobHandler<'service.deliver-webhook'> {
  return async ({ deliveryId }, job, token) => {
    const outcome = await attemptWebhookDelivery(
      ctx.db,
      deliveryId,
      { timeoutMs: ctx.limits.webhookTimeoutMs, network: ctx.limits, http: ctx.http },
      ctx.now,
    );
    if (outcome.kind === 'already-done') return;
    if (outcome.kind === 'delivered') {
      webhookAttempts.inc({ outcome: 'delivered' });
      webhookDeliveries.inc({ outcome: 'delivered' });
      return;
    }
    if (outcome.kind === 'give-up') {
      webhookAttempts.inc({ outcome: 'failed' });
      webhookDeliveries.inc({ outcome: 'failed' });
      throw new UnrecoverableError(outcome.reason);
    }
    const delay = nextRetryDelay(ctx.webhookRetryDelaysMs, outcome.attempt);
    if (delay === null) {
      webhookAttempts.inc({ outcome: 'failed' });
      webhookDeliveries.inc({ outcome: 'failed' });
      await markDeliveryFailed(ctx.db, deliveryId);
      throw new UnrecoverableError(`${outcome.reason}; gave up after ${outcome.attempt} attempts`);
    }
    webhookAttempts.inc({ outcome: 'retry' });
    const next = Date.now() + delay;
    await ctx.db.webhookDelivery.update({ where: { id: deliveryId }, data: { nextAttemptAt: new Date(next) } });
    await job.moveToDelayed(next, token);
    throw new DelayedError();
  };
}
