/** The hub's webhook receiver (HUB_WEBHOOK_*): how webhooks are verified, and how large they may be. */
import { z } from 'zod';
import { wholeNumber } from '../../lib/config/env-types.js';

export const ReceiverSettings = z
  .object({
    /**
     * The upstream's Standard Webhooks signing secret (`whsec_…`). When set, the receiver accepts only
     * signed webhooks. Unset with the built-in upstream: the secret of the hub's own account is used.
     */
    HUB_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]+$/, { error: 'expected whsec_ followed by base64' })
      .optional(),
    /**
     * The secret token in the receiver URLs (for an upstream that does not sign), 24 to 200
     * characters: it is the only thing that keeps strangers from feeding the mirror. Default:
     * generated once (hub_settings).
     */
    HUB_WEBHOOK_TOKEN: z
      .string()
      .min(24, {
        error: (issue) =>
          `must be at least 24 characters (got ${typeof issue.input === 'string' ? issue.input.length : 0}); a long random token, e.g. \`openssl rand -hex 24\``,
      })
      .max(200, { error: 'must be at most 200 characters' })
      .optional(),
    /** Largest webhook body the receiver reads. */
    HUB_WEBHOOK_BODY_LIMIT_BYTES: wholeNumber({ min: 1 }).default(65_536),
  })
  .transform((env) => ({
    secret: env.HUB_WEBHOOK_SECRET ?? null,
    token: env.HUB_WEBHOOK_TOKEN ?? null,
    bodyLimitBytes: env.HUB_WEBHOOK_BODY_LIMIT_BYTES,
  }));
export type ReceiverSettings = z.infer<typeof ReceiverSettings>;
