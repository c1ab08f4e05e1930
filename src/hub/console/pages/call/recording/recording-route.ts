import { pipeline } from 'node:stream/promises';
import type { Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../../../../lib/errors/app-error.js';
import type { HubContext } from '../../../../hub-context.js';
import type { CallRecordings } from './call-recordings.js';
import { noRecordingSource } from './player-availability.js';

const CallId = z.guid().transform((v) => v.toLowerCase());

/**
 * GET /console/calls/:id/recording: the call's recording for the call view's player, streamed
 * from its source with the browser's Range header passed on (206 and Content-Range back), so
 * seeking in a long call fetches only what is played. Behind the console's session like every
 * page; never cached.
 */
export function registerRecordingRoute(router: Router, hub: HubContext, recordings: CallRecordings | undefined): void {
  router.get('/calls/:id/recording', async (req, res) => {
    const id = CallId.safeParse(req.params.id);
    if (!id.success) throw new AppError('not_found', 'No such call');
    if (!recordings) throw new AppError('not_found', noRecordingSource);
    const answer = await recordings.open(id.data, req.get('range'));
    res.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
    res.setHeader('Cache-Control', 'private, no-store');
    // A seek closes this request mid-stream; the source's stream is then closed with it.
    await pipeline(answer.body, res).catch((error: unknown) => {
      if (!res.destroyed && !res.writableFinished)
        hub.logger.warn({ err: error, transcriptionId: id.data }, 'recording stream to the console ended early');
      res.destroy();
    });
  });
}
