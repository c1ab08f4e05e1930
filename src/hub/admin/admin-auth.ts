import { createHash, timingSafeEqual } from 'node:crypto';
import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors/app-error.js';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * `Authorization: Bearer <ADMIN_TOKEN>`, compared in constant time (both sides hashed first, so
 * the comparison does not even reveal the token's length). 401 otherwise.
 */
export function requireAdminToken(token: () => Promise<string>): RequestHandler {
  return async (req, res, next) => {
    const header = req.get('authorization') ?? '';
    const presented = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!presented || !timingSafeEqual(digest(presented), digest(await token()))) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="convoqa-admin"');
      throw new AppError(
        'unauthorized',
        presented ? 'Invalid admin token' : 'Missing admin token: send Authorization: Bearer <ADMIN_TOKEN>',
      );
    }
    next();
  };
}
