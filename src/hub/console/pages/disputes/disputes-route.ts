import type { Request, Router } from 'express';
import { z } from 'zod';
import type { HubContext } from '../../../hub-context.js';
import { DisputeFilters, listDisputes } from '../../../review/disputes/list-disputes.js';
import { resolveDispute } from '../../../review/disputes/resolve-dispute.js';
import { AppError } from '../../../../lib/errors/app-error.js';
import { viewerOf } from '../../auth/agent-access.js';
import { requireLead } from '../../auth/require-user.js';
import { consoleAction, parseInput } from '../../console-form.js';
import { safeReturnPath } from '../../auth/sign-in.js';
import { actorOf, frameOf, send } from '../../console-request.js';
import { mayReview } from '../../users/console-user.js';
import { disputesPage, statusLabel } from './disputes-view.js';

const DisputeId = z.guid().transform((v) => v.toLowerCase());
const disputeIdOf = (req: Request) => {
  const parsed = DisputeId.safeParse(req.params.id);
  if (!parsed.success) throw new AppError('not_found', 'No such dispute');
  return parsed.data;
};
const ResolveForm = z.object({
  outcome: z.string({ error: 'Choose an outcome' }),
  verdict: z.string().optional(),
  note: z.string({ error: 'A note is required' }),
});

/** /console/disputes (docs/console.md "Disputes"): the list with filters and age; leads resolve. */
export function registerDisputes(router: Router, hub: HubContext): void {
  router.get('/disputes', async (req, res) => {
    const filters = parseInput(DisputeFilters, req.query, 'Invalid filter');
    const page = await listDisputes(hub.db, filters, hub.now(), viewerOf(res));
    send(
      res,
      disputesPage(frameOf(req), {
        disputes: page.rows,
        nextCursor: page.nextCursor,
        filters,
        canResolve: mayReview(req.session.user?.role),
      }),
    );
  });

  /** The list the form was on, with its filters (its `return_to`), or the open disputes. */
  const listOf = (req: Request) => {
    const to = (req.body as Record<string, unknown> | undefined)?.return_to;
    return typeof to === 'string' && /^\/console\/disputes(?:\?|$)/.test(to) ? safeReturnPath(to) : '/console/disputes?status=open';
  };
  const back = (req: Request) => `${listOf(req)}#dispute-${disputeIdOf(req)}`;
  router.post(
    '/disputes/:id/resolve',
    requireLead,
    consoleAction(back, async (req) => {
      const form = parseInput(ResolveForm, req.body, 'Cannot resolve the dispute');
      const outcome = await resolveDispute(hub, {
        disputeId: disputeIdOf(req),
        outcome: form.outcome,
        verdict: form.verdict || undefined,
        note: form.note,
        actor: actorOf(req),
      });
      return { flash: `Dispute ${statusLabel(outcome.dispute.status).toLowerCase()}.`, to: listOf(req) };
    }),
  );
}
