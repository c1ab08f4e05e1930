import { DelayedError } from 'bullmq';
import { AccountBusyError, processRecording } from '../src/service/processing/process-recording.js';
import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { isLastAttempt, type JobHandler } from '../src/queues/job-handler.js';

/** `service.process-recording`: when the account's 25 slots are busy, the job waits 2 s and tries again. */
export function handleProcessRecording(ctx: ProcessingContext): JobHandler<'service.process-recording'> {
  return async ({ transcriptionId }, job, token) => {
    try {
      await processRecording(ctx, transcriptionId, { isLast: isLastAttempt(job) });
    } catch (error) {
      if (!(error instanceof AccountBusyError)) throw error;
      await job.moveToDelayed(Date.now() + 2_000 + Math.floor(Math.random() * 1_000), token);
      throw new DelayedError();
    }
  };
}
