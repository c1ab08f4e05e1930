import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExtractionFieldSpec, RecognitionHints } from '../../engine/engine-types.js';
import { transcriptRedactionOf, type TranscriptRedaction } from '../configurations/configuration-redaction.js';
import { recordingKey } from '../storage/recording-storage.js';
import { toneOutStoredRecording } from './tone-out-stored-recording.js';
import { analyseConversation, type AnalysisSettings } from './analyse-conversation.js';
import { decodeRecording } from './decode-recording.js';
import { downloadRecording } from './download-recording.js';
import type { ProcessingContext } from './processing-context.js';
import { ProcessingError } from './processing-error.js';
import { probeRecording } from './probe-recording.js';
import { recordCompleted, recordFailed } from './record-outcome.js';
import { redactOutcome } from './redact-outcome.js';
import { describeFailureForLog, errorForRetry } from './redacted-log.js';
import { requeueUnattemptedDeliveries } from '../webhooks/webhook-deliveries.js';

/** All of the account's processing slots are busy: try again a little later. */
export class AccountBusyError extends Error {
  override name = 'AccountBusyError';
}

export type ProcessingOutcome = 'completed' | 'failed' | 'skipped';

/**
 * One recording, end to end: download (URL submissions), probe, decode, transcribe, analyse,
 * store, notify. Safe to run again after a crash: for a transcription that is no longer
 * IN_PROGRESS it only queues again the webhook deliveries its outcome left unqueued (a worker
 * killed between the outcome's commit and the queueing), it reuses a recording already
 * downloaded, and stores the outcome only once. The recording stays in storage, completed or
 * failed, for as long as the transcription (docs/console.md, "The recording").
 * A permanent failure (or any failure on the last attempt) ends the transcription FAILED.
 */
export async function processRecording(
  ctx: ProcessingContext,
  transcriptionId: string,
  attempt: { isLast: boolean },
): Promise<ProcessingOutcome> {
  const transcription = await ctx.db.transcription.findUnique({ where: { id: transcriptionId } });
  if (!transcription) return 'skipped';
  if (transcription.status !== 'IN_PROGRESS') {
    // A retry of the job that stored the outcome: its worker may have died before queueing the webhook.
    const requeued = await requeueUnattemptedDeliveries(ctx, transcription.id);
    if (requeued) ctx.logger.info({ transcriptionId, deliveries: requeued }, 'outcome already stored; its webhook deliveries queued again');
    return 'skipped';
  }
  const subject = {
    id: transcription.id,
    accountId: transcription.accountId,
    configurationId: transcription.configurationId,
    name: transcription.name,
  };
  const lease = await ctx.slots.acquire(transcription.accountId, transcription.id);
  if (!lease)
    throw new AccountBusyError(`account ${transcription.accountId} has ${ctx.limits.maxConcurrentPerAccount} recordings in progress`);
  const workDir = await mkdtemp(path.join(tmpdir(), 'convoqa-'));
  let redaction: TranscriptRedaction | null = null;
  try {
    if (!transcription.processingStartedAt) {
      await ctx.db.transcription.update({ where: { id: transcription.id }, data: { processingStartedAt: ctx.now() } });
    }
    const key = await ensureRecordingStored(ctx, transcription);
    const settings = await loadAnalysisSettings(ctx, transcription);
    redaction = settings.redaction;
    const { duration, transcript } = await ctx.storage.withLocalFile(key, async (file) => {
      const probed = await probeRecording(file, ctx.limits.maxDurationSeconds);
      const decoded = await decodeRecording(file, workDir, {
        stereo: (probed.channels ?? 1) >= 2,
        maxDurationSeconds: ctx.limits.maxDurationSeconds,
      });
      const text = await ctx.engines.speechToText.transcribe(decoded, settings.hints);
      return { duration: Math.round(decoded.durationSeconds * 100) / 100, transcript: text };
    });
    // Judged on the unmasked transcript; only the masked outcome is stored (docs/redaction.md).
    const analysis = await analyseConversation(ctx.engines, transcript, settings.analysis);
    const { segments, summary, fields, evaluation, timeSpans } = redaction
      ? redactOutcome(transcript.segments, analysis, redaction)
      : { segments: transcript.segments, ...analysis, timeSpans: [] };
    if (redaction?.audio) await toneOutStoredRecording(ctx, transcription, key, timeSpans, workDir);
    const stored = await recordCompleted(ctx, subject, {
      duration,
      language: transcript.language,
      numSpeakers: new Set(transcript.segments.map((s) => s.speaker)).size,
      conversation: { segments },
      summary,
      fields,
      evaluation,
    });
    return stored ? 'completed' : 'skipped';
  } catch (error) {
    if (error instanceof AccountBusyError) throw error;
    const failure =
      error instanceof ProcessingError
        ? error
        : new ProcessingError('processing_failed', 'The recording could not be processed', false, { cause: error });
    if (!failure.permanent && !attempt.isLast) throw errorForRetry(error, redaction);
    ctx.logger.warn({ transcriptionId, code: failure.code, err: describeFailureForLog(error, redaction) }, 'transcription failed');
    const stored = await recordFailed(ctx, subject, { code: failure.code, message: failure.message });
    return stored ? 'failed' : 'skipped';
  } finally {
    await lease.release().catch(() => undefined);
    await rm(workDir, { recursive: true, force: true });
  }
}

