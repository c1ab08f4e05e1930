import type { Request, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../../../lib/errors/app-error.js';
import type { HubContext } from '../../../hub-context.js';
import { movableGroups, moveGroups } from '../../../review/move-groups.js';
import type { QueueChoicesCache } from '../../../review/queue-choices-cache.js';
import { findReviewQueue, QueueFilters } from '../../../review/review-queue.js';
import { requireLead } from '../../auth/require-user.js';
import { safeReturnPath } from '../../auth/sign-in.js';
import { consoleAction, listOf, parseInput } from '../../console-form.js';
import { listReviewers } from '../../../review/assignment/assign-calls.js';
import { readAssignmentRule } from '../../../review/assignment/assignment-rule.js';
import { setAssignmentRule } from '../../../review/assignment/set-assignment-rule.js';
import { readSamplingRule, SamplingRuleForm } from '../../../review/sampling/sampling-rule.js';
import { setSamplingRule } from '../../../review/sampling/set-sampling-rule.js';
import type { ConsoleOptions } from '../../console-options.js';
import { actorOf, frameOf, send } from '../../console-request.js';
import { parseSelectedCallIds } from '../call/call-id.js';
import { queuePage } from './queue-view.js';

type Flash = NonNullable<Request['session']['flash']>;

/** The assignment rule as the queue page's form sends it: the ticked reviewers (none: off). */
const AssignmentRuleForm = z.object({
  reviewers: z.preprocess(
    listOf,
    z.array(z.guid({ error: 'choose reviewers from the list' }).transform((id) => id.toLowerCase())).max(100),
  ),
});

/** What a bulk move did, in one line: how many moved, and which failed and why. */
function moveFlash(outcome: Awaited<ReturnType<typeof moveGroups>>, group: (typeof movableGroups)[number]): Flash {
  if (outcome.failed.length) {
    const failures = outcome.failed.map((f) => `${f.id.slice(0, 8)} (${f.message})`).join(', ');
    return { kind: 'error', text: `Moved ${outcome.moved.length}; ${outcome.failed.length} failed: ${failures}` };
  }
  const calls = `${outcome.moved.length} call${outcome.moved.length === 1 ? '' : 's'}`;
  return { kind: 'ok', text: `Moved ${calls} to ${group === 'ARCHIVED' ? 'Archived' : 'Under review'} (upstream and in the hub).` };
}

/** The review queue (/console) and its bulk move, the lead's start page. */
export function registerQueue(router: Router, hub: HubContext, options: ConsoleOptions, choices: QueueChoicesCache): void {
  router.get('/', async (req, res) => {
    const filters = parseInput(QueueFilters, req.query, 'Invalid filter');
    const [page, sampling, assignment, reviewers] = await Promise.all([
      findReviewQueue(hub.db, filters, { choices, pool: options.pool, viewerId: req.session.user?.id }),
      readSamplingRule(hub.db),
      readAssignmentRule(hub.db),
      listReviewers(options.pool),
    ]);
    send(res, queuePage(frameOf(req), filters, page, { sampling, assignment, reviewers }));
  });

  router.post(
    '/queue/assignment',
    requireLead,
    consoleAction('/console', async (req) => {
      const form = parseInput(AssignmentRuleForm, req.body, 'Invalid assignment rule');
      const { rule, assignedNow } = await setAssignmentRule(hub.db, { reviewerIds: form.reviewers }, hub.now());
      const saved = rule.reviewerIds.length === 0 ? 'Assignment by rule is off.' : 'Assignment rule saved';
      return {
        flash: rule.reviewerIds.length === 0 ? saved : `${saved}: ${assignedNow} waiting call${assignedNow === 1 ? '' : 's'} assigned now.`,
        to: '/console',
      };
    }),
  );

  router.post(
    '/queue/sampling',
    requireLead,
    consoleAction('/console', async (req) => {
      const { sampledCalls } = await setSamplingRule(hub.db, parseInput(SamplingRuleForm, req.body, 'Invalid sampling rule'), hub.now());
      choices.clear();
      return { flash: `Sampling rule saved: ${sampledCalls} call${sampledCalls === 1 ? ' is' : 's are'} sampled.`, to: '/console' };
    }),
  );

  // A refused move is flashed on the list it was made from (its return_to), not a page of its own.
  router.post(
    '/queue/move',
    requireLead,
    consoleAction('/console', async (req) => {
      const body = req.body as Record<string, unknown>;
      const group = z.enum(movableGroups).safeParse(body.group);
      if (!group.success) throw new AppError('invalid_value', 'Choose Under review or Archived');
      const ids = parseSelectedCallIds(body);
      const outcome = await moveGroups(hub, ids, group.data, actorOf(req));
      choices.clear();
      const flash = moveFlash(outcome, group.data);
      return { flash: flash.text, kind: flash.kind, to: safeReturnPath(body.return_to) };
    }),
  );
}
