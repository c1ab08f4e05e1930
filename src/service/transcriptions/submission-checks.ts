import path from 'node:path';
import { parsePeriodDate, supportedAudioExtensions } from '../../contract/transcriptions.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';
import { lockAccount } from '../accounts/lock-account.js';
import type { ServiceDeps } from '../service-deps.js';

/**
 * The extension of a file name or URL path, if it is a supported recording format. The message
 * starts as the vendor's (`Unsupported audio format`) and goes on with what to do.
 */
export function assertSupportedFormat(fileName: string, source: 'url' | 'filename' = 'filename'): string {
  const extension = path.extname(fileName).slice(1).toLowerCase();
  if (!(supportedAudioExtensions as readonly string[]).includes(extension)) {
    const found = extension ? `".${extension}"` : 'no extension';
    const where = source === 'url' ? "the URL's path" : 'filename';
    throw new AppError(
      'unsupported_format',
      `Unsupported audio format: ${where} has ${found}; it must end in one of .${supportedAudioExtensions.join(', .')} (the check is on the extension only, before anything is downloaded)`,
    );
  }
  return extension;
}

/** configuration_id, participant_id and evaluator_id of a submission exist in the account (else 404). */
async function resolveSubmissionRefs(
  deps: ServiceDeps,
  accountId: string,
  refs: { configuration_id: string; participant_id?: string; evaluator_id?: string },
): Promise<{ configurationTag: string }> {
  const [configuration, participant, evaluator] = await Promise.all([
    deps.db.configuration.findFirst({ where: { id: refs.configuration_id, accountId }, select: { tag: true } }),
    refs.participant_id ? deps.db.participant.findFirst({ where: { id: refs.participant_id, accountId }, select: { id: true } }) : true,
    refs.evaluator_id ? deps.db.evaluator.findFirst({ where: { id: refs.evaluator_id, accountId }, select: { id: true } }) : true,
  ]);
  if (!configuration) throw new AppError('not_found', `Configuration not found: ${refs.configuration_id}`);
  if (!participant) throw new AppError('not_found', `Participant not found: ${refs.participant_id}`);
  if (!evaluator) throw new AppError('not_found', `Evaluator not found: ${refs.evaluator_id}`);
  return { configurationTag: configuration.tag };
}

/**
 * Refuses a submission when the account already has the maximum waiting in queue (queued, not
 * yet picked up by a worker). Runs inside the creating transaction, under the account lock.
 */
async function assertQueueHasRoom(tx: Prisma.TransactionClient, accountId: string, maxWaiting: number): Promise<void> {
  const waiting = await tx.transcription.count({
    where: { accountId, status: 'IN_PROGRESS', queuedAt: { not: null }, processingStartedAt: null },
  });
  if (waiting >= maxWaiting) {
    throw new AppError('queue_full', `Maximum of ${maxWaiting} transcriptions waiting in queue reached; retry when some have started`, {
      retryAfterSeconds: 30,
    });
  }
}

/** Enqueues processing after the transaction commits; if Redis is down, the sweeper enqueues it later. */
export async function enqueueProcessing(deps: ServiceDeps, transcriptionId: string): Promise<void> {
  try {
    await deps.jobs.enqueue('service.process-recording', { transcriptionId }, { jobId: `rec-${transcriptionId}` });
  } catch (error) {
    deps.logger.error({ err: error, transcriptionId }, 'could not enqueue processing; the sweeper will retry');
  }
}

/** What submit and request-upload-url share in a new transcription; `source` is where its bytes come from. */
export interface SubmittedTranscription {
  configuration_id: string;
  participant_id?: string;
  evaluator_id?: string;
  name?: string;
  period_date?: string;
}

/**
 * Checks the referenced resources (404), then, under the account lock, the queue (429), and stores
 * the IN_PROGRESS transcription (period_date sets created_at). Shared by submit and uploads.
 */
export async function createSubmittedTranscription(
  deps: ServiceDeps,
  accountId: string,
  input: SubmittedTranscription,
  now: Date,
  source: { sourceUrl: string; queuedAt: Date } | { sourceFilename: string; uploadTokenHash: string; uploadExpiresAt: Date },
): Promise<{ id: string }> {
  const { configurationTag } = await resolveSubmissionRefs(deps, accountId, input);
  return deps.db.$transaction(async (tx) => {
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
        ...source,
        createdAt: input.period_date ? (parsePeriodDate(input.period_date) as Date) : now,
        submittedAt: now,
      },
      select: { id: true },
    });
  });
}
