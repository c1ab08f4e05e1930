import { DelayedError, UnrecoverableError } from 'bullmq';
import { sendPendingReviewDigest } from '../src/hub/alerts/send-pending-review-digest.js';
import type { HubContext } from '../src/hub/hub-context.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/**
 * `hub.send-digest`: posts the tick's digest to every channel that has pending reviews. A channel
 * that answered 429 is tried again after Retry-After (channels already posted are skipped); a
 * channel that refused (channel_not_found) fails the job once the others are posted.
 */
export function handleSendDigest(ctx: HubContext): JobHandler<'hub.send-digest'> {
  return async ({ tick }, job, token) => {
    const report = await sendPendingReviewDigest(ctx, tick);
    ctx.logger.info(
      { tick, pending: report.pending, posts: report.posts, failed: report.failures.map((f) => f.channel) },
      'pending-review digest',
    );
    if (report.failures.length === 0) return;
    const waits = report.failures.filter((f) => f.error.kind === 'rate_limited');
    if (waits.length) {
      await job.moveToDelayed(Date.now() + Math.max(...waits.map((f) => f.error.retryAfterMs ?? 1_000)), token);
      throw new DelayedError();
    }
    const refused = report.failures.filter((f) => f.error.kind === 'permanent');
    if (refused.length === report.failures.length) {
      throw new UnrecoverableError(`digest refused by Slack: ${refused.map((f) => `${f.channel} ${f.error.code}`).join(', ')}`);
    }
    const first = report.failures.find((f) => f.error.kind !== 'permanent');
    throw first ? first.error : new Error('digest not posted');
  };
}
