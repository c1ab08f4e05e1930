/**
 * A lead settles an open dispute (docs/console.md, "Disputes"): accepted, the agent's proposed
 * verdict becomes the human verdict through the override path with the dispute as its reason;
 * partly accepted, the lead's verdict does; rejected, nothing changes. Always with a note, audited,
 * in one transaction with the override. A dispute whose criterion is no longer in the mirrored
 * evaluation can only be rejected.
 */
import type { HubDispute } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { actorLabel, recordAudit, type Actor } from '../audit-trail.js';
import { formatVerdict } from '../effective-scoring.js';
import { lockCall, overrideWithin, parseVerdict } from '../record-verdict.js';
import { asOverrideReason, DisputeOutcome, DisputeText, verdictInput } from './dispute-text.js';

export interface ResolveDisputeInput {
  disputeId: string;
  outcome: string;
  /** The lead's verdict, for partly_accepted only. */
  verdict?: string;
  note: string;
  actor: Actor;
}

export interface DisputeResolution {
  dispute: HubDispute;
  /** The call's effective score and flag after it (unchanged when rejected). */
  effective: { score: number | null; criticalFail: boolean | null } | null;
}

export async function resolveDispute(ctx: Pick<HubContext, 'db' | 'now'>, input: ResolveDisputeInput): Promise<DisputeResolution> {
  const outcome = DisputeOutcome.safeParse(input.outcome);
  if (!outcome.success) throw new AppError('invalid_value', outcome.error.issues[0]?.message ?? 'Invalid outcome');
  const note = DisputeText('A note').safeParse(input.note);
  if (!note.success) throw new AppError('invalid_value', note.error.issues[0]?.message ?? 'Invalid note');
  if (outcome.data === 'partly_accepted' && !input.verdict)
    throw new AppError('invalid_value', 'A partly accepted dispute needs the verdict the lead settles on');
  const found = await ctx.db.hubDispute.findUnique({ where: { id: input.disputeId } });
  if (!found) throw new AppError('not_found', `No dispute ${input.disputeId}`);
  const now = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    await lockCall(tx, found.transcriptionId);
    const dispute = await tx.hubDispute.findUniqueOrThrow({ where: { id: found.id } });
    if (dispute.status !== 'open')
      throw new AppError('conflict', `This dispute was already resolved (${dispute.status.replace('_', ' ')})`);
    // A re-evaluation may have dropped the criterion: nothing to override then, but the dispute
    // can still be rejected (docs/review-workflows.md "Disputes").
    const criterion = await tx.hubCriterionResult.findUnique({
      where: { transcriptionId_criterionId: { transcriptionId: dispute.transcriptionId, criterionId: dispute.criterionId } },
    });
    if (!criterion && outcome.data !== 'rejected')
      throw new AppError(
        'conflict',
        `Criterion ${dispute.criterionId} is no longer in the call's evaluation: only Rejected can settle this dispute`,
      );
    const value =
      criterion && outcome.data === 'accepted'
        ? dispute.proposedValue
        : criterion && outcome.data === 'partly_accepted'
          ? parseVerdict(criterion.type, input.verdict ?? '')
          : null;
    const effective =
      value === null || !criterion
        ? null
        : await overrideWithin(tx, now, {
            transcriptionId: dispute.transcriptionId,
            criterionId: dispute.criterionId,
            verdict: verdictInput(criterion.type, value),
            reason: asOverrideReason(`Dispute ${outcome.data.replace('_', ' ')}: ${dispute.reason} (lead: ${note.data})`),
            actor: input.actor,
          });
    const resolved = await tx.hubDispute.update({
      where: { id: dispute.id },
      data: { status: outcome.data, resolvedValue: value, resolutionNote: note.data, resolvedBy: actorLabel(input.actor), resolvedAt: now },
    });
    await recordAudit(tx, {
      kind: 'dispute_resolved',
      actor: input.actor,
      transcriptionId: dispute.transcriptionId,
      before: {
        dispute: dispute.id,
        // A criterion gone from the evaluation is named by its id, its proposed verdict as stored.
        criterion: criterion?.name ?? dispute.criterionId,
        proposed: criterion ? formatVerdict(criterion.type, dispute.proposedValue) : dispute.proposedValue,
        status: 'open',
      },
      after: {
        dispute: dispute.id,
        status: outcome.data,
        verdict: value === null || !criterion ? null : formatVerdict(criterion.type, value),
        note: note.data,
      },
    });
    return { dispute: resolved, effective };
  });
}
