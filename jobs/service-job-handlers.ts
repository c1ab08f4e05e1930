import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import { handleDeliverWebhook } from './deliver-webhook.js';
import { handleExpireUpload } from './expire-upload.js';
import type { JobHandlersFor } from './job-handler.js';
import { handleProcessRecording } from './process-recording.js';
import { handlePurgeExpiredTranscriptions } from './purge-expired-transcriptions.js';
import { handleSweepProcessing } from './sweep-processing.js';

/** The built-in service's jobs. */
export function createServiceJobHandlers(ctx: ProcessingContext): JobHandlersFor<'service'> {
  return {
    'service.process-recording': handleProcessRecording(ctx),
    'service.deliver-webhook': handleDeliverWebhook(ctx),
    'service.expire-upload': handleExpireUpload(ctx),
    'service.purge-expired-transcriptions': handlePurgeExpiredTranscriptions(ctx),
    'service.sweep-processing': handleSweepProcessing(ctx),
  };
}
