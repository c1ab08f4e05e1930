/**
 * Creating and closing calibration sessions (docs/console.md, "Calibration"): a lead picks
 * mirrored, evaluated calls and reviewers (leads or admins), optionally a deadline; the results
 * are revealed when every reviewer has submitted or the lead closes the session.
 */
import { z } from 'zod';
import type { HubCalibrationSession } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { recordAudit, type Actor } from '../audit-trail.js';

export const NewCalibrationSession = z.object({
  title: z
    .string({ error: 'A title is required' })
    .trim()
    .min(1, { error: 'A title is required' })
    .max(200, { error: 'The title must be at most 200 characters' }),
  transcriptionIds: z
    .array(z.guid({ error: 'each call must be a transcription id' }), { error: 'calls must be a list of transcription ids' })
    .min(1, { error: 'Choose at least one call' })
    .max(50, { error: 'A session holds at most 50 calls' }),
  reviewerIds: z
    .array(z.guid({ error: 'each reviewer must be a console user id' }), { error: 'reviewers must be a list of console user ids' })
    .min(2, { error: 'Choose at least two reviewers' })
    .max(20, { error: 'A session has at most 20 reviewers' }),
  deadline: z.date().optional(),
});
export type NewCalibrationSession = z.input<typeof NewCalibrationSession>;

const distinct = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];

export async function createCalibrationSession(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: NewCalibrationSession & { actor: Actor },
): Promise<HubCalibrationSession> {
  const parsed = NewCalibrationSession.safeParse(input);
  if (!parsed.success) throw new AppError('invalid_value', parsed.error.issues.map((i) => i.message).join('; '));
  const callIds = distinct(parsed.data.transcriptionIds);
  const reviewerIds = distinct(parsed.data.reviewerIds);
  if (reviewerIds.length < 2) throw new AppError('invalid_value', 'Choose at least two different reviewers');
  const now = ctx.now();
  if (parsed.data.deadline && parsed.data.deadline <= now) throw new AppError('invalid_value', 'The deadline must be in the future');

  const calls = await ctx.db.hubTranscription.findMany({
    where: { id: { in: callIds }, deletedAt: null, status: 'COMPLETED', results: { some: {} } },
    select: { id: true },
  });
  const missingCall = callIds.find((id) => !calls.some((c) => c.id === id));
  if (missingCall) throw new AppError('invalid_value', `Call ${missingCall} is not a mirrored, evaluated call`);
  const users = await ctx.db.hubConsoleUser.findMany({
    where: { id: { in: reviewerIds }, isActive: true },
    select: { id: true, role: true, email: true },
  });
  for (const id of reviewerIds) {
    const user = users.find((u) => u.id === id);
    if (!user) throw new AppError('invalid_value', `Reviewer ${id} is not an active console user`);
    if (user.role !== 'lead' && user.role !== 'admin')
      throw new AppError('invalid_value', `${user.email} cannot review (a ${user.role}): reviewers are leads or admins`);
  }
  return ctx.db.$transaction(async (tx) => {
    const session = await tx.hubCalibrationSession.create({
      data: {
        title: parsed.data.title,
        createdBy: input.actor.kind === 'user' ? input.actor.id : '00000000-0000-0000-0000-000000000000',
        deadline: parsed.data.deadline ?? null,
        createdAt: now,
        calls: { create: callIds.map((transcriptionId, position) => ({ transcriptionId, position })) },
        reviewers: { create: reviewerIds.map((userId) => ({ userId })) },
      },
    });
    await recordAudit(tx, {
      kind: 'calibration_created',
      actor: input.actor,
      after: { session: session.id, title: session.title, calls: callIds.length, reviewers: reviewerIds.length },
    });
    return session;
  });
}

/** Closes a session early (or after its deadline): its results are revealed to everyone, submitted or not. */
export async function closeCalibrationSession(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { sessionId: string; actor: Actor },
): Promise<HubCalibrationSession> {
  const session = await ctx.db.hubCalibrationSession.findUnique({ where: { id: input.sessionId } });
  if (!session) throw new AppError('not_found', `No calibration session ${input.sessionId}`);
  if (session.revealedAt) return session;
  return ctx.db.$transaction(async (tx) => {
    // Only a session not revealed meanwhile (a last submission, the clock, another lead) is revealed, and audited, here.
    const { count } = await tx.hubCalibrationSession.updateMany({
      where: { id: session.id, revealedAt: null },
      data: { revealedAt: ctx.now() },
    });
    if (count === 1)
      await recordAudit(tx, { kind: 'calibration_revealed', actor: input.actor, after: { session: session.id, closed_by_lead: true } });
    return tx.hubCalibrationSession.findUniqueOrThrow({ where: { id: session.id } });
  });
}

/**
 * Reveals every session whose deadline has passed, submitted or not, as a lead closing it would
 * (the clock's `hub.close-due-calibrations`, every minute); answers how many it closed.
 */
export async function closeDueCalibrationSessions(ctx: Pick<HubContext, 'db' | 'now'>): Promise<number> {
  const now = ctx.now();
  const due = await ctx.db.hubCalibrationSession.findMany({ where: { revealedAt: null, deadline: { lte: now } }, select: { id: true } });
  let closed = 0;
  for (const { id } of due) {
    closed += await ctx.db.$transaction(async (tx) => {
      const { count } = await tx.hubCalibrationSession.updateMany({ where: { id, revealedAt: null }, data: { revealedAt: now } });
      if (count === 1)
        await recordAudit(tx, { kind: 'calibration_revealed', actor: { kind: 'clock' }, after: { session: id, deadline_passed: true } });
      return count;
    });
  }
  return closed;
}
