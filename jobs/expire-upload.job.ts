import { expireUpload } from '../src/service/uploads/expire-upload.js';
import type { ProcessingContext } from '../src/service/processing/processing-context.js';
import type { JobHandler } from '../src/queues/job-handler.js';

/** `service.expire-upload`: scheduled at request-upload-url for the URL's expiry. */
export function handleExpireUpload(ctx: ProcessingContext): JobHandler<'service.expire-upload'> {
  return async ({ transcriptionId }) => {
    await expireUpload(ctx, transcriptionId);
  };
}
