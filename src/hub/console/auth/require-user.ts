import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../../../db.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { mayOperate, mayReview, type ConsoleRole } from '../users/console-user.js';

/**
 * Every console page and action needs a signed-in, active user. The user is read again on every
 * request (with the session, in the same query), so a deactivated user (or a changed role) takes effect at once; a session older than
 * the absolute lifetime ends. A page asked for without a session goes to sign-in and comes back.
 */
export function requireUser(deps: { db: Db; maxHours: number; now: () => Date }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const sessionUser = req.session.user;
    const expired = req.session.signedInAt !== undefined && deps.now().getTime() - req.session.signedInAt > deps.maxHours * 3_600_000;
    // The store read the user's row with the session (console-session.ts); another store falls back to a query.
    const loaded = req.session.loaded;
    const user =
      !sessionUser || expired ? null : loaded ? loaded.user : await deps.db.hubConsoleUser.findUnique({ where: { id: sessionUser.id } });
    if (!user || !user.isActive) {
      if (sessionUser) await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
      if (req.method === 'GET' || req.method === 'HEAD') {
        res.redirect(303, `/console/sign-in?next=${encodeURIComponent(req.originalUrl)}${expired ? '&expired=1' : ''}`);
        return;
      }
      throw new AppError('unauthorized', 'Sign in to the console first');
    }
    const current = { id: user.id, email: user.email, name: user.name, role: user.role as ConsoleRole };
    // Written back only when it changed (a new role or name), so an ordinary request only touches the session's expiry.
    if (!sessionUser || sessionUser.email !== current.email || sessionUser.name !== current.name || sessionUser.role !== current.role)
      req.session.user = current;
    next();
  };
}

/** Leads (and admins) act on reviews; viewers only read. */
export const requireLead: RequestHandler = (req, _res, next) => {
  if (!mayReview(req.session.user?.role)) throw new AppError('forbidden', 'Only a lead can do this: viewers have read-only access');
  next();
};

/** Integration changes need the admin role; leads and viewers read the operator pages. */
export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!mayOperate(req.session.user?.role)) throw new AppError('forbidden', 'Only an admin can do this: your role reads these pages only');
  next();
};
