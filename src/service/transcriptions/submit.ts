import { parsePeriodDate } from '../../contract/transcriptions.js';
import { AppError } from '../../lib/errors/app-error.js';
import { lockAccount } from '../accounts/lock-account.js';
import { defineOperation } from '../http/operation.js';
import { assertQueueHasRoom, assertSupportedFormat, enqueueProcessing, resolveSubmissionRefs } from './submission-checks.js';

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
  assertSupportedFormat(decodeURIComponent(url.pathname));
  const { configurationTag } = await resolveSubmissionRefs(deps, accountId, input);
  const now = deps.now();
  const row = await deps.db.$transaction(async (tx) => {
    await lockAccount(tx, accountId);
    await assertQueueHasRoom(tx, accountId, deps.settings.processing.maxWaitingPerAccount);
    return tx.transcription.create({
      data: {
        accountId,
        configurationId: input.configuration_id,
        configurationTag,
        name: input.name ?? null,
        participantId: input.participant_id ?? null,
        evaluatorId: input.evaluator_id ?? null,
        sourceUrl: url.toString(),
        createdAt: input.period_date ? (parsePeriodDate(input.period_date) as Date) : now,
        submittedAt: now,
        queuedAt: now,
      },
      select: { id: true },
    });
  });
  await enqueueProcessing(deps, row.id);
  return { message: 'Transcription submitted successfully', transcription_id: row.id };
});
