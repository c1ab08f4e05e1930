import { z } from 'zod';
import { dateString, parseCalendarMonth } from '../../../contract/dates.js';
import { Id } from '../../../contract/common.js';
import { KeysetCursor } from '../../../lib/paging/keyset-cursor.js';
import { analyticsEndpoints } from '../../reports/quota/analytics-endpoints.js';
import { getQuotaStatus } from '../../reports/quota/quota-status.js';
import type { ReportKind, RunStatus } from '../../reports/report-kinds.js';
import { listReportRuns, listReportRunsPage, type ListedReportRun } from '../../reports/runs/report-run-store.js';
import { previewOnDemandPull } from '../../reports/runs/preview-on-demand-pull.js';
import { runReportOnDemand } from '../../reports/runs/run-report-on-demand.js';
import { defineAdminRoute } from '../admin-route.js';
import { countsOf } from '../counts-wire.js';
import { upstreamErrorCodes, viaUpstream } from '../../client/upstream-errors.js';

const reportKinds = ['account', 'evaluator', 'participant'] as const satisfies readonly ReportKind[];
const runStatuses = ['planned', 'skipped', 'running', 'succeeded', 'failed'] as const satisfies readonly RunStatus[];
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const day = (date: Date) => date.toISOString().slice(0, 10);

const QuotaMonth = dateString(parseCalendarMonth, 'expected a month, YYYY-MM');
const Period = z.string().regex(/^\d{4}-(\d{2}|W\d{2})$/, { error: 'expected a period, YYYY-MM or YYYY-Www' });

/** What a report is about: its kind, subject and period (a run and a preview alike). */
const reportIdentity = {
  kind: z.enum(reportKinds),
  subject_id: z.string().nullable(),
  subject_tag: z.string().nullable(),
  period: z.string(),
  period_start: z.string(),
  period_end: z.string(),
};

