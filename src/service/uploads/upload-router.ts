import path from 'node:path';
import express, { type Router } from 'express';
import { Id } from '../../contract/common.js';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import type { ServiceDeps } from '../service-deps.js';
import { RecordingTooLargeError, recordingKey } from '../storage/recording-storage.js';
import { enqueueProcessing } from '../transcriptions/submission-checks.js';
import { hashUploadToken } from './upload-token.js';

const refused = () => new AppError('forbidden', 'This upload URL is invalid, expired or already used');

/**
 * PUT /uploads/:transcriptionId?token=…: the raw recording bytes, streamed to storage with the
 * size cap. The URL works once: it is claimed while the bytes stream in (a second PUT at the same
 * time is refused) and spent when they are stored; a failed upload releases it for another try.
 */
export function createUploadRouter(deps: ServiceDeps): Router {
  const router = express.Router();
  router.put('/:transcriptionId', async (req, res) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const transcriptionId = req.params.transcriptionId;
    if (!token || !Id.safeParse(transcriptionId).success) throw refused();
    const maxBytes = deps.settings.processing.maxRecordingBytes;
    const declared = Number(req.get('content-length') ?? Number.NaN);
    if (declared > maxBytes) throw new AppError('payload_too_large', new RecordingTooLargeError(maxBytes).message);

    const hash = hashUploadToken(token);
    const now = deps.now();
    const claimed = await deps.db.transcription.updateMany({
      where: { id: transcriptionId, uploadTokenHash: hash, uploadStartedAt: null, uploadExpiresAt: { gt: now }, status: 'IN_PROGRESS' },
      data: { uploadStartedAt: now },
    });
    if (claimed.count === 0) throw refused();
    const row = await deps.db.transcription.findUniqueOrThrow({
      where: { id: transcriptionId },
      select: { accountId: true, sourceFilename: true },
    });
    const extension =
      path
        .extname(row.sourceFilename ?? '')
        .slice(1)
        .toLowerCase() || 'bin';
    const key = recordingKey(row.accountId, transcriptionId, extension);
    let bytes: number;
    try {
      ({ bytes } = await deps.storage.write(key, req, { maxBytes }));
      if (bytes === 0) throw new AppError('invalid_value', 'The upload is empty: PUT the recording bytes');
    } catch (error) {
      await deps.storage.delete(key).catch(() => undefined);
      await deps.db.transcription.updateMany({ where: { id: transcriptionId, uploadTokenHash: hash }, data: { uploadStartedAt: null } });
      if (error instanceof RecordingTooLargeError) throw new AppError('payload_too_large', error.message);
      throw error;
    }
    await deps.db.transcription.update({
      where: { id: transcriptionId },
      data: { recordingKey: key, uploadTokenHash: null, queuedAt: deps.now() },
    });
    await enqueueProcessing(deps, transcriptionId);
    res.status(200).json({ data: { message: 'Recording received; processing has started', transcription_id: transcriptionId, bytes } });
  });
  router.use(createErrorHandler(deps.logger));
  return router;
}
