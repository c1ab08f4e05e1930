/**
 * A report pulled now, at an operator's request (admin API): the same report and period ids as the
 * scheduled ones, paid from the whole monthly quota (the on-demand reserve included) through the
 * ledger, stored as that report-period's snapshot (replacing an earlier one) and exported.
 *
 * A period that has not ended yet is pulled "so far": its scheduled run stays planned, so the
 * complete report still comes when it falls due (a new run of it is recorded as skipped on the
 * month it falls due in, for that month's plan to take up). A period that has ended is done: a
 * planned, skipped or failed run of it becomes succeeded and is not pulled again by the schedule.
 */
import { parseCalendarDay, supportedRangeText, utcInstant } from '../../../contract/dates.js';
import { AppError } from '../../../lib/errors/app-error.js';
import type { HubContext } from '../../hub-context.js';
import { endpointOfKind, type ReportKind } from '../report-kinds.js';
import { dayOf, isoWeekOf, monthOf, monthPeriod, type ReportPeriod } from '../report-periods.js';
import { pullAnalytics } from '../quota/pull-analytics.js';
import { reportRequest } from './run-scheduled-report.js';
import type { ReportRun } from './report-run-store.js';
import { onDemandExportJobId } from './report-job-ids.js';
import { saveSnapshot } from './report-snapshot.js';
import { noteBrokenPromises } from './note-broken-promises.js';
import { readReportAnswer } from './read-report-answer.js';

export interface OnDemandReportRequest {
  kind: ReportKind;
  /** The evaluator's or participant's id; absent for the account-wide report. */
  subjectId?: string;
  /** `YYYY-MM` or `YYYY-Www` (ISO week). */
  period: string;
  /** Export it once pulled (queued job hub.export-report). */
  shouldExport: boolean;
}

export interface OnDemandReportResult {
  run: ReportRun;
  snapshotId: string;
  rows: number;
  /** False while the period is still running: the data is the period so far. */
  isComplete: boolean;
  exportJobId: string | null;
  /** The dashboard members the answer broke (kept and exported all the same); null when none. */
  brokenPromises: string | null;
}

/** `2026-11` → the month; `2026-W45` → the ISO week; anything else, or a period outside the supported dates, is refused. */
export function parseReportPeriod(id: string): ReportPeriod {
  const period = periodOf(id);
  if (!parseCalendarDay(period.start).ok || !parseCalendarDay(period.end).ok) {
    throw new AppError('invalid_value', `Invalid period: ${id} is outside the supported dates, ${supportedRangeText}`);
  }
  return period;
}

function periodOf(id: string): ReportPeriod {
  const month = /^(\d{4})-(\d{2})$/.exec(id);
  if (month) {
    const index = Number(month[2]) - 1;
    if (index < 0 || index > 11) throw new AppError('invalid_value', `Invalid period: ${id} (month must be 01 to 12)`);
    return monthPeriod(monthOf(utcInstant(Number(month[1]), index, 1)));
  }
  const week = /^(\d{4})-W(\d{2})$/.exec(id);
  if (week) {
    const year = Number(week[1]);
    // ISO week 1 is the one holding 4 January; week n starts 7(n-1) days after its Monday.
    const week1 = isoWeekOf(utcInstant(year, 0, 4));
    const period = isoWeekOf(new Date(Date.parse(`${week1.start}T00:00:00Z`) + (Number(week[2]) - 1) * 7 * 86_400_000));
    if (period.id !== id) throw new AppError('invalid_value', `Invalid period: ${id} (${year} has no week ${week[2]})`);
    return period;
  }
  throw new AppError('invalid_value', `Invalid period: ${id} (expected YYYY-MM or YYYY-Www)`);
}

/**
 * The subject's tag, for the summary; also how a subject that does not exist is refused (404)
 * before any quota is spent. get-participant's answer is open (docs/hub-client.md, "Reading
 * answers"): its 200 is the existence check, and the tag is null when the answer does not give it.
 */
async function subjectTagOf(ctx: HubContext, kind: ReportKind, subjectId: string): Promise<string | null> {
  if (kind === 'account') return null;
  const client = await ctx.upstream();
  return kind === 'evaluator'
    ? (await client.call('get-evaluator', { evaluator_id: subjectId })).tag
    : ((await client.call('get-participant', { participant_id: subjectId })).participant?.tag ?? null);
}

/** An on-demand request checked and resolved, before anything is spent (shared with the cost preview). */
export interface ResolvedOnDemandReport {
  kind: ReportKind;
  /** Lower case; '' for the account-wide report. */
  subjectId: string;
  subjectTag: string | null;
  period: ReportPeriod;
  /** False while the period is still running: a pull now gets the period so far. */
  isComplete: boolean;
  scope: string;
  /** The report-period's run, if the schedule or an earlier pull recorded one. */
  existing: ReportRun | null;
}

/**
 * Checks a request (kind and subject, a period that has started) and finds its run and subject
 * tag: an evaluator or participant that does not exist upstream is refused here (404), before any
 * quota is spent. Calls the upstream (get-evaluator, get-participant) but no analytics operation.
 */
