import type { Prisma } from '../../generated/prisma/client.js';
import type { HubContext } from '../hub-context.js';
import { maskStoredTranscription } from '../redaction/mask-stored-transcription.js';
import { isMaskedBehind } from '../redaction/masked-behind.js';
import { HUB_REDACTION_VERSION } from '../redaction/redaction-version.js';
import { lockMirroredTranscription } from './mirror-lock.js';

/** What one re-mask run did. */
export interface RemaskReport {
  /** Rows masked again here, deleted upstream or not. */
  remasked: number;
  /** Of those, rows marked deleted upstream (which reconciliation never fetches again). */
  remaskedDeleted: number;
  /** Rows found behind that were current by the time their lock was taken (a mirror wrote them meanwhile). */
  alreadyCurrent: number;
}

/** Rows read per query, by id (keyset), each then masked in a transaction of its own. */
const defaultBatchSize = 200;

/**
 * Masks again, from what the hub stores and with no upstream call, every mirrored row masked under
 * older rules or narrower policies (isMaskedBehind), deleted upstream or past its list included
 * (docs/redaction.md, "The hub"). Each row is masked as maskTranscription masks a fetched call
 * (maskStoredTranscription) and written with its criterion results in one transaction under the
 * lock writeMirror takes, only if it is still behind: a mirror that wrote it meanwhile wins, and a
 * run repeated or retried changes nothing. With no policies no row is behind.
 */
export async function remaskMirror(ctx: HubContext, options: { batchSize?: number } = {}): Promise<RemaskReport> {
  const report: RemaskReport = { remasked: 0, remaskedDeleted: 0, alreadyCurrent: 0 };
  const { policies } = ctx.settings.redaction;
  if (policies.length === 0) return report;
  const batchSize = options.batchSize ?? defaultBatchSize;
  let after: string | null = null;
  for (;;) {
    const batch: { id: string }[] = await ctx.db.hubTranscription.findMany({
      where: {
        ...(after === null ? {} : { id: { gt: after } }),
        OR: [{ redactionVersion: { lt: HUB_REDACTION_VERSION } }, { NOT: { redactionPolicies: { hasEvery: policies } } }],
      },
      select: { id: true },
      orderBy: { id: 'asc' },
      take: batchSize,
    });
    for (const { id } of batch) {
      const outcome = await remaskRow(ctx, id);
      if (outcome === 'current') report.alreadyCurrent += 1;
      else report.remasked += 1;
      if (outcome === 'remasked-deleted') report.remaskedDeleted += 1;
    }
    if (batch.length < batchSize) return report;
    after = batch[batch.length - 1].id;
  }
}

/** One row masked again in its own transaction, if it is still behind once locked. */
async function remaskRow(ctx: HubContext, id: string): Promise<'remasked' | 'remasked-deleted' | 'current'> {
  const settings = ctx.settings.redaction;
  return ctx.db.$transaction(async (tx) => {
    await lockMirroredTranscription(tx, id);
    const row = await tx.hubTranscription.findUnique({
      where: { id },
      select: {
        name: true,
        conversation: true,
        summary: true,
        fields: true,
        summaryFeedback: true,
        errorMessage: true,
        upstreamAnswer: true,
        redactionPolicies: true,
        redactionVersion: true,
        deletedAt: true,
        results: { select: { criterionId: true, reasoning: true, quote: true, feedback: true } },
      },
    });
    if (!row || !isMaskedBehind(row, settings)) return 'current';
    const masked = maskStoredTranscription(row, settings);
    await tx.hubTranscription.update({
      where: { id },
      data: {
        name: masked.name,
        conversation: jsonColumn(masked.conversation),
        summary: jsonColumn(masked.summary),
        fields: jsonColumn(masked.fields),
        summaryFeedback: masked.summaryFeedback,
        errorMessage: masked.errorMessage,
        upstreamAnswer: jsonColumn(masked.upstreamAnswer),
        redactionPolicies: [...settings.policies],
        redactionVersion: HUB_REDACTION_VERSION,
      },
    });
    for (const [i, result] of masked.results.entries()) {
      const stored = row.results[i];
      if (result.reasoning === stored.reasoning && result.quote === stored.quote && result.feedback === stored.feedback) continue;
      await tx.hubCriterionResult.update({
        where: { transcriptionId_criterionId: { transcriptionId: id, criterionId: result.criterionId } },
        data: { reasoning: result.reasoning, quote: result.quote, feedback: result.feedback },
      });
    }
    return row.deletedAt ? 'remasked-deleted' : 'remasked';
  });
}

/** A JSON column's masked value; a column that held none is left as it is (masking a null gives null). */
const jsonColumn = (value: unknown): Prisma.InputJsonValue | undefined => (value === null || value === undefined ? undefined : value);