const ReportRunWire = z.object({
  id: z.string(),
  ...reportIdentity,
  quota_month: z.string(),
  due_at: z.string(),
  priority: z.number(),
  status: z.enum(runStatuses),
  reason: z.string().nullable(),
  attempts: z.number(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  snapshot: z
    .object({
      id: z.string(),
      rows: z.number(),
      fetched_at: z.string(),
      export_target: z.string().nullable(),
      exported_at: z.string().nullable(),
      export_error: z.string().nullable(),
    })
    .nullable(),
});

function toRunWire(run: ListedReportRun): z.input<typeof ReportRunWire> {
  const { snapshot } = run;
  return {
    id: run.id,
    kind: run.kind,
    subject_id: run.subjectId || null,
    subject_tag: run.subjectTag,
    period: run.period,
    period_start: day(run.periodStart),
    period_end: day(run.periodEnd),
    quota_month: day(run.quotaMonth).slice(0, 7),
    due_at: run.dueAt.toISOString(),
    priority: run.priority,
    status: run.status,
    reason: run.reason,
    attempts: run.attempts,
    started_at: iso(run.startedAt),
    finished_at: iso(run.finishedAt),
    snapshot: snapshot
      ? {
          id: snapshot.id,
          rows: snapshot.rowCount,
          fetched_at: snapshot.fetchedAt.toISOString(),
          export_target: snapshot.exportTarget,
          exported_at: iso(snapshot.exportedAt),
          export_error: snapshot.exportError,
        }
      : null,
  };
}

const RunOnDemandBody = z.object({
  kind: z.enum(reportKinds, { error: 'kind must be account, evaluator or participant' }),
  subject_id: Id.optional(),
  period: Period,
  export: z.boolean({ error: 'export must be true or false' }).default(true),
});

export const reportRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/quotas',
    errors: upstreamErrorCodes,
    summary:
      "This month's analytics quota per endpoint: limit, used, reserved (in flight), the on-demand reserve, what is left, when it resets; and the month's scheduled runs by status",
    tag: 'reports',
    response: z.object({
      month: z.string(),
      resets_at: z.string(),
      endpoints: z.array(
        z.object({
          endpoint: z.enum(analyticsEndpoints),
          limit: z.number(),
          used: z.number(),
          reserved: z.number(),
          on_demand_reserve: z.number(),
          remaining: z.number(),
          remaining_for_scheduled: z.number(),
          exhausted_at: z.string().nullable(),
          runs: countsOf(runStatuses),
        }),
      ),
    }),
    async handle(_input, ctx) {
      const status = await viaUpstream(() => getQuotaStatus(ctx));
      return {
        month: status.month,
        resets_at: status.resetsAt.toISOString(),
        endpoints: status.endpoints.map((e) => ({
          endpoint: e.endpoint,
          limit: e.limit,
          used: e.used,
          reserved: e.reserved,
          on_demand_reserve: e.onDemandReserve,
          remaining: e.remaining,
          remaining_for_scheduled: e.remainingForScheduled,
          exhausted_at: iso(e.exhaustedAt),
          runs: e.runs,
        })),
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/reports/runs',
    errors: upstreamErrorCodes,
    summary:
      'Report runs, planned and done, newest recorded first: skip and failure reasons, each pull and where it was exported; next_cursor, given back as cursor, lists the older ones',
    tag: 'reports',
    query: z.object({
      month: QuotaMonth.optional(),
      status: z.enum(runStatuses).optional(),
      kind: z.enum(reportKinds).optional(),
      limit: z.coerce.number().int().min(1).max(1_000).default(200),
      cursor: KeysetCursor.optional(),
    }),
    response: z.object({ runs: z.array(ReportRunWire), next_cursor: z.string().nullable() }),
    async handle({ query }, ctx) {
      const scope = (await viaUpstream(() => ctx.upstream())).accountRef;
      const { cursor, ...filter } = query;
      const page = await listReportRunsPage(ctx.db, { scope, ...filter, before: cursor });
      return { runs: page.runs.map(toRunWire), next_cursor: page.nextCursor };
    },
  }),
  defineAdminRoute({
    method: 'post',
    path: '/reports/runs',
    errors: upstreamErrorCodes,
    summary:
      'Pull a report now, paid from the monthly quota through the ledger (the on-demand reserve included), and export it; a period not ended yet is pulled so far and its scheduled run still comes',
    tag: 'reports',
    body: RunOnDemandBody,
    status: 201,
    response: z.object({
      /** The pull itself: it succeeded (a failed pull answers an error). */
      status: z.literal('succeeded'),
      /** What the answer means and what the schedule does next, in a sentence. */
      note: z.string(),
      /** The report-period's run as the schedule sees it (`skipped` while the period runs: the schedule pulls the whole period once it ends). */
      run: ReportRunWire,
      rows: z.number(),
      complete: z.boolean(),
      export_job_id: z.string().nullable(),
    }),
    async handle({ body }, ctx) {
      const result = await viaUpstream(() =>
        runReportOnDemand(ctx, {
          kind: body.kind,
          ...(body.subject_id ? { subjectId: body.subject_id } : {}),
          period: body.period,
          shouldExport: body.export,
        }),
      );
      const [listed] = await listReportRuns(ctx.db, { scope: result.run.scope, kind: result.run.kind, limit: 1, id: result.run.id });
      const pulled = result.isComplete
        ? `pulled ${result.rows} row(s) of the ended period ${result.run.period}${result.exportJobId ? '; its export (report file and summary row) is queued' : ''}`
        : `pulled ${result.rows} row(s) of ${result.run.period} so far${result.exportJobId ? '; its export (report file and summary row) is queued' : ''}; the period has not ended, so the schedule still pulls the complete report after ${day(result.run.periodEnd)} (run status ${result.run.status} until that month's plan takes it up)`;
      const note = result.brokenPromises ? `${pulled}; ${result.brokenPromises}` : pulled;
      return {
        status: 'succeeded' as const,
        note,
        run: toRunWire(listed ?? { ...result.run, snapshot: null }),
        rows: result.rows,
        complete: result.isComplete,
        export_job_id: result.exportJobId,
      };
    },
  }),
  defineAdminRoute({
    method: 'get',
    path: '/reports/pull-preview',
    errors: [...upstreamErrorCodes, 'missing_field'],
    summary:
      "What pulling a report now (POST /reports/runs) would cost, without spending it: the calls of the month's quota, the room before and after, planned scheduled runs it would displace, and why the ledger would refuse it",
    tag: 'reports',
    query: RunOnDemandBody.omit({ export: true }),
    response: z.object({
      ...reportIdentity,
      complete: z.boolean(),
      endpoint: z.enum(analyticsEndpoints),
      cost: z.number(),
      month: z.string(),
      limit: z.number(),
      spent: z.number(),
      on_demand_reserve: z.number(),
      planned: z.number(),
      room_now: z.number(),
      room_after: z.number(),
      displaces_planned: z.number(),
      refusal: z.string().nullable(),
      existing_status: z.enum(runStatuses).nullable(),
    }),
    async handle({ query }, ctx) {
      const p = await viaUpstream(() =>
        previewOnDemandPull(ctx, { kind: query.kind, ...(query.subject_id ? { subjectId: query.subject_id } : {}), period: query.period }),
      );
      return {
        kind: p.kind,
        subject_id: p.subjectId || null,
        subject_tag: p.subjectTag,
        period: p.period.id,
        period_start: p.period.start,
        period_end: p.period.end,
        complete: p.isComplete,
        endpoint: p.endpoint,
        cost: p.cost,
        month: p.month,
        limit: p.limit,
        spent: p.spent,
        on_demand_reserve: p.reserve,
        planned: p.planned,
        room_now: p.roomNow,
        room_after: p.roomAfter,
        displaces_planned: p.displacesPlanned,
        refusal: p.refusal,
        existing_status: p.existingStatus as RunStatus | null,
      };
    },
  }),
];
