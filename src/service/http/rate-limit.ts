import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import type { OperationLimit } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';

/**
 * Per account and operation: the spec's requests per minute with its burst, shared by every
 * process through Redis. Every answer carries X-RateLimit-Limit and X-RateLimit-Remaining.
 */
export function rateLimit(limiter: RedisRateLimiter, bucket: string, limit: OperationLimit, logger: Logger): RequestHandler {
  return async (req, res, next) => {
    let decision;
    try {
      decision = await limiter.check(`${req.accountId}:${bucket}`, limit);
    } catch (error) {
      logger.error({ err: error, requestId: req.requestId }, 'rate limiter unavailable');
      throw new AppError('unavailable', 'Service temporarily unavailable, retry shortly', { retryAfterSeconds: 1 });
    }
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.admitted) {
      throw new AppError('rate_limited', `Rate limit exceeded for ${bucket}: ${decision.limit} requests per minute`, {
        retryAfterSeconds: decision.waitMs / 1000,
      });
    }
    next();
  };
}
