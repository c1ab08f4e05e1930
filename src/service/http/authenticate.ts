import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import type { ApiKeyCache } from '../accounts/api-key-cache.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by authenticate(): the account the API key belongs to. */
      accountId?: string;
    }
  }
}

/** 403 for a missing, wrong, deactivated or deleted key, and for an Authorization header instead. */
export function authenticate(apiKeys: ApiKeyCache): RequestHandler {
  return async (req, _res, next) => {
    const key = req.get('x-api-key');
    if (!key) {
      throw new AppError(
        'forbidden',
        req.get('authorization')
          ? 'The Authorization header is not accepted: send the API key in x-api-key'
          : 'Missing API key: send it in the x-api-key header',
      );
    }
    const accountId = await apiKeys.resolve(key);
    if (!accountId) throw new AppError('forbidden', 'Invalid API key');
    req.accountId = accountId;
    next();
  };
}
