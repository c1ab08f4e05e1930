import { z } from 'zod';
import { Name } from '../../../contract/common.js';
import type { HubConsoleUser } from '../../../generated/prisma/client.js';

/**
 * admin: everything a lead may, plus what changes the integration (replays, secret rotation, alert
 * routes, pulls, queue retries); lead: may act on reviews (group moves, overrides, notes,
 * calibration, disputes, coaching); viewer: reads only; agent: linked to one participant, sees only
 * that participant's calls and verdicts, disputes them and acknowledges coaching (docs/console.md, "Roles").
 */
export const consoleRoles = ['admin', 'lead', 'viewer', 'agent'] as const;
export const ConsoleRole = z.enum(consoleRoles);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/** Whether a role may act on reviews (group moves, overrides, notes): leads and admins. */
export const mayReview = (role: ConsoleRole | undefined) => role === 'lead' || role === 'admin';
/** Whether a role may change the integration (replays, secrets, routes, pulls, retries): admins only. */
export const mayOperate = (role: ConsoleRole | undefined) => role === 'admin';

/** Passwords: at least 12 characters (NIST SP 800-63B asks for 8 at least; leads hold the keys to the verdicts). */
export const ConsolePassword = z
  .string()
  .min(12, { error: 'password must be at least 12 characters' })
  .max(200, { error: 'password must be at most 200 characters' });

export const NewConsoleUser = z
  .object({
    email: z
      .email({ error: 'email must be an email address' })
      .max(200)
      .transform((v) => v.toLowerCase()),
    name: Name(100),
    role: ConsoleRole,
    password: ConsolePassword,
    /** The participant an agent is: required for the agent role, refused for the others. */
    participantId: z
      .guid({ error: 'participant must be a participant id (UUID)' })
      .transform((v) => v.toLowerCase())
      .optional(),
  })
  .superRefine((user, ctx) => {
    if (user.role === 'agent' && !user.participantId)
      ctx.addIssue({ code: 'custom', message: 'an agent must be linked to a participant (participant id)' });
    if (user.role !== 'agent' && user.participantId) ctx.addIssue({ code: 'custom', message: 'only an agent is linked to a participant' });
  });
export type NewConsoleUser = z.input<typeof NewConsoleUser>;

/** A user as the admin API and the CLI show it (never the hash). */
export const ConsoleUserWire = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: ConsoleRole,
  is_active: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  participant_id: z.string().nullable(),
});
export type ConsoleUserWire = z.infer<typeof ConsoleUserWire>;

export const toConsoleUserWire = (u: HubConsoleUser): ConsoleUserWire => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role as ConsoleRole,
  is_active: u.isActive,
  created_at: u.createdAt.toISOString(),
  deactivated_at: u.deactivatedAt?.toISOString() ?? null,
  last_sign_in_at: u.lastSignInAt?.toISOString() ?? null,
  participant_id: u.participantId,
});
