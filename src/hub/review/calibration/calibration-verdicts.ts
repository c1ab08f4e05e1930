/**
 * A reviewer's blind verdicts in a calibration session (docs/console.md, "Calibration"): saved
 * call by call while the session is open, then submitted once, when every criterion of every call
 * has one. The last submission reveals the results. Calibration verdicts live in their own table:
 * they never touch overrides, effective scores, dashboards, exports or alerts.
 */
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { recordAudit, type Actor } from '../audit-trail.js';
import { parseVerdict } from '../record-verdict.js';

async function openSessionFor(ctx: { db: Pick<HubContext['db'], 'hubCalibrationSession'> }, sessionId: string, userId: string) {
  const session = await ctx.db.hubCalibrationSession.findUnique({ where: { id: sessionId }, include: { reviewers: true, calls: true } });
  const reviewer = session?.reviewers.find((r) => r.userId === userId);
  // Not a reviewer of it: as if the session did not exist.
  if (!session || !reviewer) throw new AppError('not_found', `No calibration session ${sessionId}`);
  if (session.revealedAt) throw new AppError('conflict', 'This session is closed: its results are shown, verdicts can no longer change');
  if (reviewer.submittedAt) throw new AppError('conflict', 'You have submitted your verdicts for this session');
  return session;
}

/** Saves (or replaces) the reviewer's verdicts on one call: criterion id → PASS/FAIL or 1..5. */
export async function saveCalibrationVerdicts(
  ctx: Pick<HubContext, 'db'>,
  input: { sessionId: string; userId: string; transcriptionId: string; verdicts: Readonly<Record<string, string>> },
): Promise<number> {
  const session = await openSessionFor(ctx, input.sessionId, input.userId);
  if (!session.calls.some((c) => c.transcriptionId === input.transcriptionId))
    throw new AppError('not_found', `Call ${input.transcriptionId} is not in this session`);
  const criteria = await ctx.db.hubCriterionResult.findMany({
    where: { transcriptionId: input.transcriptionId },
    select: { criterionId: true, type: true, name: true },
  });
  const rows = Object.entries(input.verdicts)
    .filter(([, verdict]) => verdict !== '')
    .map(([criterionId, verdict]) => {
      const criterion = criteria.find((c) => c.criterionId === criterionId);
      if (!criterion) throw new AppError('invalid_value', `Criterion ${criterionId} is not part of this call's evaluation`);
      return { criterionId, value: parseVerdict(criterion.type, verdict) };
    });
  await ctx.db.$transaction(async (tx) => {
    // The session's row shared-locked and read again: a save never lands after the reviewer's own
    // submission or the session's reveal (submitCalibration takes the row for update).
    await tx.$queryRaw`SELECT id FROM hub_calibration_sessions WHERE id = ${session.id}::uuid FOR SHARE`;
    await openSessionFor({ db: tx }, session.id, input.userId);
    for (const row of rows)
      await tx.hubCalibrationVerdict.upsert({
        where: {
          sessionId_transcriptionId_criterionId_userId: {
            sessionId: session.id,
            transcriptionId: input.transcriptionId,
            criterionId: row.criterionId,
            userId: input.userId,
          },
        },
        create: {
          sessionId: session.id,
          transcriptionId: input.transcriptionId,
          criterionId: row.criterionId,
          userId: input.userId,
          value: row.value,
        },
        update: { value: row.value },
      });
  });
  return rows.length;
}

/** Submits the reviewer's verdicts: every criterion of every call must have one. Reveals the results when the last reviewer submits. */
export async function submitCalibration(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { sessionId: string; userId: string; actor: Actor },
): Promise<{ revealed: boolean }> {
  const session = await openSessionFor(ctx, input.sessionId, input.userId);
  const callIds = session.calls.map((c) => c.transcriptionId);
  const [criteria, given] = await Promise.all([
    ctx.db.hubCriterionResult.count({ where: { transcriptionId: { in: callIds } } }),
    ctx.db.hubCalibrationVerdict.count({ where: { sessionId: session.id, userId: input.userId } }),
  ]);
  if (given < criteria)
    throw new AppError(
      'invalid_value',
      `${criteria - given} of ${criteria} verdicts are still missing: give one for every criterion of every call before submitting`,
    );
  const now = ctx.now();
  return ctx.db.$transaction(async (tx) => {
    // The session's row locked, then read again: two reviewers submitting at once count each
    // other's submission (the last one reveals), and a double submit is refused, not recorded twice.
    await tx.$queryRaw`SELECT id FROM hub_calibration_sessions WHERE id = ${session.id}::uuid FOR UPDATE`;
    await openSessionFor({ db: tx }, session.id, input.userId);
    await tx.hubCalibrationReviewer.update({
      where: { sessionId_userId: { sessionId: session.id, userId: input.userId } },
      data: { submittedAt: now },
    });
    const waiting = await tx.hubCalibrationReviewer.count({ where: { sessionId: session.id, submittedAt: null } });
    await recordAudit(tx, { kind: 'calibration_submitted', actor: input.actor, after: { session: session.id } });
    if (waiting > 0) return { revealed: false };
    await tx.hubCalibrationSession.update({ where: { id: session.id }, data: { revealedAt: now } });
    await recordAudit(tx, { kind: 'calibration_revealed', actor: input.actor, after: { session: session.id, all_submitted: true } });
    return { revealed: true };
  });
}
