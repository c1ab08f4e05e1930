import { isUpstreamError } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { mirrorTranscription, writeMirror } from './mirror-transcription.js';

export type GroupValue = 'PENDING_REVIEW' | 'UNDER_REVIEW' | 'ARCHIVED' | '';

/**
 * Moves a transcription to another review group: upstream first (update-transcription-group
 * through the client), then the mirror from the upstream's answer, so the hub never shows a group
 * the upstream does not have. An answer that breaks the API description still means the upstream
 * accepted the move (it answered 2xx): the move counts as done and the mirror reads the call again
 * with get-transcription (quarantining it if that answer is unreadable too; docs/mirror.md,
 * "Quarantine"). Used by the admin API, the console and Slack's review buttons.
 */
export async function changeGroup(ctx: HubContext, transcriptionId: string, group: GroupValue): Promise<void> {
  const client = await ctx.upstream();
  try {
    const { transcription } = await client.updateTranscriptionGroup({ transcription_id: transcriptionId, group });
    await writeMirror(ctx, transcription);
  } catch (error) {
    if (!isUpstreamError(error, 'invalid_response')) throw error;
    ctx.logger.warn(
      { transcriptionId, group, issues: error.issues?.slice(0, 5) },
      'update-transcription-group accepted the move but its answer breaks the API description: mirroring the call again',
    );
    await mirrorTranscription(ctx, transcriptionId);
  }
}
