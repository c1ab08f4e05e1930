import type { Request, Router } from 'express';
import type { HubContext } from '../../../hub-context.js';
import { isAgent } from '../../../review/agent-scope.js';
import { addCoachingNote } from '../../../review/coaching/coaching-notes.js';
import { openDispute } from '../../../review/disputes/open-dispute.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { viewerOf } from '../../auth/agent-access.js';
import { requireLead } from '../../auth/require-user.js';
import { consoleAction } from '../../console-form.js';
import { actorOf } from '../../console-request.js';
import { textField } from '../../form-text.js';
import { parseCallId } from '../call/call-id.js';

const formOf = (kind: 'dispute' | 'coaching') => (req: Request) =>
  `/console/calls/${parseCallId(req.params.id)}#${kind}-${parseCallId(req.params.criterionId)}`;

/** The call view's dispute (agents) and coaching (leads) forms (docs/console.md "Disputes", "Coaching"); a refusal is flashed at the criterion. */
export function registerCallWorkflows(router: Router, hub: HubContext): void {
  router.post(
    '/calls/:id/disputes/:criterionId',
    consoleAction(formOf('dispute'), async (req, res) => {
      const viewer = viewerOf(res);
      if (!isAgent(viewer)) throw new AppError('forbidden', "Only the call's agent disputes a verdict");
      await openDispute(hub, {
        transcriptionId: parseCallId(req.params.id),
        criterionId: parseCallId(req.params.criterionId),
        reason: textField(req.body, 'reason'),
        proposedVerdict: textField(req.body, 'proposed'),
        actor: actorOf(req),
        viewer,
      });
      return { flash: 'Dispute sent: a lead will accept or reject it.', to: formOf('dispute')(req) };
    }),
  );

  router.post(
    '/calls/:id/coaching/:criterionId',
    requireLead,
    consoleAction(formOf('coaching'), async (req) => {
      await addCoachingNote(hub, {
        transcriptionId: parseCallId(req.params.id),
        criterionId: parseCallId(req.params.criterionId),
        body: textField(req.body, 'body'),
        actor: actorOf(req),
      });
      return { flash: 'Coaching note added: the agent sees it on their call and on Coaching.', to: formOf('coaching')(req) };
    }),
  );
}
