import { DelayedError, UnrecoverableError } from 'bullmq';
import { alertsSent } from '../src/hub/alerts/alert-metrics.js';
import { markAlertFailed } from '../src/hub/alerts/alert-outbox.js';
import { sendAlert } from '../src/hub/alerts/send-alert.js';
import type { HubContext } from '../src/hub/hub-context.js';
import { isLastAttempt, type JobHandler } from '../src/queues/job-handler.js';

/**
 * `hub.send-alert`: one attempt at an outbox row (send-alert.ts). A 429 or another worker's lease
 * re-delays the job without using an attempt; a refusal fails it for good (the row says why); a
 * network error or 5xx is retried with backoff, and the last one leaves the row failed.
 */
export function handleSendAlert(ctx: HubContext): JobHandler<'hub.send-alert'> {
  return async ({ alertId }, job, token) => {
    let outcome;
    try {
      outcome = await sendAlert(ctx, alertId);
    } catch (error) {
      if (isLastAttempt(job)) alertsSent.inc({ outcome: 'failed', notifier: ctx.slack.kind });
      if (isLastAttempt(job))
        await markAlertFailed(
          ctx.db,
          alertId,
          `gave up after ${job.attemptsMade + 1} attempts: ${error instanceof Error ? error.message : String(error)}`,
        );
      throw error;
    }
    if (outcome.kind === 'sent' || outcome.kind === 'found' || outcome.kind === 'logged')
      alertsSent.inc({ outcome: 'sent', notifier: ctx.slack.kind });
    if (outcome.kind === 'failed') {
      alertsSent.inc({ outcome: 'failed', notifier: ctx.slack.kind });
      throw new UnrecoverableError(outcome.reason);
    }
    if (outcome.kind === 'wait') {
      ctx.logger.info({ alertId, delayMs: outcome.delayMs, reason: outcome.reason }, 'slack alert waits');
      await job.moveToDelayed(Date.now() + outcome.delayMs, token);
      throw new DelayedError();
    }
  };
}
