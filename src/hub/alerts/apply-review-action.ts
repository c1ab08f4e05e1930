import { isUpstreamError } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { mirrorTranscription, writeMirror } from '../mirror/mirror-transcription.js';
import { buildCriticalFailMessage } from './alert-blocks.js';
import { loadCriticalFailView } from './critical-fail-view.js';
import type { ReviewAction } from './review-actions.js';

/**
 * A review button pressed in Slack: moves the transcription's group upstream through the client
 * (update-transcription-group), mirrors the answer (the full transcription), and updates the alert
 * message from the mirror: the group, who acted, and only the buttons that still apply. A
 * transcription deleted upstream is marked so in the mirror and the message says so. Every step
 * is idempotent, so the job may simply be retried.
 */
export async function applyReviewAction(ctx: HubContext, action: ReviewAction): Promise<'applied' | 'deleted'> {
  const client = await ctx.upstream();
  let outcome: 'applied' | 'deleted' = 'applied';
  try {
    const answer = await client.updateTranscriptionGroup({ transcription_id: action.transcriptionId, group: action.group });
    await writeMirror(ctx, answer.transcription);
  } catch (error) {
    if (!isUpstreamError(error, 'not_found')) throw error;
    await mirrorTranscription(ctx, action.transcriptionId);
    outcome = 'deleted';
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
