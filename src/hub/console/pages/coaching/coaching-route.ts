import type { Router } from 'express';
import { z } from 'zod';
import type { HubContext } from '../../../hub-context.js';
import { isAgent } from '../../../review/agent-scope.js';
import { acknowledgeCoachingNote, listCoachingNotes } from '../../../review/coaching/coaching-notes.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { viewerOf } from '../../auth/agent-access.js';
import { safeReturnPath } from '../../auth/sign-in.js';
import { consoleAction } from '../../console-form.js';
import { actorOf, frameOf, send } from '../../console-request.js';
import { coachingPage } from './coaching-view.js';

const NoteId = z.guid().transform((v) => v.toLowerCase());

/** /console/coaching (docs/console.md "Coaching"): notes, and the agent's acknowledgement. */
export function registerCoaching(router: Router, hub: HubContext): void {
  router.get('/coaching', async (req, res) => {
    const viewer = viewerOf(res);
    send(res, coachingPage(frameOf(req), { notes: await listCoachingNotes(hub.db, { viewer }), isAgent: isAgent(viewer) }));
  });

  router.post(
    '/coaching/:id/acknowledge',
    consoleAction('/console/coaching', async (req, res) => {
      const viewer = viewerOf(res);
      if (!isAgent(viewer)) throw new AppError('forbidden', "Only the call's agent acknowledges a coaching note");
      const id = NoteId.safeParse(req.params.id);
      if (!id.success) throw new AppError('not_found', 'No such coaching note');
      await acknowledgeCoachingNote(hub, { noteId: id.data, actor: actorOf(req), viewer });
      const back = (req.body as Record<string, unknown>).return_to;
      return { flash: 'Coaching note acknowledged.', to: back === undefined ? '/console/coaching' : safeReturnPath(back) };
    }),
  );
}
