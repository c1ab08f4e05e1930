import type { Router } from 'express';
import type { RedisRateLimiter } from '../../../../lib/rate-limit/redis-rate-limiter.js';
import type { HubContext } from '../../../hub-context.js';
import { csrfToken } from '../../auth/csrf.js';
import { safeReturnPath, signIn } from '../../auth/sign-in.js';
import type { ConsoleOptions } from '../../console-options.js';
import { send } from '../../console-request.js';
import { signInPage } from './sign-in-view.js';

const saved = (act: (done: (err?: Error) => void) => void) =>
  new Promise<void>((resolve, reject) => act((err) => (err ? reject(err) : resolve())));

/** Sign-in and sign-out (/console/sign-in, /console/sign-out): the only pages without a user. */
export function registerSignIn(router: Router, hub: HubContext, options: ConsoleOptions, limiter: RedisRateLimiter): void {
  const limits = { perEmail: options.settings.signInPerMinute, perAddress: options.settings.signInPerMinutePerAddress };

  router.get('/sign-in', (req, res) => {
    if (req.session.user) return res.redirect(303, safeReturnPath(req.query.next));
    const notice = req.query.expired ? 'Your session expired: sign in again.' : req.query.signed_out ? 'You are signed out.' : undefined;
    send(res, signInPage({ csrfToken: csrfToken(req), next: safeReturnPath(req.query.next), notice }));
  });

  router.post('/sign-in', async (req, res) => {
    const body = req.body as Record<string, unknown>;
    const email = typeof body.email === 'string' ? body.email : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const next = safeReturnPath(body.next);
    const outcome = await signIn(
      { db: hub.db, limiter, now: hub.now, limits },
      { email, password, address: req.socket.remoteAddress ?? 'unknown' },
    );
    if (outcome.kind !== 'signed_in') {
      const isLimited = outcome.kind === 'rate_limited';
      const error = isLimited ? `Too many sign-in attempts: try again in ${outcome.retryAfterSeconds} s.` : 'Wrong email or password.';
      if (isLimited) res.setHeader('Retry-After', String(outcome.retryAfterSeconds));
      send(res, signInPage({ csrfToken: csrfToken(req), next, email, error }), isLimited ? 429 : 401);
      return;
    }
    // A new session id at sign-in, so a session fixed before cannot be taken over.
    await saved((done) => req.session.regenerate(done));
    req.session.user = outcome.user;
    req.session.signedInAt = hub.now().getTime();
    csrfToken(req);
    await saved((done) => req.session.save(done));
    hub.logger.info({ userId: outcome.user.id }, 'console sign-in');
    res.redirect(303, next);
  });

  router.post('/sign-out', async (req, res) => {
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie('convoqa_console', { path: '/console' });
    res.redirect(303, '/console/sign-in?signed_out=1');
  });
}
