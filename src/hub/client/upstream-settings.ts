/** The Conversation API the hub calls (UPSTREAM_*): the vendor's deployment, or this one's own /api. */
import { z } from 'zod';
import { httpUrl, wholeNumber } from '../../lib/config/env-types.js';

export function upstreamSettingsSchema(context: { publicBaseUrl: string }) {
  const builtInApi = `${context.publicBaseUrl}/api`;
  return z
    .object({
      /** The upstream's base URL; default: the built-in API served by this deployment at PUBLIC_BASE_URL/api. */
      UPSTREAM_BASE_URL: httpUrl().optional(),
      /** Its API key. Optional for the built-in upstream: the hub then provisions its own key. */
      UPSTREAM_API_KEY: z.string().trim().min(1).optional(),
      /** Time-out of one attempt of an upstream call, in milliseconds. */
      UPSTREAM_TIMEOUT_MS: wholeNumber({ min: 1 }).default(30_000),
    })
    .transform((env) => {
      const baseUrl = (env.UPSTREAM_BASE_URL ?? builtInApi).replace(/\/+$/, '');
      return {
        baseUrl,
        /** Null: the hub provisions its own (built-in upstream only; checked when the client is first needed). */
        apiKey: env.UPSTREAM_API_KEY ?? null,
        timeoutMs: env.UPSTREAM_TIMEOUT_MS,
        /** The upstream is this deployment's own /api (so the hub may provision its key there). */
        isBuiltIn: baseUrl === builtInApi,
      };
    });
}
export type UpstreamSettings = z.infer<ReturnType<typeof upstreamSettingsSchema>>;
