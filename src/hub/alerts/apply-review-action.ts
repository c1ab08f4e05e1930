import { isUpstreamError } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { changeGroup } from '../mirror/change-group.js';
import { buildCriticalFailMessage } from './alert-blocks.js';
import { loadCriticalFailView } from './critical-fail-view.js';
import type { ReviewAction } from './review-actions.js';

/**
 * A review button pressed in Slack: moves the transcription's group upstream and in the mirror
 * (changeGroup), and updates the alert message from the mirror: the group, who acted, and only the
 * buttons that still apply. When the upstream answers 404 the message is rebuilt without the
 * move; reconciliation marks the call deleted once the upstream's list lacks it, and the digest
 * and console say so. Every step is idempotent, so the job may simply be retried.
 */
export async function applyReviewAction(ctx: HubContext, action: ReviewAction): Promise<'applied' | 'not_found'> {
  let outcome: 'applied' | 'not_found' = 'applied';
  try {
    await changeGroup(ctx, action.transcriptionId, action.group);
  } catch (error) {
    if (!isUpstreamError(error, 'not_found')) throw error;
    // A 404 may also mean a wrong path: reconciliation decides whether the call was deleted (docs/mirror.md, "Mirror job").
    outcome = 'not_found';
  }
  ctx.logger.info({ ...action, outcome }, 'review action from slack');

  const view = await loadCriticalFailView(ctx.db, action.transcriptionId);
  if (view && action.channel && action.messageTs) {
    const message = buildCriticalFailMessage(view, {
      publicBaseUrl: ctx.settings.publicBaseUrl,
      reviewNote: outcome === 'applied' ? { userId: action.userId, group: action.group } : undefined,
    });
    await ctx.slack.updateMessage({ channel: action.channel, ts: action.messageTs, ...message });
  }
  return outcome;
}
