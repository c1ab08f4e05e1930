import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Echoed in X-Request-Id and in the log lines of this request. */
      requestId: string;
    }
  }
}

const acceptableId = /^[\w.-]{1,100}$/;

/** A sane incoming X-Request-Id (a proxy's), or a new one. */
export const requestIdFrom = (incoming: string | undefined): string => (incoming && acceptableId.test(incoming) ? incoming : randomUUID());

/** Adopts a sane incoming X-Request-Id (a proxy's) or makes one. */
export function assignRequestId(): RequestHandler {
  return (req, res, next) => {
    req.requestId = requestIdFrom(req.get('x-request-id'));
    res.setHeader('X-Request-Id', req.requestId);
    next();
  };
}
