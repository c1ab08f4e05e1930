import type { ProcessingContext } from '../processing/processing-context.js';

const retentionDays = 365;
const batchSize = 500;

/**
 * Transcription data retention (spec: 1 year): deletes transcriptions submitted over a year ago,
 * with their criterion results, stored recordings and webhook history, in batches.
 *
 * Each batch is set-based (docs/scaling.md, "Retention purge"): with convoqa.purging on for the
 * transaction, the batch's rows are locked, its criterion results deleted in one statement (whose
 * statement-level trigger takes them out of svc_criterion_hour_stats while their transcriptions still
 * exist), then its webhook deliveries and transcriptions (whose statement-level trigger takes them
 * out of svc_evaluator_hour_stats). The setting makes the row-level triggers
 * skip what this order has already done (migration purge_set_based).
 */
export async function purgeExpiredTranscriptions(ctx: ProcessingContext): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - retentionDays * 86_400_000);
  let deleted = 0;
  for (;;) {
    const batch = await ctx.db.transcription.findMany({
      where: { submittedAt: { lt: cutoff } },
      select: { id: true, recordingKey: true },
      // Oldest first, along the submitted_at index: never a scan of the heap for the expired rows.
      orderBy: { submittedAt: 'asc' },
      take: batchSize,
    });
    if (batch.length === 0) break;
    const ids = batch.map((t) => t.id);
    await ctx.db.$transaction([
      ctx.db.$executeRaw`SET LOCAL convoqa.purging = 'on'`,
      // No result can be written under a locked transcription (its foreign key check waits).
      ctx.db.$executeRaw`SELECT 1 FROM svc_transcriptions WHERE id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`,
      ctx.db.criterionResult.deleteMany({ where: { transcriptionId: { in: ids } } }),
      ctx.db.webhookDelivery.deleteMany({ where: { transcriptionId: { in: ids } } }),
      ctx.db.transcription.deleteMany({ where: { id: { in: ids } } }),
    ]);
    for (const { recordingKey } of batch)
      if (recordingKey)
        await ctx.storage
          .delete(recordingKey)
          .catch((error: unknown) => ctx.logger.warn({ err: error, recordingKey }, 'stored recording not deleted'));
    deleted += batch.length;
  }
  return deleted;
}
