/**
 * One scheduled report (job hub.pull-analytics): start the planned run, pull its dashboard through
 * the ledger, store the answer as the run's snapshot, enqueue its export. A run is never repeated:
 * it starts only from `planned`, and an attempt whose call reached (or may have reached) the
 * upstream ends the run, failed or succeeded. Only an attempt that sent nothing goes back to
 * `planned` to be tried again. A job taken over from a worker that died finishes what that worker
 * left (settle-interrupted-run.ts).
 */
import type { HubContext } from '../../hub-context.js';
import { isUpstreamError } from '../../client/index.js';
import { endpointOfKind } from '../report-kinds.js';
import { dayOf } from '../report-periods.js';
import { claimRun, finishRun, type ReportRun } from './report-run-store.js';
import { isQuotaRefused, pullAnalytics, settleOutcomeOf, type AnalyticsData } from '../quota/pull-analytics.js';
import { noteBrokenPromises } from './note-broken-promises.js';
import { readReportAnswer } from './read-report-answer.js';
import { exportJobId } from './report-job-ids.js';
import { saveSnapshot } from './report-snapshot.js';
import { settleInterruptedRun } from './settle-interrupted-run.js';

export type RunReportOutcome =
  | { kind: 'succeeded'; snapshotId: string; rows: number }
  | { kind: 'not-planned' }
  | { kind: 'skipped'; reason: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'retry'; reason: string };

/** The request body of a run: the subject and the period's first and last day. */
export function reportRequest(run: Pick<ReportRun, 'kind' | 'subjectId' | 'periodStart' | 'periodEnd'>): Record<string, string> {
  const dates = { start_date: dayOf(run.periodStart), end_date: dayOf(run.periodEnd) };
  if (run.kind === 'evaluator') return { evaluator_id: run.subjectId, ...dates };
  if (run.kind === 'participant') return { participant_id: run.subjectId, ...dates };
  return dates;
}

/**
 * `canRetry`: whether the job has attempts left (an attempt that sent nothing is then planned
 * again). `isTakeover`: the job was taken over from a worker that died while running it.
 */
export async function runReport(
  ctx: HubContext,
  runId: string,
  options: { canRetry: boolean; isTakeover?: boolean },
): Promise<RunReportOutcome> {
  const run = await claimRun(ctx.db, runId, ctx.now());
  if (!run) {
    if (!options.isTakeover) return { kind: 'not-planned' };
    const settled = await settleInterruptedRun(ctx, runId);
    return settled.kind === 'failed' ? settled : { kind: 'not-planned' };
  }
  const log = ctx.logger.child({ component: 'report-run', runId, kind: run.kind, subjectId: run.subjectId, period: run.period });
  const endpoint = endpointOfKind[run.kind];
  const params = reportRequest(run);

  let data: AnalyticsData;
  try {
    data = await pullAnalytics(ctx, { endpoint, params, purpose: 'scheduled' });
  } catch (error) {
    if (isQuotaRefused(error)) {
      await finishRun(ctx.db, runId, 'skipped', error.message, ctx.now());
      log.warn({ reason: error.message }, 'scheduled report skipped at run time');
      return { kind: 'skipped', reason: error.message };
    }
    const reason = isUpstreamError(error) ? `${error.kind} (${error.status ?? 'no answer'}): ${error.message}` : String(error);
    if (settleOutcomeOf(error) === 'released' && options.canRetry) {
      await finishRun(ctx.db, runId, 'planned', `attempt ${run.attempts} sent nothing, will retry: ${reason}`, ctx.now());
      return { kind: 'retry', reason };
    }
    await finishRun(ctx.db, runId, 'failed', reason, ctx.now());
    log.error({ err: error }, 'scheduled report failed');
    return { kind: 'failed', reason };
  }

  // The quota is spent: the answer is kept whatever its shape, a broken promise noted on the run.
  const answer = readReportAnswer(endpoint, data);
  const broken = noteBrokenPromises(log, endpoint, answer.brokenPromises);
  const snapshot = await ctx.db.$transaction(async (tx) => {
    // An on-demand pull of the period while it ran may have left a snapshot: the whole period replaces it.
    const created = await saveSnapshot(tx, runId, { endpoint, request: params, answer, fetchedAt: ctx.now() });
    await tx.hubReportRun.update({ where: { id: runId }, data: { status: 'succeeded', reason: broken, finishedAt: ctx.now() } });
    return created;
  });
  await ctx.jobs.enqueue('hub.export-report', { snapshotId: snapshot.id }, { jobId: exportJobId(snapshot.id) });
  log.info({ rows: snapshot.rows }, 'scheduled report pulled');
  return { kind: 'succeeded', snapshotId: snapshot.id, rows: snapshot.rows };
}
