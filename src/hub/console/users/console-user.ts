import { z } from 'zod';
import { Name } from '../../../contract/common.js';
import type { HubConsoleUser } from '../../../generated/prisma/client.js';

/**
 * admin: everything a lead may, plus what changes the integration (replays, secret rotation, alert
 * routes, pulls, queue retries); lead: may act on reviews (group moves, overrides, notes); viewer: reads only.
 */
export const consoleRoles = ['admin', 'lead', 'viewer'] as const;
export const ConsoleRole = z.enum(consoleRoles);
export type ConsoleRole = z.infer<typeof ConsoleRole>;

/** Whether a role may act on reviews (group moves, overrides, notes): leads and admins. */
export const mayReview = (role: ConsoleRole | undefined) => role === 'lead' || role === 'admin';
/** Whether a role may change the integration (replays, secrets, routes, pulls, retries): admins only. */
export const mayOperate = (role: ConsoleRole | undefined) => role === 'admin';


/** Passwords: at least 12 characters (NIST SP 800-63B asks for 8 at least; leads hold the keys to the verdicts). */
export const ConsolePassword = z.string().min(12, { error: 'password must be at least 12 characters' }).max(200, { error: 'password must be at most 200 characters' });

export const NewConsoleUser = z.object({
  email: z.email({ error: 'email must be an email address' }).max(200).transform((v) => v.toLowerCase()),
  name: Name(100),
  role: ConsoleRole,
  password: ConsolePassword,
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
});
