import { z } from 'zod';
import { Id } from '../../../contract/common.js';
import { dateString, parseDateTime } from '../../../contract/dates.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { benchmarkFromMajority, setCalibrationBenchmarks } from '../../review/calibration/calibration-benchmark.js';
import { loadCalibrationView, type CalibrationView } from '../../review/calibration/calibration-results.js';
import { closeCalibrationSession, createCalibrationSession } from '../../review/calibration/calibration-session.js';
import { saveCalibrationVerdicts, submitCalibration } from '../../review/calibration/calibration-verdicts.js';
import { listCalibrationSessions } from '../../review/calibration/list-calibration-sessions.js';
import { adminApiActor, defineAdminRoute } from '../admin-route.js';

const Verdict = z.string().max(10).meta({ description: 'PASS or FAIL; 1..5 for a scale criterion' });
const Deadline = dateString(parseDateTime, 'expected an ISO 8601 datetime');

const SessionSummary = z.object({
  id: z.string(),
  title: z.string(),
  created_at: z.string(),
  deadline: z.string().nullable(),
  revealed: z.boolean(),
  calls: z.number().int(),
  reviewers: z.number().int(),
  submitted: z.number().int(),
});

const SessionWire = z.object({
  id: z.string(),
  title: z.string(),
  revealed: z.boolean(),
  deadline: z.string().nullable(),
  calls: z.array(
    z.object({
      transcription_id: z.string(),
      name: z.string().nullable(),
      criteria: z.array(z.object({ criterion_id: z.string(), name: z.string(), type: z.string() })),
    }),
  ),
  reviewers: z.array(z.object({ user_id: z.string(), name: z.string(), submitted: z.boolean() })),
  results: z
    .object({
      cells: z.array(
        z.object({
          transcription_id: z.string(),
          criterion_id: z.string(),
          ai: z.number(),
          reviewers: z.record(z.string(), z.number()),
          benchmark: z.number().nullable(),
        }),
      ),
      alignment: z.record(z.string(), z.number().nullable()),
      ai_alignment: z.number().nullable(),
      criteria: z.array(
        z.object({
          name: z.string(),
          reviewer_kappa: z.record(z.string(), z.number().nullable()),
          ai_kappa: z.number().nullable(),
          fleiss_kappa: z.number().nullable(),
        }),
      ),
    })
    .nullable()
    .meta({ description: 'Null until every reviewer has submitted or the session is closed: nobody sees verdicts before' }),
});

const toWire = (v: CalibrationView): z.input<typeof SessionWire> => ({
  id: v.id,
  title: v.title,
  revealed: v.revealed,
  deadline: v.deadline?.toISOString() ?? null,
  calls: v.calls.map((c) => ({
    transcription_id: c.transcriptionId,
    name: c.name,
    criteria: c.criteria.map((k) => ({ criterion_id: k.criterionId, name: k.name, type: k.type })),
  })),
  reviewers: v.reviewers.map((r) => ({ user_id: r.userId, name: r.name, submitted: r.submitted })),
  results: v.results && {
    cells: v.results.cells.map((c) => ({
      transcription_id: c.transcriptionId,
      criterion_id: c.criterionId,
      ai: c.ai,
      reviewers: c.reviewers,
      benchmark: c.benchmark,
    })),
    alignment: v.results.alignment,
    ai_alignment: v.results.aiAlignment,
    criteria: v.results.criteria.map((c) => ({
      name: c.name,
      reviewer_kappa: c.reviewerKappa,
      ai_kappa: c.aiKappa,
      fleiss_kappa: c.fleissKappa,
    })),
  },
});

const instant = (v: string) => {
  const parsed = parseDateTime(v);
  if (!parsed.ok) throw new AppError('invalid_value', `Invalid deadline: ${v}`);
  return parsed.value;
};

