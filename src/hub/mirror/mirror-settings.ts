/** The mirror's reconciliation schedule (HUB_RECONCILE_CRON). */
import { z } from 'zod';
import { cronExpression } from '../../lib/config/env-types.js';

export const MirrorSettings = z
  .object({
    /** When reconciliation runs (node-cron, UTC; a six-field form with seconds works too). */
    HUB_RECONCILE_CRON: cronExpression().default('*/5 * * * *'),
  })
  .transform((env) => ({ reconcileCron: env.HUB_RECONCILE_CRON }));
export type MirrorSettings = z.infer<typeof MirrorSettings>;
