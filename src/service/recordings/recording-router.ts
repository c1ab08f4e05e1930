import { pipeline } from 'node:stream/promises';
import express, { type Router } from 'express';
import { Id } from '../../contract/common.js';
import { AppError } from '../../lib/errors/app-error.js';
import { createErrorHandler } from '../../lib/http/error-handler.js';
import { contentRange, readByteRange } from '../../lib/http/byte-range.js';
import { authenticate } from '../http/authenticate.js';
import type { ServiceDeps } from '../service-deps.js';
import { recordingContentType } from './recording-content-type.js';

/**
 * GET /recordings/:transcriptionId: the stored recording of one of the key's account's
 * transcriptions, with Range support. An extension of the built-in service, outside /api (whose
 * paths are the vendor's operations); the hub's console plays calls through it
 * (docs/console.md, "The recording").
 */
export function createRecordingRouter(deps: ServiceDeps): Router {
  const router = express.Router();
  router.get('/:transcriptionId', async (req, res) => {
    const accountId = await authenticate(deps.apiKeys, req.headers);
    const transcriptionId = req.params.transcriptionId;
    const row = Id.safeParse(transcriptionId).success
      ? await deps.db.transcription.findFirst({ where: { id: transcriptionId, accountId }, select: { recordingKey: true, status: true } })
      : null;
    if (!row) throw new AppError('not_found', `Transcription not found: ${transcriptionId}`);
    const stored = row.recordingKey ? await deps.storage.stat(row.recordingKey) : null;
    if (!row.recordingKey || !stored) {
      throw new AppError(
        'not_found',
        row.status === 'IN_PROGRESS'
          ? `The recording of transcription ${transcriptionId} has not arrived yet`
          : `Transcription ${transcriptionId} has no stored recording: it was never downloaded or uploaded`,
      );
    }
    const range = readByteRange(req.get('range'), stored.bytes);
    res.setHeader('Accept-Ranges', 'bytes');
    res.setHeader('Cache-Control', 'private, no-store');
    const rangeHeader = contentRange(range, stored.bytes);
    if (rangeHeader) res.setHeader('Content-Range', rangeHeader);
    if (range.kind === 'unsatisfiable') {
      res.status(416).end();
      return;
    }
    res.status(range.kind === 'part' ? 206 : 200);
    res.setHeader('Content-Type', recordingContentType(row.recordingKey));
    res.setHeader('Content-Length', String(range.kind === 'part' ? range.end - range.start + 1 : stored.bytes));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    // A listener that seeks closes the connection mid-file: the pipeline's error then only ends the read.
    await pipeline(deps.storage.openRead(row.recordingKey, range.kind === 'part' ? range : undefined), res).catch((error: unknown) => {
      if (!res.destroyed && !res.writableFinished) deps.logger.warn({ err: error, transcriptionId }, 'recording stream failed');
      res.destroy();
    });
  });
  router.use(createErrorHandler(deps.logger));
  return router;
}
