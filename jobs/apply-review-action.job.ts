import { DelayedError } from 'bullmq';
import { applyReviewAction } from '../src/hub/alerts/apply-review-action.js';
import { isSlackCallError } from '../src/hub/alerts/slack-notifier.js';
import type { HubContext } from '../src/hub/hub-context.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/**
 * `hub.apply-review-action`: a Slack review button, applied upstream, mirrored, shown. Every step
 * is idempotent; a 429 from chat.update re-runs it after Retry-After, other failures use the
 * attempts.
 */
export function handleApplyReviewAction(ctx: HubContext): JobHandler<'hub.apply-review-action'> {
  return async (action, job, token) => {
    try {
      await applyReviewAction(ctx, action);
    } catch (error) {
      if (!isSlackCallError(error, 'rate_limited')) throw error;
      await job.moveToDelayed(Date.now() + (error.retryAfterMs ?? 1_000), token);
      throw new DelayedError();
    }
  };
}