/** Calibration sessions (docs/console.md, "Calibration"): blind scoring, then the agreed benchmark and agreement figures. */
export const calibrationRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/calibration/sessions',
    summary: 'Calibration sessions, newest first, with their progress',
    tag: 'review',
    response: z.object({ items: z.array(SessionSummary) }),
    async handle(_input, ctx) {
      const sessions = await listCalibrationSessions(ctx.db, null);
      return {
        items: sessions.map((s) => ({
          id: s.id,
          title: s.title,
          created_at: s.createdAt.toISOString(),
          deadline: s.deadline?.toISOString() ?? null,
          revealed: s.revealed,
          calls: s.calls,
          reviewers: s.reviewers,
          submitted: s.submitted,
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/calibration/sessions',
    summary: 'Create a calibration session: calls (1 to 50 mirrored, evaluated) and reviewers (2 to 20 leads or admins)',
    tag: 'review',
    body: z.object({
      title: z.string().max(400),
      transcription_ids: z.array(Id).max(200),
      reviewer_ids: z.array(Id).max(100),
      deadline: Deadline.optional(),
    }),
    response: SessionWire,
    status: 201,
    async handle({ body }, ctx) {
      const session = await createCalibrationSession(ctx, {
        title: body.title,
        transcriptionIds: body.transcription_ids,
        reviewerIds: body.reviewer_ids,
        deadline: body.deadline ? instant(body.deadline) : undefined,
        actor: adminApiActor,
      });
      return toWire(await loadCalibrationView(ctx.db, session.id, null));
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/calibration/sessions/:id',
    summary: 'One session: its calls, reviewers and progress; the results once revealed',
    tag: 'review',
    errors: ['not_found'],
    params: z.object({ id: Id }),
    response: SessionWire,
    async handle({ params }, ctx) {
      return toWire(await loadCalibrationView(ctx.db, params.id.toLowerCase(), null));
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/calibration/sessions/:id/verdicts',
    summary: "Save a reviewer's verdicts on one call of the session (criterion id → verdict) while it is open",
    tag: 'review',
    errors: ['not_found', 'conflict'],
    params: z.object({ id: Id }),
    body: z.object({ user_id: Id, transcription_id: Id, verdicts: z.record(z.string(), Verdict) }),
    response: z.object({ saved: z.number().int() }),
    async handle({ params, body }, ctx) {
      const saved = await saveCalibrationVerdicts(ctx, {
        sessionId: params.id.toLowerCase(),
        userId: body.user_id.toLowerCase(),
        transcriptionId: body.transcription_id.toLowerCase(),
        verdicts: body.verdicts,
      });
      return { saved };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/calibration/sessions/:id/submit',
    summary: "Submit a reviewer's verdicts (all must be given); the last submission reveals the results",
    tag: 'review',
    errors: ['not_found', 'conflict'],
    params: z.object({ id: Id }),
    body: z.object({ user_id: Id }),
    response: z.object({ revealed: z.boolean() }),
    async handle({ params, body }, ctx) {
      return submitCalibration(ctx, { sessionId: params.id.toLowerCase(), userId: body.user_id.toLowerCase(), actor: adminApiActor });
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/calibration/sessions/:id/close',
    summary: 'Close a session early: its results are revealed',
    tag: 'review',
    errors: ['not_found'],
    params: z.object({ id: Id }),
    response: SessionWire,
    async handle({ params }, ctx) {
      await closeCalibrationSession(ctx, { sessionId: params.id.toLowerCase(), actor: adminApiActor });
      return toWire(await loadCalibrationView(ctx.db, params.id.toLowerCase(), null));
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/calibration/sessions/:id/benchmark',
    summary: "Set benchmark verdicts (after reveal); with majority=true, every unset cell takes the reviewers' majority (ties left unset)",
    tag: 'review',
    errors: ['not_found', 'conflict'],
    params: z.object({ id: Id }),
    body: z.object({
      majority: z.boolean().default(false),
      entries: z
        .array(z.object({ transcription_id: Id, criterion_id: Id, verdict: Verdict }))
        .max(5_000)
        .default([]),
    }),
    response: SessionWire,
    async handle({ params, body }, ctx) {
      const sessionId = params.id.toLowerCase();
      const entries = body.entries.map((e) => ({
        transcriptionId: e.transcription_id.toLowerCase(),
        criterionId: e.criterion_id.toLowerCase(),
        verdict: e.verdict,
      }));
      if (entries.length > 0) await setCalibrationBenchmarks(ctx, { sessionId, entries, actor: adminApiActor });
      if (body.majority) await benchmarkFromMajority(ctx, { sessionId, actor: adminApiActor });
      return toWire(await loadCalibrationView(ctx.db, sessionId, null));
    },
  }),
];
