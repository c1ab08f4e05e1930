import type { Db } from '../../../db.js';
import type { RedisRateLimiter } from '../../../lib/rate-limit/redis-rate-limiter.js';
import type { ConsoleRole } from '../users/console-user.js';
import { decoyPasswordHash, verifyPassword } from '../users/password-hash.js';
import type { ConsoleSessionUser } from './console-session.js';

export type SignInOutcome =
  | { kind: 'signed_in'; user: ConsoleSessionUser }
  | { kind: 'refused' }
  | { kind: 'rate_limited'; retryAfterSeconds: number };

/**
 * Checks an email and password. Attempts are rate-limited per email and per client address
 * (Redis, shared by every web process) before the password is looked at; an unknown or
 * deactivated email costs the same argon2 verification as a wrong password, and all three get the
 * same answer.
 */
export async function signIn(
  deps: { db: Db; limiter: RedisRateLimiter; now: () => Date; limits: { perEmail: number; perAddress: number } },
  input: { email: string; password: string; address: string },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const [byEmail, byAddress] = await Promise.all([
    deps.limiter.check(`email:${email}`, { perMinute: deps.limits.perEmail, burst: deps.limits.perEmail }),
    deps.limiter.check(`address:${input.address}`, { perMinute: deps.limits.perAddress, burst: deps.limits.perAddress }),
  ]);
  if (!byEmail.admitted || !byAddress.admitted) {
    return { kind: 'rate_limited', retryAfterSeconds: Math.max(1, Math.ceil(Math.max(byEmail.waitMs, byAddress.waitMs) / 1000)) };
  }
  const user = await deps.db.hubConsoleUser.findUnique({ where: { email } });
  const isValid = await verifyPassword(user?.passwordHash ?? (await decoyPasswordHash()), input.password);
  if (!user || !user.isActive || !isValid) return { kind: 'refused' };
  await deps.db.hubConsoleUser.update({ where: { id: user.id }, data: { lastSignInAt: deps.now() } });
  return { kind: 'signed_in', user: { id: user.id, email: user.email, name: user.name, role: user.role as ConsoleRole } };
}

/** Where to go after sign-in: only a console path of this site (never another host). */
export function safeReturnPath(next: unknown): string {
  if (typeof next !== 'string' || !/^\/console(?:[/?#]|$)/.test(next) || next.includes('\\') || next.includes('//')) return '/console';
  return next;
}
