/**
 * The planner's daily pass (job hub.plan-reports): plan the current month from the upstream's
 * evaluators and participants and the ledger, record the plan, log what it skipped and why,
 * enqueue the runs that are due (a missed day is caught up: every due run still planned goes),
 * and re-enqueue exports that Redis lost.
 */
import type { HubContext } from '../../hub-context.js';
import { analyticsEndpoints, type AnalyticsEndpoint } from '../quota/analytics-endpoints.js';
import { readLedgerRow } from '../quota/quota-ledger.js';
import { dayOf, monthOf } from '../report-periods.js';
import { listedSubjects } from './listed-subjects.js';
import { planMonth, type LedgerFigures, type Plan } from './plan-month.js';
import { exportRetryJobId, pullJobId } from '../runs/report-job-ids.js';
import { findDueRuns, loadExistingRuns, savePlan } from '../runs/report-run-store.js';

export interface PlanReportsOutcome {
  plan: Plan;
  /** Runs enqueued (due and planned). */
  enqueued: number;
  /** Exports enqueued again (their job was lost). */
  exportsEnqueued: number;
}

const lostExportAfterMs = 3_600_000;

export async function planReports(ctx: HubContext): Promise<PlanReportsOutcome> {
  const client = await ctx.upstream();
  const scope = client.accountRef;
  const now = ctx.now();
  const month = monthOf(now);
  const { schedules, onDemandReserve } = ctx.settings.reports;

  const [evaluators, participants] = await Promise.all([
    schedules.includes('evaluator-weekly')
      ? client.listEvaluators().then((r) =>
          listedSubjects(
            r.items.map((e) => ({ id: e.evaluator_id, tag: e.tag, created_at: e.created_at })),
            r.rejected,
          ),
        )
      : [],
    schedules.includes('participant-monthly')
      ? client.listParticipants().then((r) =>
          listedSubjects(
            r.items.map((p) => ({ id: p.participant_id, tag: p.tag, created_at: p.created_at })),
            r.rejected,
          ),
        )
      : [],
  ]);
  const ledger = Object.fromEntries(
    await Promise.all(analyticsEndpoints.map(async (endpoint) => [endpoint, await readLedgerRow(ctx.db, scope, endpoint, now)] as const)),
  ) as unknown as Record<AnalyticsEndpoint, LedgerFigures>;
  const existing = await loadExistingRuns(ctx.db, scope, month);

  const plan = planMonth({ month, schedules, evaluators, participants, ledger, reserve: onDemandReserve, existing });
  const { changed } = await savePlan(ctx.db, scope, month, plan, existing);

  const log = ctx.logger.child({ component: 'report-planner', month: month.key });
  for (const decision of changed) {
    if (decision.status !== 'skipped') continue;
    log.warn(
      { kind: decision.kind, subjectId: decision.subjectId, period: decision.period.id, reason: decision.reason },
      'scheduled report skipped',
    );
  }
  log.info({ endpoints: plan.endpoints, changed: changed.length }, 'report plan');

  const due = await findDueRuns(ctx.db, scope, now);
  for (const run of due) await ctx.jobs.enqueue('hub.pull-analytics', { runId: run.id }, { jobId: pullJobId(run) });

  const unexported = await ctx.db.hubReportSnapshot.findMany({
    where: { exportedAt: null, fetchedAt: { lt: new Date(now.getTime() - lostExportAfterMs) }, run: { scope, status: 'succeeded' } },
    select: { id: true },
  });
  for (const snapshot of unexported) {
    await ctx.jobs.enqueue('hub.export-report', { snapshotId: snapshot.id }, { jobId: exportRetryJobId(snapshot.id, dayOf(now)) });
  }
  return { plan, enqueued: due.length, exportsEnqueued: unexported.length };
}
