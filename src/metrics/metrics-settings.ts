/** The Prometheus endpoint (docs/metrics.md): its bearer token, and the port worker and clock processes serve it on. */
import { z } from 'zod';
import { wholeNumber } from '../lib/config/env-types.js';

export const MetricsSettings = z
  .object({
    /** Bearer token for GET /metrics. Unset: the admin API's token. */
    METRICS_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
    /** Worker and clock processes serve their own /metrics on this port (same token). Unset: they serve none. */
    METRICS_PORT: wholeNumber({ min: 1, max: 65_535 }).optional(),
  })
  .transform((env) => ({ token: env.METRICS_TOKEN ?? null, port: env.METRICS_PORT ?? null }));
export type MetricsSettings = z.infer<typeof MetricsSettings>;
