import type { RequestHandler } from 'express';
import { AppError } from '../../lib/errors/app-error.js';
import type { ServiceDeps } from '../service-deps.js';
import { consumeMonthlyQuota } from './consume-monthly-quota.js';
import { formatResetInstant } from './quota-month.js';

/**
 * The monthly quota of an analytics operation (spec Limits). Mounted after the rate limiter and
 * before JSON parsing, so (docs/decisions.md) a request the rate limiter refused uses no quota, and
 * every other one uses a call, even a 400 for bad dates, a 404 or an empty result.
 * Refused: 429 quota_exceeded with Retry-After up to 00:00 UTC on the 1st of next month.
 */
export function meterMonthlyQuota(deps: ServiceDeps, operation: string, limit: number): RequestHandler {
  return async (req, _res, next) => {
    const now = deps.now();
    const decision = await consumeMonthlyQuota(deps.db, { accountId: req.accountId as string, operation, limit, now });
    if (!decision.isAdmitted) {
      throw new AppError(
        'quota_exceeded',
        `Monthly quota of ${limit} ${operation} calls exhausted; resets ${formatResetInstant(decision.resetsAt)}`,
        { retryAfterSeconds: (decision.resetsAt.getTime() - now.getTime()) / 1000 },
      );
    }
    next();
  };
}
