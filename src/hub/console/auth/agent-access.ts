import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Db } from '../../../db.js';
import { AppError } from '../../../lib/errors/app-error.js';
import { assertCallVisible, isAgent, type Viewer } from '../../review/agent-scope.js';

/**
 * The paths an agent may use (docs/console.md, "Roles"): their calls' view and recording, their
 * disputes and coaching notes; anything else answers 404, as if it did not exist.
 */
const agentPaths: RegExp[] = [
  /^\/my-calls\/?$/,
  /^\/disputes\/?$/,
  /^\/coaching\/?$/,
  /^\/coaching\/[^/]+\/acknowledge$/,
  /^\/calls\/([^/]+)(\/recording(\/.*)?)?$/,
  /^\/calls\/([^/]+)\/disputes\/[^/]+$/,
];
const callPath = /^\/calls\/([^/]+)/;

/** The viewer requireUser's user is, as agent-scope.ts needs it: set by agentAccess. */
export const viewerOf = (res: Response): Viewer => (res.locals.viewer as Viewer | undefined) ?? { role: 'viewer', participantId: null };

/**
 * After requireUser: records who is looking (with an agent's participant) and keeps an agent to
 * the allow-list, and on a call's paths to their own participant's calls.
 */
export function agentAccess(deps: { db: Db }): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const role = req.session.user?.role ?? 'viewer';
    if (role !== 'agent') {
      res.locals.viewer = { role, participantId: null } satisfies Viewer;
      next();
      return;
    }
    const user = await deps.db.hubConsoleUser.findUnique({ where: { id: req.session.user?.id ?? '' }, select: { participantId: true } });
    const viewer: Viewer = { role, participantId: user?.participantId ?? null };
    res.locals.viewer = viewer;
    // The queue is not theirs: signing in lands an agent on their calls.
    if (req.path === '/' && req.method === 'GET') {
      res.redirect(303, '/console/my-calls');
      return;
    }
    if (!agentPaths.some((p) => p.test(req.path))) throw new AppError('not_found', `No console page ${req.path}`);
    const callId = callPath.exec(req.path)?.[1];
    if (callId && isAgent(viewer)) {
      if (!/^[0-9a-f-]{36}$/i.test(callId)) throw new AppError('not_found', `No mirrored call ${callId}`);
      await assertCallVisible(deps.db, viewer, callId.toLowerCase());
    }
    next();
  };
}
