import type { JobQueues } from '../../queues/job-queues.js';
import type { HubContext } from '../hub-context.js';

/**
 * One mirror job per transcription at a time: the job id is the transcription's, so any number of
 * webhooks naming it while the job waits add nothing. Completed jobs are removed at once (see the
 * catalog), so a later webhook queues a fresh mirror; one arriving while the job runs is caught
 * by the job itself, which mirrors again when a receipt came in after it started.
 */
export function enqueueMirror(jobs: JobQueues, transcriptionId: string, options: { confirmDeletion?: boolean } = {}): Promise<void> {
  const payload = options.confirmDeletion ? { transcriptionId, confirmDeletion: true } : { transcriptionId };
  return jobs.enqueue('hub.mirror-transcription', payload, { jobId: `mirror-${transcriptionId}` });
}

/** Failures in a row after which the queue is taken to be down and the run fails (it is retried). */
const failuresInARowToGiveUp = 10;

/**
 * For a run that queues many mirrors (reconciliation): queues one transcription's mirror and says
 * whether it did. A failure is logged and counted, not thrown, so one row never stops the run; a
 * queue that refuses many in a row fails it.
 */
export function queueingMirrors(ctx: Pick<HubContext, 'jobs' | 'logger'>, report: { enqueueFailed: number }) {
  let failuresInARow = 0;
  return async (transcriptionId: string, options: { confirmDeletion?: boolean } = {}): Promise<boolean> => {
    try {
      await enqueueMirror(ctx.jobs, transcriptionId, options);
      failuresInARow = 0;
      return true;
    } catch (error) {
      report.enqueueFailed += 1;
      failuresInARow += 1;
      if (failuresInARow >= failuresInARowToGiveUp) throw error;
      ctx.logger.warn({ err: error, transcriptionId }, 'could not queue a mirror; the next reconciliation tries again');
      return false;
    }
  };
}
