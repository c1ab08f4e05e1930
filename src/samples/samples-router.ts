/**
 * GET /samples/<name>.wav: the sample calls of src/samples/sample-calls.ts, made on first request.
 * They live on the service's own address, which its download guard always allows, so first calls
 * and `npm run demo` need no private-address setting and no second server.
 */
import { Router } from 'express';
import { AppError } from '../lib/errors/app-error.js';
import { isSampleName, type SampleStore } from './sample-store.js';

export function createSamplesRouter(store: SampleStore): Router {
  const router = Router();
  router.get('/:file', async (req, res) => {
    const name = /^([\w-]+)\.wav$/.exec(req.params.file)?.[1] ?? '';
    if (!isSampleName(name)) throw new AppError('not_found', `No sample call ${req.params.file}; try /samples/support-call.wav`);
    let file: string;
    try {
      file = await store.file(name);
    } catch (error) {
      throw new AppError('unavailable', 'The sample call could not be made (are espeak-ng and sox installed? npm run setup:system)', {
        cause: error,
      });
    }
    res.type('audio/wav').sendFile(file);
  });
  return router;
}
