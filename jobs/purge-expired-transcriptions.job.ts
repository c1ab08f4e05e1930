import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { purgeExpiredTranscriptions } from '../src/service/retention/purge-expired-transcriptions.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `service.purge-expired-transcriptions`: daily (clock). */
export function handlePurgeExpiredTranscriptions(ctx: ProcessingContext): JobHandler<'service.purge-expired-transcriptions'> {
  return async () => {
    const deleted = await purgeExpiredTranscriptions(ctx);
    ctx.logger.info({ deleted }, 'retention: deleted transcriptions submitted over a year ago');
  };
}
