import { formatTimestamp } from '../format-timestamp.js';
import { defineOperation } from '../http/operation.js';
import { assertSupportedFormat, createSubmittedTranscription } from '../transcriptions/submission-checks.js';
import { generateUploadToken } from './upload-token.js';

/**
 * Starts an upload: the same checks as submit (the file name's extension instead of the URL's),
 * an IN_PROGRESS transcription, and a single-use URL that takes an HTTP PUT of the raw bytes for
 * 15 minutes. Processing starts when the upload completes; an upload that never comes FAILs the
 * transcription at expiry.
 */
export const requestUploadUrl = defineOperation('request-upload-url', async (input, { accountId, deps }) => {
  assertSupportedFormat(input.filename);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.settings.processing.uploadUrlTtlMs);
  const { token, hash } = generateUploadToken();
  const row = await createSubmittedTranscription(deps, accountId, input, now, {
    sourceFilename: input.filename,
    uploadTokenHash: hash,
    uploadExpiresAt: expiresAt,
  });
  await deps.jobs
    .enqueue(
      'service.expire-upload',
      { transcriptionId: row.id },
      {
        jobId: `upload-expiry-${row.id}`,
        delayMs: deps.settings.processing.uploadUrlTtlMs,
      },
    )
    .catch((error: unknown) =>
      deps.logger.error({ err: error, transcriptionId: row.id }, 'could not schedule upload expiry; the sweeper will catch it'),
    );
  return {
    message: 'Upload URL created: PUT the recording bytes to upload_url before expires_at',
    transcription_id: row.id,
    upload_url: `${deps.settings.publicBaseUrl}/uploads/${row.id}?token=${token}`,
    expires_at: formatTimestamp(expiresAt),
  };
});
