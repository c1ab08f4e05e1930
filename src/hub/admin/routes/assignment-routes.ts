import { z } from 'zod';
import { readAssignmentRule } from '../../review/assignment/assignment-rule.js';
import { setAssignmentRule } from '../../review/assignment/set-assignment-rule.js';
import { defineAdminRoute } from '../admin-route.js';

const AssignmentRuleBody = z.object({
  reviewer_ids: z
    .array(z.guid({ error: 'each reviewer is a console user id' }), { error: 'reviewer_ids is a list of console user ids' })
    .max(100, { error: 'at most 100 reviewers' })
    .describe('Active leads or admins of the console who take the calls entering the review queue in turn; empty: off'),
});

const AssignmentRuleAnswer = z.object({
  reviewer_ids: z.array(z.string()).describe('The reviewers calls are shared out to, in turn (empty: off)'),
  assigned_now: z.number().int().optional().describe('After a change: the waiting unassigned calls it assigned at once'),
});

/** The assignment rule (docs/console.md "Assignment"), read and set by automation. */
export const assignmentRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/review/assignment',
    summary: 'The rule that shares calls entering the review queue out to reviewers in turn',
    tag: 'review',
    response: AssignmentRuleAnswer,
    async handle(_input, ctx) {
      const rule = await readAssignmentRule(ctx.db);
      return { reviewer_ids: rule.reviewerIds };
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/review/assignment',
    summary: 'Sets the assignment rule and shares out the calls already waiting unassigned',
    tag: 'review',
    body: AssignmentRuleBody,
    response: AssignmentRuleAnswer,
    async handle({ body }, ctx) {
      const ids = [...new Set(body.reviewer_ids.map((id) => id.toLowerCase()))];
      const { rule, assignedNow } = await setAssignmentRule(ctx.db, { reviewerIds: ids }, ctx.now());
      return { reviewer_ids: rule.reviewerIds, assigned_now: assignedNow };
    },
  }),
];
