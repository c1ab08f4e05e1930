/**
 * What a scheduled report's pull job does when it was taken over from a worker that died
 * (BullMQ's stalled-job recovery) and finds its run no longer planned. Without it the run would
 * wait on the daily planner or forever:
 *   - died after the snapshot's commit, before queueing the export: the run is succeeded and its
 *     snapshot unexported; the export is queued now (its job id is the snapshot's, so one already
 *     queued is not doubled) instead of by the next day's planner pass;
 *   - died during the pull: the run is still `running`, and nothing else ever ends it (the planner
 *     leaves running runs alone, and an on-demand pull of the period is refused with a 409 while it
 *     runs). Its call may have reached the upstream, so, like any attempt that may have, it ends
 *     the run failed rather than pulling again (a run is never repeated). If that worker was alive
 *     after all (its lock lapsed under load) and its pull answers, it stores its snapshot and the
 *     run ends succeeded: the answer it got replaces the presumption (report-runs.test.ts).
 */
import type { HubContext } from '../../hub-context.js';
import { exportJobId } from './report-job-ids.js';
import { finishRun } from './report-run-store.js';

export type InterruptedRunOutcome =
  | { kind: 'export-queued'; snapshotId: string }
  | { kind: 'failed'; reason: string }
  | { kind: 'nothing' };

export const diedDuringPull = 'the worker pulling it died; its call may have reached the upstream, so the run is not repeated';

export async function settleInterruptedRun(ctx: HubContext, runId: string): Promise<InterruptedRunOutcome> {
  const run = await ctx.db.hubReportRun.findUnique({
    where: { id: runId },
    select: { status: true, snapshot: { select: { id: true, exportedAt: true } } },
  });
  if (run?.status === 'running') {
    await finishRun(ctx.db, runId, 'failed', diedDuringPull, ctx.now());
    ctx.logger.error({ component: 'report-run', runId }, 'scheduled report failed: its worker died during the pull');
    return { kind: 'failed', reason: diedDuringPull };
  }
  if (run?.status === 'succeeded' && run.snapshot && !run.snapshot.exportedAt) {
    await ctx.jobs.enqueue('hub.export-report', { snapshotId: run.snapshot.id }, { jobId: exportJobId(run.snapshot.id) });
    ctx.logger.info(
      { component: 'report-run', runId, snapshotId: run.snapshot.id },
      'scheduled report pulled already; its export queued again',
    );
    return { kind: 'export-queued', snapshotId: run.snapshot.id };
  }
  return { kind: 'nothing' };
}
