import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Express } from 'express';

/** Takes a request (and answers it) or leaves it: true when it took it. */
export type FrontHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Puts `front` before Express's dispatch: every request the app is given (by a server, supertest,
 * or a test's own server) is offered to `front` first, on Node's own request and response, and goes
 * to Express only when `front` leaves it. Express's app function calls `app.handle(req, res, next)`
 * for every request; `handle` swaps the prototypes of Node's request and response for Express's
 * own, which makes Node's HTTP code much slower on them (docs/performance.md, "Serving in front of
 * Express"), so it has to be wrapped rather than preceded by a middleware. A mounted app passes
 * `next` (its request already Express's) and is never offered.
 */
export function serveBeforeExpress(app: Express, front: FrontHandler): void {
  const dispatching = app as unknown as { handle: (req: IncomingMessage, res: ServerResponse, next?: unknown) => void };
  const dispatchByExpress = dispatching.handle.bind(app);
  dispatching.handle = (req, res, next) => {
    if (next === undefined && front(req, res)) return;
    dispatchByExpress(req, res, next);
  };
}