export async function resolveOnDemandReport(
  ctx: HubContext,
  request: Omit<OnDemandReportRequest, 'shouldExport'>,
): Promise<ResolvedOnDemandReport> {
  const { kind } = request;
  const subjectId = kind === 'account' ? '' : (request.subjectId ?? '').toLowerCase();
  if (kind !== 'account' && !subjectId) throw new AppError('missing_field', `Missing required field: subject_id (the ${kind}'s id)`);
  if (kind === 'account' && request.subjectId)
    throw new AppError('invalid_value', 'subject_id is only for evaluator and participant reports');
  const period = parseReportPeriod(request.period);
  const today = dayOf(ctx.now());
  if (period.start > today) throw new AppError('invalid_value', `Invalid period: ${period.id} has not started yet`);

  const scope = (await ctx.upstream()).accountRef;
  const existing = await ctx.db.hubReportRun.findUnique({
    where: { scope_kind_subjectId_period: { scope, kind, subjectId, period: period.id } },
  });
  const subjectTag = existing?.subjectTag ?? (await subjectTagOf(ctx, kind, subjectId));
  return { kind, subjectId, subjectTag, period, isComplete: period.end < today, scope, existing };
}

export async function runReportOnDemand(ctx: HubContext, request: OnDemandReportRequest): Promise<OnDemandReportResult> {
  const { kind, subjectId, subjectTag, period, scope, existing } = await resolveOnDemandReport(ctx, request);
  if (existing?.status === 'running')
    throw new AppError('conflict', `The ${kind} report for ${period.id} is being pulled right now; try again in a moment`);
  const today = dayOf(ctx.now());
  const key = { scope, kind, subjectId, period: period.id };

  const endpoint = endpointOfKind[kind];
  const params = reportRequest({
    kind,
    subjectId,
    periodStart: new Date(`${period.start}T00:00:00Z`),
    periodEnd: new Date(`${period.end}T00:00:00Z`),
  });
  const data = await pullAnalytics(ctx, { endpoint, params, purpose: 'on-demand' });
  // The quota is spent: the answer is kept whatever its shape, a broken promise noted on the run.
  const answer = readReportAnswer(endpoint, data);
  const broken = noteBrokenPromises(
    ctx.logger.child({ component: 'report-run', kind, subjectId, period: period.id }),
    endpoint,
    answer.brokenPromises,
  );

  const isComplete = period.end < today;
  const fetchedAt = ctx.now();
  const { run, snapshotId, rows } = await ctx.db.$transaction(async (tx) => {
    const pulled = isComplete
      ? `pulled on demand at ${fetchedAt.toISOString()}`
      : `pulled on demand at ${fetchedAt.toISOString()} (the period so far); the complete report is the schedule's once the period ends`;
    const reason = broken ? `${pulled}; ${broken}` : pulled;
    // The day after the period is when its scheduled report falls due, on that month's quota: a
    // new row of a running period is recorded there (skipped), so that month's plan takes it up.
    const dueAt = new Date(Date.parse(`${period.end}T00:00:00Z`) + 86_400_000);
    const row =
      existing ??
      (await tx.hubReportRun.upsert({
        where: { scope_kind_subjectId_period: key },
        update: {},
        create: {
          ...key,
          subjectTag,
          periodStart: new Date(`${period.start}T00:00:00Z`),
          periodEnd: new Date(`${period.end}T00:00:00Z`),
          quotaMonth: monthOf(isComplete ? fetchedAt : dueAt).start,
          dueAt,
          priority: 0,
          status: isComplete ? 'succeeded' : 'skipped',
          reason,
          finishedAt: fetchedAt,
        },
      }));
    // A scheduled run of a finished period has nothing left to do; one of a running period still
    // pulls the whole period when it falls due. A run a worker claimed meanwhile is left to it (its
    // answer replaces this snapshot); the answer paid for here is kept either way.
    if (isComplete) {
      await tx.hubReportRun.updateMany({
        where: { id: row.id, status: { not: 'running' } },
        data: { status: 'succeeded', reason, finishedAt: fetchedAt },
      });
    }
    const snapshot = await saveSnapshot(tx, row.id, { endpoint, request: params, answer, fetchedAt });
    return { run: await tx.hubReportRun.findUniqueOrThrow({ where: { id: row.id } }), snapshotId: snapshot.id, rows: snapshot.rows };
  });

  let exportJobId: string | null = null;
  if (request.shouldExport) {
    // One export per pull: the snapshot id is reused by later pulls of the same report-period.
    exportJobId = onDemandExportJobId(snapshotId, fetchedAt);
    await ctx.jobs.enqueue('hub.export-report', { snapshotId }, { jobId: exportJobId });
  }
  ctx.logger.info({ component: 'report-run', kind, subjectId, period: period.id, rows, isComplete }, 'report pulled on demand');
  return { run, snapshotId, rows, isComplete, exportJobId, brokenPromises: broken };
}
