import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { DisputeWindowDays, readDisputeWindowDays, writeDisputeWindowDays } from '../../review/disputes/dispute-window.js';
import { disputeOutcomes } from '../../review/disputes/dispute-text.js';
import { DisputeFilters, listDisputes, type DisputeRow } from '../../review/disputes/list-disputes.js';
import { openDispute } from '../../review/disputes/open-dispute.js';
import { resolveDispute } from '../../review/disputes/resolve-dispute.js';
import { adminApiActor, defineAdminRoute } from '../admin-route.js';

const DisputeWire = z.object({
  id: z.string(),
  transcription_id: z.string(),
  criterion_id: z.string(),
  criterion: z.string(),
  participant: z.string().nullable(),
  proposed: z.string(),
  reason: z.string(),
  status: z.string(),
  resolved: z.string().nullable(),
  resolution_note: z.string().nullable(),
  resolved_by: z.string().nullable(),
  created_at: z.string(),
  resolved_at: z.string().nullable(),
  age_days: z.number().int(),
});

const toWire = (d: DisputeRow): z.input<typeof DisputeWire> => ({
  id: d.id,
  transcription_id: d.transcriptionId,
  criterion_id: d.criterionId,
  criterion: d.criterion,
  participant: d.participant,
  proposed: d.proposed,
  reason: d.reason,
  status: d.status,
  resolved: d.resolved,
  resolution_note: d.resolutionNote,
  resolved_by: d.resolvedBy,
  created_at: d.createdAt.toISOString(),
  resolved_at: d.resolvedAt?.toISOString() ?? null,
  age_days: d.ageDays,
});

const Verdict = z.string().max(10).meta({ description: 'PASS or FAIL; 1..5 for a scale criterion' });

/** Agents' disputes of verdicts (docs/console.md, "Disputes"), for automation: audited like the console's. */
export const disputeRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/disputes',
    summary:
      'Disputes, open ones oldest first and any other status newest first: filter by status, criterion name, evaluator, age; next_cursor, given back as after, lists the next page',
    tag: 'review',
    query: DisputeFilters,
    response: z.object({ items: z.array(DisputeWire), next_cursor: z.string().nullable() }),
    async handle({ query }, ctx) {
      const page = await listDisputes(ctx.db, query, ctx.now());
      return { items: page.rows.map(toWire), next_cursor: page.nextCursor };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/disputes',
    summary: "Open a dispute of one criterion's verdict on a call (on an agent's behalf), within the dispute window",
    tag: 'review',
    errors: ['not_found', 'conflict'],
    body: z.object({ transcription_id: Id, criterion_id: Id, reason: z.string().max(2_000), proposed_verdict: Verdict }),
    response: z.object({ id: z.string(), status: z.string() }),
    status: 201,
    async handle({ body }, ctx) {
      const dispute = await openDispute(ctx, {
        transcriptionId: body.transcription_id.toLowerCase(),
        criterionId: body.criterion_id.toLowerCase(),
        reason: body.reason,
        proposedVerdict: body.proposed_verdict,
        actor: adminApiActor,
      });
      return { id: dispute.id, status: dispute.status };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/disputes/:id/resolve',
    summary: 'Resolve a dispute: accepted (the proposed verdict becomes an override), partly_accepted (the given verdict does) or rejected',
    tag: 'review',
    errors: ['not_found', 'conflict'],
    params: z.object({ id: Id }),
    body: z.object({ outcome: z.enum(disputeOutcomes), verdict: Verdict.optional(), note: z.string().max(2_000) }),
    response: z.object({
      id: z.string(),
      status: z.string(),
      effective_score: z.number().nullable(),
      effective_critical_fail: z.boolean().nullable(),
    }),
    async handle({ params, body }, ctx) {
      const { dispute, effective } = await resolveDispute(ctx, {
        disputeId: params.id.toLowerCase(),
        outcome: body.outcome,
        verdict: body.verdict,
        note: body.note,
        actor: adminApiActor,
      });
      return {
        id: dispute.id,
        status: dispute.status,
        effective_score: effective?.score ?? null,
        effective_critical_fail: effective?.criticalFail ?? null,
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/disputes/settings',
    summary: 'How many days after a call is evaluated its agent may dispute it',
    tag: 'review',
    response: z.object({ dispute_window_days: z.number().int() }),
    async handle(_input, ctx) {
      return { dispute_window_days: await readDisputeWindowDays(ctx.db) };
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/disputes/settings',
    summary: 'Set the dispute window (1 to 365 days)',
    tag: 'review',
    body: z.object({ dispute_window_days: DisputeWindowDays }),
    response: z.object({ dispute_window_days: z.number().int() }),
    async handle({ body }, ctx) {
      return { dispute_window_days: await writeDisputeWindowDays(ctx.db, body.dispute_window_days) };
    },
  }),
];
