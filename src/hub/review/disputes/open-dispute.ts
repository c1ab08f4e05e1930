/**
 * An agent contests the verdict on one criterion of one of their calls, with a reason and the
 * verdict they propose, within the dispute window after the call was mirrored (docs/console.md,
 * "Disputes"). Audited. One open dispute per criterion of a call.
 */
import type { HubDispute } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { participantScope, type Viewer } from '../agent-scope.js';
import { recordAudit, type Actor } from '../audit-trail.js';
import { formatVerdict } from '../effective-scoring.js';
import { loadCriterion, lockCall, parseVerdict } from '../record-verdict.js';
import { readDisputeWindowDays } from './dispute-window.js';
import { DisputeText } from './dispute-text.js';

export interface OpenDisputeInput {
  transcriptionId: string;
  criterionId: string;
  reason: string;
  /** PASS/FAIL, or 1..5 for a scale criterion. */
  proposedVerdict: string;
  actor: Actor;
  /** Who opens it in the console (an agent is limited to their own calls); undefined through the admin API. */
  viewer?: Viewer;
}

export async function openDispute(ctx: Pick<HubContext, 'db' | 'now'>, input: OpenDisputeInput): Promise<HubDispute> {
  const reason = DisputeText('A reason').safeParse(input.reason);
  if (!reason.success) throw new AppError('invalid_value', reason.error.issues[0]?.message ?? 'Invalid reason');
  const windowDays = await readDisputeWindowDays(ctx.db);
  const now = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    await lockCall(tx, input.transcriptionId);
    const scope = participantScope(input.viewer);
    const call = await tx.hubTranscription.findFirst({
      where: { id: input.transcriptionId, deletedAt: null, ...(scope ? { participantId: scope } : {}) },
      select: { id: true, firstMirroredAt: true },
    });
    if (!call) throw new AppError('not_found', `No mirrored transcription ${input.transcriptionId}`);
    const criterion = await loadCriterion(tx, input.transcriptionId, input.criterionId);
    const proposed = parseVerdict(criterion.type, input.proposedVerdict);
    const closesAt = new Date(call.firstMirroredAt.getTime() + windowDays * 86_400_000);
    if (now > closesAt) {
      throw new AppError(
        'invalid_value',
        `The dispute window closed on ${closesAt.toISOString().slice(0, 10)}: verdicts can be disputed for ${windowDays} days after the call is evaluated`,
      );
    }
    const override = await tx.hubReviewOverride.findUnique({
      where: { transcriptionId_criterionId: { transcriptionId: input.transcriptionId, criterionId: input.criterionId } },
    });
    const inForce = override?.value ?? criterion.scoreRawAi;
    if (formatVerdict(criterion.type, inForce) === formatVerdict(criterion.type, proposed)) {
      throw new AppError(
        'invalid_value',
        `The proposed verdict (${formatVerdict(criterion.type, proposed)}) is the verdict already in force`,
      );
    }
    const open = await tx.hubDispute.findFirst({
      where: { transcriptionId: input.transcriptionId, criterionId: input.criterionId, status: 'open' },
      select: { id: true },
    });
    if (open) throw new AppError('conflict', `"${criterion.name}" of this call already has an open dispute (${open.id})`);
    const dispute = await tx.hubDispute.create({
      data: {
        transcriptionId: input.transcriptionId,
        criterionId: input.criterionId,
        openedBy: input.actor.kind === 'user' ? input.actor.id : null,
        reason: reason.data,
        proposedValue: proposed,
        createdAt: now,
      },
    });
    await recordAudit(tx, {
      kind: 'dispute_opened',
      actor: input.actor,
      transcriptionId: input.transcriptionId,
      before: { criterion: criterion.name, verdict: formatVerdict(criterion.type, inForce) },
      after: { dispute: dispute.id, criterion: criterion.name, proposed: formatVerdict(criterion.type, proposed), reason: reason.data },
    });
    return dispute;
  });
}
