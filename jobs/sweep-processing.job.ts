import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { sweepProcessing } from '../src/service/processing/sweep-processing.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `service.sweep-processing`: every minute (clock). */
export function handleSweepProcessing(ctx: ProcessingContext): JobHandler<'service.sweep-processing'> {
  return async () => {
    const report = await sweepProcessing(ctx);
    if (Object.values(report).some((n) => n > 0)) ctx.logger.warn(report, 'sweeper repaired processing state');
  };
}
