import type { UpstreamTranscription } from '../client/index.js';
import type { HubContext } from '../hub-context.js';
import { writeMirror } from './mirror-transcription.js';

export type GroupValue = 'PENDING_REVIEW' | 'UNDER_REVIEW' | 'ARCHIVED' | '';

/**
 * Moves a transcription to another review group: upstream first (update-transcription-group
 * through the client), then the mirror from the upstream's answer, so the hub never shows a group
 * the upstream does not have. Used by the admin API and the console.
 */
export async function changeGroup(ctx: HubContext, transcriptionId: string, group: GroupValue): Promise<UpstreamTranscription> {
  const client = await ctx.upstream();
  const { transcription } = await client.updateTranscriptionGroup({ transcription_id: transcriptionId, group });
  await writeMirror(ctx, transcription);
  return transcription;
}
