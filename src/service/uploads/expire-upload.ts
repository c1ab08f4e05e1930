import type { ProcessingContext } from '../processing/processing-context.js';
import { recordFailed } from '../processing/record-outcome.js';

/**
 * FAILs a transcription whose upload URL expired without a completed upload. An upload still
 * streaming in at expiry is left to finish (the job checks again later).
 */
export async function expireUpload(ctx: ProcessingContext, transcriptionId: string): Promise<'expired' | 'uploaded' | 'pending'> {
  const row = await ctx.db.transcription.findUnique({ where: { id: transcriptionId } });
  if (!row || row.status !== 'IN_PROGRESS' || row.queuedAt) return 'uploaded';
  if (row.uploadExpiresAt && row.uploadExpiresAt > ctx.now()) return 'pending';
  if (row.uploadStartedAt) throw new Error(`upload of ${transcriptionId} still streaming at expiry; checking again later`);
  await recordFailed(
    ctx,
    { id: row.id, accountId: row.accountId, configurationId: row.configurationId, name: row.name },
    {
      code: 'download_failed',
      message: 'No recording was uploaded before the upload URL expired',
    },
  );
  return 'expired';
}
