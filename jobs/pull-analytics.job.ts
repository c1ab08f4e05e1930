import { UnrecoverableError } from 'bullmq';
import type { HubContext } from '../src/hub/hub-context.js';
import { runReport } from '../src/hub/reports/runs/run-scheduled-report.js';
import { isLastAttempt, type JobHandler } from '../src/queues/job-handler.js';

/**
 * `hub.pull-analytics`: one scheduled report. An attempt that sent nothing throws so BullMQ tries
 * again; a failed pull (quota spent, or a worker that died during it) ends the job for good.
 */
export function handlePullAnalytics(ctx: HubContext): JobHandler<'hub.pull-analytics'> {
  return async ({ runId }, job) => {
    // A job whose worker died is moved back to wait with its stalled counter raised.
    const outcome = await runReport(ctx, runId, { canRetry: !isLastAttempt(job), isTakeover: job.stalledCounter > 0 });
    if (outcome.kind === 'retry') throw new Error(outcome.reason);
    if (outcome.kind === 'failed') throw new UnrecoverableError(outcome.reason);
  };
}
