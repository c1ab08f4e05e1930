import { z } from 'zod';
import { lowerBoundOf } from '../../../contract/dates.js';
import { loadAiHumanKappa } from '../../review/agreement/ai-human-agreement.js';
import { checkDayRange, lastMomentOfDay, optionalFilterDay, startOfDay } from '../../review/day-filter.js';
import { loadDisputeFigures } from '../../review/disputes/list-disputes.js';
import { defineAdminRoute } from '../admin-route.js';

const dayString = (d: Date) => d.toISOString().slice(0, 10);

/** The dashboard's agreement figures (docs/console.md, "Agreement"), for automation. */
export const agreementRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/agreement',
    summary:
      "AI-vs-human Cohen's kappa per criterion on reviewed calls (with its monthly trend), and disputes per criterion with their outcomes",
    tag: 'review',
    query: z.object({ from: optionalFilterDay, to: optionalFilterDay, evaluator_id: z.guid().optional() }).superRefine(checkDayRange),
    response: z.object({
      from: z.string(),
      to: z.string(),
      criteria: z.array(
        z.object({
          name: z.string(),
          reviewed: z.number().int(),
          kappa: z.number().nullable(),
          months: z.array(z.object({ month: z.string(), reviewed: z.number().int(), kappa: z.number().nullable() })),
        }),
      ),
      disputes: z.array(
        z.object({
          criterion: z.string(),
          total: z.number().int(),
          open: z.number().int(),
          accepted: z.number().int(),
          partly_accepted: z.number().int(),
          rejected: z.number().int(),
        }),
      ),
    }),
    async handle({ query }, ctx) {
      const to = query.to ?? dayString(ctx.now());
      const from = query.from ?? dayString(lowerBoundOf(new Date(startOfDay(to).getTime() - 364 * 86_400_000)));
      const range = { start: startOfDay(from), end: lastMomentOfDay(to), evaluator: query.evaluator_id };
      const [criteria, disputes] = await Promise.all([loadAiHumanKappa(ctx.db, range), loadDisputeFigures(ctx.db, range)]);
      return {
        from,
        to,
        criteria,
        disputes: disputes.map((d) => ({
          criterion: d.criterion,
          total: d.total,
          open: d.open,
          accepted: d.accepted,
          partly_accepted: d.partlyAccepted,
          rejected: d.rejected,
        })),
      };
    },
  }),
];