/** The stored recording's key: uploaded already, downloaded by an earlier attempt, or downloaded now. */
async function ensureRecordingStored(
  ctx: ProcessingContext,
  transcription: { id: string; accountId: string; sourceUrl: string | null; recordingKey: string | null },
): Promise<string> {
  if (transcription.recordingKey && (await ctx.storage.exists(transcription.recordingKey))) return transcription.recordingKey;
  if (!transcription.sourceUrl) throw new ProcessingError('processing_failed', 'The uploaded recording is missing from storage');
  const extension = path.extname(new URL(transcription.sourceUrl).pathname).slice(1).toLowerCase() || 'bin';
  const key = recordingKey(transcription.accountId, transcription.id, extension);
  await downloadRecording(transcription.sourceUrl, ctx.storage, key, {
    timeoutMs: ctx.limits.downloadTimeoutMs,
    connectTimeoutMs: ctx.limits.downloadConnectTimeoutMs,
    idleTimeoutMs: ctx.limits.downloadIdleTimeoutMs,
    maxBytes: ctx.limits.maxRecordingBytes,
    network: ctx.limits,
    http: ctx.http,
  });
  await ctx.db.transcription.update({ where: { id: transcription.id }, data: { recordingKey: key } });
  return key;
}

/** The configuration and evaluator as they are now (either may have been deleted since submission). */
async function loadAnalysisSettings(
  ctx: ProcessingContext,
  transcription: { accountId: string; configurationId: string; evaluatorId: string | null; createdAt: Date },
): Promise<{ hints: RecognitionHints; analysis: AnalysisSettings; redaction: TranscriptRedaction | null }> {
  const [configuration, evaluator] = await Promise.all([
    ctx.db.configuration.findFirst({ where: { id: transcription.configurationId, accountId: transcription.accountId } }),
    transcription.evaluatorId
      ? ctx.db.evaluator.findFirst({
          where: { id: transcription.evaluatorId, accountId: transcription.accountId },
          include: { criteria: { orderBy: { position: 'asc' } } },
        })
      : null,
  ]);
  const fields = (configuration?.extractionFields as ExtractionFieldSpec[] | undefined) ?? [];
  const domainText = [
    ...(evaluator ? [evaluator.context, evaluator.description, ...evaluator.criteria.map((c) => `${c.name}. ${c.description}`)] : []),
    ...fields.map((f) => `${f.name.replace(/_/g, ' ')}. ${f.description}`),
  ].filter((text) => text.trim() !== '');
  return {
    redaction: transcriptRedactionOf(configuration?.redaction),
    hints: { vocabulary: configuration?.vocabulary ?? [], domainText },
    analysis: {
      summary: configuration?.summary
        ? { enabled: true, instruction: configuration.customSummary, language: configuration.summaryLanguage }
        : null,
      extractionFields: fields,
      evaluator: evaluator
        ? {
            tag: evaluator.tag,
            context: evaluator.context,
            language: evaluator.language,
            criteria: evaluator.criteria.map((c) => ({
              id: c.id,
              name: c.name,
              description: c.description,
              type: c.type,
              weight: c.weight,
            })),
          }
        : null,
      recordedAt: transcription.createdAt,
    },
  };
}
