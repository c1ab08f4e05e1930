import type { HubContext } from '../src/hub/hub-context.js';
import { mirrorTranscription } from '../src/hub/mirror/mirror-transcription.js';
import type { JobHandler } from '../src/queues/job-handler.js';
import { mirrorLag } from '../src/hub/mirror/mirror-metrics.js';

/**
 * `hub.mirror-transcription`: mirrors, then mirrors again when a webhook for the same
 * transcription arrived while it ran (that webhook's enqueue found this job's id taken), at most
 * three rounds; reconciliation covers anything beyond.
 */
export function handleMirrorTranscription(ctx: HubContext): JobHandler<'hub.mirror-transcription'> {
  return async ({ transcriptionId, confirmDeletion }) => {
    for (let round = 0; round < 3; round += 1) {
      const startedAt = new Date();
      await mirrorTranscription(ctx, transcriptionId, ctx.mirrorHooks, { confirmDeletion });
      // Mirror lag (docs/metrics.md): the receipts this mirror answered.
      const mirroredAt = new Date();
      const answered = await ctx.db.hubWebhookReceipt.updateManyAndReturn({
        where: { transcriptionId, mirroredAt: null, receivedAt: { lte: startedAt } },
        data: { mirroredAt },
        select: { receivedAt: true },
      });
      for (const receipt of answered) mirrorLag.observe((mirroredAt.getTime() - receipt.receivedAt.getTime()) / 1000);
      const newer = await ctx.db.hubWebhookReceipt.findFirst({
        where: { transcriptionId, receivedAt: { gte: startedAt } },
        select: { id: true },
      });
      if (!newer) return;
    }
  };
}
