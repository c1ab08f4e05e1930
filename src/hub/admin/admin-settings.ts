/** The admin API's bearer token (ADMIN_TOKEN). */
import { z } from 'zod';

export const AdminSettings = z
  .object({
    /** Unset: generated once, kept in hub_settings, printed at start. */
    ADMIN_TOKEN: z.string().min(24, { error: 'must be at least 24 characters' }).optional(),
  })
  .transform((env) => ({ token: env.ADMIN_TOKEN ?? null }));
export type AdminSettings = z.infer<typeof AdminSettings>;
