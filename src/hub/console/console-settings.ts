/** The console's settings (CONSOLE_*): session lifetimes and sign-in limits. */
import { z } from 'zod';
import { wholeNumber } from '../../lib/config/env-types.js';

export const ConsoleSettings = z
  .object({
    /** Signs the session cookie. Unset: generated once and kept in hub_settings (every process agrees). */
    CONSOLE_SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
    /** A session unused this long expires (every request renews it). */
    CONSOLE_SESSION_IDLE_MINUTES: wholeNumber({ min: 1, max: 7 * 24 * 60 }).default(8 * 60),
    /** A session expires this long after sign-in, however active. */
    CONSOLE_SESSION_MAX_HOURS: wholeNumber({ min: 1, max: 24 * 90 }).default(7 * 24),
    /** Sign-in attempts per minute for one email (a burst of as many, then this steady rate). */
    CONSOLE_SIGNIN_PER_MINUTE: wholeNumber({ min: 1, max: 1_000 }).default(5),
    /** Sign-in attempts per minute from one client address, whatever the email. */
    CONSOLE_SIGNIN_PER_MINUTE_PER_ADDRESS: wholeNumber({ min: 1, max: 10_000 }).default(30),
  })
  .transform((env) => ({
    sessionSecret: env.CONSOLE_SESSION_SECRET ?? null,
    idleMinutes: env.CONSOLE_SESSION_IDLE_MINUTES,
    maxHours: env.CONSOLE_SESSION_MAX_HOURS,
    signInPerMinute: env.CONSOLE_SIGNIN_PER_MINUTE,
    signInPerMinutePerAddress: env.CONSOLE_SIGNIN_PER_MINUTE_PER_ADDRESS,
  }));
export type ConsoleSettings = z.infer<typeof ConsoleSettings>;
