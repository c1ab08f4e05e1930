/**
 * Coaching notes: feedback a lead ties to one criterion of a call, shown to the call's agent, who
 * acknowledges it; the lead sees which are acknowledged (docs/console.md, "Coaching"). Audited.
 */
import { z } from 'zod';
import type { Db } from '../../../db.js';
import type { HubCoachingNote } from '../../../generated/prisma/client.js';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { participantScope, type Viewer } from '../agent-scope.js';
import { actorLabel, recordAudit, type Actor } from '../audit-trail.js';
import { loadCriterion, lockCall } from '../record-verdict.js';

export const CoachingBody = z
  .string({ error: 'The coaching note is empty' })
  .trim()
  .min(1, { error: 'The coaching note is empty' })
  .max(4_000, { error: 'A coaching note is at most 4,000 characters' });

export async function addCoachingNote(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { transcriptionId: string; criterionId: string; body: string; actor: Actor },
): Promise<HubCoachingNote> {
  const body = CoachingBody.safeParse(input.body);
  if (!body.success) throw new AppError('invalid_value', body.error.issues[0]?.message ?? 'Invalid coaching note');
  return ctx.db.$transaction(async (tx) => {
    await lockCall(tx, input.transcriptionId);
    const criterion = await loadCriterion(tx, input.transcriptionId, input.criterionId);
    const note = await tx.hubCoachingNote.create({
      data: {
        transcriptionId: input.transcriptionId,
        criterionId: input.criterionId,
        author: actorLabel(input.actor),
        authorId: input.actor.kind === 'user' ? input.actor.id : null,
        body: body.data,
        createdAt: ctx.now(),
      },
    });
    await recordAudit(tx, {
      kind: 'coaching_note',
      actor: input.actor,
      transcriptionId: input.transcriptionId,
      after: { note: note.id, criterion: criterion.name, body: body.data.slice(0, 200) },
    });
    return note;
  });
}

/** The call's agent acknowledges a note (again is a no-op); anyone else who may not see the call gets 404. */
export async function acknowledgeCoachingNote(
  ctx: Pick<HubContext, 'db' | 'now'>,
  input: { noteId: string; actor: Actor; viewer?: Viewer },
): Promise<HubCoachingNote> {
  const scope = participantScope(input.viewer);
  const note = await ctx.db.hubCoachingNote.findUnique({ where: { id: input.noteId } });
  const call = note
    ? await ctx.db.hubTranscription.findFirst({
        where: { id: note.transcriptionId, ...(scope ? { participantId: scope } : {}) },
        select: { id: true },
      })
    : null;
  if (!note || !call) throw new AppError('not_found', `No coaching note ${input.noteId}`);
  if (note.acknowledgedAt) return note;
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.hubCoachingNote.update({
      where: { id: note.id },
      data: { acknowledgedAt: ctx.now(), acknowledgedBy: input.actor.kind === 'user' ? input.actor.id : null },
    });
    await recordAudit(tx, {
      kind: 'coaching_acknowledged',
      actor: input.actor,
      transcriptionId: note.transcriptionId,
      after: { note: note.id },
    });
    return updated;
  });
}

export interface CoachingNoteRow extends HubCoachingNote {
  criterion: string;
  callName: string | null;
  participant: string | null;
}

/** Coaching notes of one call, or of every call the viewer may see (newest first), with their criterion's name. */
export async function listCoachingNotes(
  db: Db,
  options: { transcriptionId?: string; viewer?: Viewer; unacknowledgedOnly?: boolean; limit?: number },
): Promise<CoachingNoteRow[]> {
  const scope = participantScope(options.viewer);
  const limit = options.limit ?? 200;
  // An agent's notes: those on calls of their participant, found by one join.
  const scopedIds = scope
    ? (
        await db.$queryRaw<{ id: string }[]>`
          SELECT n.id::text FROM hub_coaching_notes n JOIN hub_transcriptions t ON t.id = n.transcription_id
           WHERE t.participant_id = ${scope}::uuid ORDER BY n.created_at DESC LIMIT ${limit}`
      ).map((r) => r.id)
    : undefined;
  const notes = await db.hubCoachingNote.findMany({
    where: {
      ...(scopedIds ? { id: { in: scopedIds } } : {}),
      ...(options.transcriptionId ? { transcriptionId: options.transcriptionId } : {}),
      ...(options.unacknowledgedOnly ? { acknowledgedAt: null } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
  });
  if (notes.length === 0) return [];
  const ids = [...new Set(notes.map((n) => n.transcriptionId))];
  const [calls, criteria] = await Promise.all([
    db.hubTranscription.findMany({
      where: { id: { in: ids }, ...(scope ? { participantId: scope } : {}) },
      select: { id: true, name: true, participantTag: true },
    }),
    db.hubCriterionResult.findMany({
      where: { transcriptionId: { in: ids } },
      select: { transcriptionId: true, criterionId: true, name: true },
    }),
  ]);
  const callById = new Map(calls.map((c) => [c.id, c]));
  const criterionName = new Map(criteria.map((c) => [`${c.transcriptionId}/${c.criterionId}`, c.name]));
  return notes
    .filter((n) => callById.has(n.transcriptionId))
    .map((n) => ({
      ...n,
      criterion: criterionName.get(`${n.transcriptionId}/${n.criterionId}`) ?? n.criterionId,
      callName: callById.get(n.transcriptionId)?.name ?? null,
      participant: callById.get(n.transcriptionId)?.participantTag ?? null,
    }));
}
