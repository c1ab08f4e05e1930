import { z } from 'zod';
import { readSamplingRule, SamplingRule } from '../../review/sampling/sampling-rule.js';
import { setSamplingRule } from '../../review/sampling/set-sampling-rule.js';
import { defineAdminRoute } from '../admin-route.js';

const SamplingAnswer = z.object({
  share: z.number().describe('Percent of each participant’s non-critical COMPLETED calls per ISO week put in the review queue (0: off)'),
  seed: z.string().describe('The same seed and calls always give the same sample'),
  sampled_calls: z.number().int().describe('Calls sampled now (in the queue or already moved on)'),
});

const sampledCount = (db: Parameters<typeof setSamplingRule>[0]) => db.hubTranscription.count({ where: { sampled: true } });

/** The review sampling rule (docs/console.md "Sampling"), read and set by automation. */
export const samplingRoutes = [
  defineAdminRoute({
    method: 'get',
    path: '/review/sampling',
    summary: 'The sampling rule that puts a share of non-critical calls per participant per week into the review queue',
    tag: 'review',
    response: SamplingAnswer,
    async handle(_input, ctx) {
      const [rule, sampled] = await Promise.all([readSamplingRule(ctx.db), sampledCount(ctx.db)]);
      return { ...rule, sampled_calls: sampled };
    },
  }),
  defineAdminRoute({
    method: 'put',
    path: '/review/sampling',
    summary: 'Sets the sampling rule and picks the sampled calls again under it (seeded, reproducible)',
    tag: 'review',
    body: SamplingRule,
    response: SamplingAnswer,
    async handle({ body }, ctx) {
      const { rule, sampledCalls } = await setSamplingRule(ctx.db, body, ctx.now());
      return { ...rule, sampled_calls: sampledCalls };
    },
  }),
];
