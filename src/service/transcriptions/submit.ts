import { AppError } from '../../lib/errors/app-error.js';
import { defineOperation } from '../http/operation.js';
import { assertSupportedFormat, createSubmittedTranscription, enqueueProcessing } from './submission-checks.js';

/**
 * Checks, in the spec's order: required fields and period_date (the request schema, before any
 * download), the URL's extension, the referenced resources (404), the queue (429). Then stores an
 * IN_PROGRESS transcription and answers at once, whatever the URL does.
 */
export const submit = defineOperation('submit', async (input, { accountId, deps }) => {
  let url: URL;
  try {
    url = new URL(input.url);
  } catch {
    throw new AppError('invalid_value', 'Invalid url: expected an absolute http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('invalid_value', 'Invalid url: expected an absolute http(s) URL');
  }
  assertSupportedFormat(decodeURIComponent(url.pathname), 'url');
  const now = deps.now();
  const row = await createSubmittedTranscription(deps, accountId, input, now, { sourceUrl: url.toString(), queuedAt: now });
  await enqueueProcessing(deps, row.id);
  return { message: 'Transcription submitted successfully', transcription_id: row.id };
});
