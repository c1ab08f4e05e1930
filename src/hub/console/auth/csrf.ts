import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, RequestHandler } from 'express';
import { AppError } from '../../../lib/errors/app-error.js';

/**
 * Synchronizer-token CSRF protection: a random token kept in the session, put in every form (a
 * hidden `_csrf` field) and in the page's meta tag for scripts (`X-CSRF-Token`). Every request
 * that is not GET or HEAD must send it back; SameSite=Lax cookies are the second fence.
 */
export function csrfToken(req: Request): string {
  req.session.csrfToken ??= randomBytes(32).toString('base64url');
  return req.session.csrfToken;
}

const sameToken = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export const requireCsrfToken: RequestHandler = (req, _res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  const expected = req.session.csrfToken;
  const body = req.body as Record<string, unknown> | undefined;
  const sent = req.get('x-csrf-token') ?? (typeof body?._csrf === 'string' ? body._csrf : undefined);
  if (!expected || !sent || !sameToken(expected, sent)) {
    throw new AppError('forbidden', 'Missing or invalid CSRF token: reload the page and try again');
  }
  next();
};
