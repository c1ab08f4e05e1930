import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { acknowledgeCoachingNote, addCoachingNote, listCoachingNotes, type CoachingNoteRow } from '../../review/coaching/coaching-notes.js';
import { adminApiActor, defineAdminRoute } from '../admin-route.js';

const CoachingNoteWire = z.object({
  id: z.string(),
  transcription_id: z.string(),
  criterion_id: z.string(),
  criterion: z.string(),
  author: z.string(),
  body: z.string(),
  created_at: z.string(),
  acknowledged_at: z.string().nullable(),
});

const toWire = (n: Omit<CoachingNoteRow, 'callName' | 'participant'>): z.input<typeof CoachingNoteWire> => ({
  id: n.id,
  transcription_id: n.transcriptionId,
  criterion_id: n.criterionId,
  criterion: n.criterion,
  author: n.author,
  body: n.body,
  created_at: n.createdAt.toISOString(),
  acknowledged_at: n.acknowledgedAt?.toISOString() ?? null,
});

/** Coaching notes tied to a criterion of a call (docs/console.md, "Coaching"). */
export const coachingRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/coaching-notes',
    summary: 'Coaching notes, newest first, of one call or all; optionally only those not yet acknowledged',
    tag: 'review',
    query: z.object({ transcription_id: Id.optional(), unacknowledged: z.stringbool({ error: 'expected true or false' }).default(false) }),
    response: z.object({ items: z.array(CoachingNoteWire) }),
    async handle({ query }, ctx) {
      const notes = await listCoachingNotes(ctx.db, {
        transcriptionId: query.transcription_id?.toLowerCase(),
        unacknowledgedOnly: query.unacknowledged,
      });
      return { items: notes.map(toWire) };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/coaching-notes',
    summary: "Add a coaching note on one criterion of a call, for the call's agent",
    tag: 'review',
    errors: ['not_found'],
    body: z.object({ transcription_id: Id, criterion_id: Id, body: z.string().max(8_000) }),
    response: CoachingNoteWire,
    status: 201,
    async handle({ body }, ctx) {
      const note = await addCoachingNote(ctx, {
        transcriptionId: body.transcription_id.toLowerCase(),
        criterionId: body.criterion_id.toLowerCase(),
        body: body.body,
        actor: adminApiActor,
      });
      const criterion = await ctx.db.hubCriterionResult.findUnique({
        where: { transcriptionId_criterionId: { transcriptionId: note.transcriptionId, criterionId: note.criterionId } },
        select: { name: true },
      });
      return toWire({ ...note, criterion: criterion?.name ?? note.criterionId });
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/coaching-notes/:id/acknowledge',
    summary: "Acknowledge a coaching note (on the agent's behalf)",
    tag: 'review',
    errors: ['not_found'],
    params: z.object({ id: Id }),
    response: z.object({ id: z.string(), acknowledged_at: z.string() }),
    async handle({ params }, ctx) {
      const note = await acknowledgeCoachingNote(ctx, { noteId: params.id.toLowerCase(), actor: adminApiActor });
      return { id: note.id, acknowledged_at: (note.acknowledgedAt ?? ctx.now()).toISOString() };
    },
  }),
];
