import type { Request, RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import type { OperationLimit } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';

/** Decides one request: sets the counters' headers, resolves when admitted, throws 429 or 503. */
export type RateLimitCheck = (req: Request, res: Response) => Promise<void>;

/**
 * Per account and operation: the spec's requests per minute with its burst, shared by every
 * process through Redis. Every answer carries X-RateLimit-Limit and X-RateLimit-Remaining.
 */
export function rateLimitCheck(limiter: RedisRateLimiter, bucket: string, limit: OperationLimit, logger: Logger): RateLimitCheck {
  const suffix = `:${bucket}`;
  const refusal = `Rate limit exceeded for ${bucket}: `;
  return async (req, res) => {
    let decision;
    try {
      decision = await limiter.check(req.accountId + suffix, limit);
    } catch (error) {
      logger.error({ err: error, requestId: req.requestId }, 'rate limiter unavailable');
      throw new AppError('unavailable', 'Service temporarily unavailable, retry shortly', { retryAfterSeconds: 1 });
    }
    res.setHeader('X-RateLimit-Limit', String(decision.limit));
    res.setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.admitted) {
      throw new AppError('rate_limited', `${refusal}${decision.limit} requests per minute`, {
        retryAfterSeconds: decision.waitMs / 1000,
      });
    }
  };
}

/** rateLimitCheck as a middleware: the request goes on only when admitted. */
export function rateLimit(limiter: RedisRateLimiter, bucket: string, limit: OperationLimit, logger: Logger): RequestHandler {
  const check = rateLimitCheck(limiter, bucket, limit, logger);
  return async (req, res, next) => {
    await check(req, res);
    next();
  };
}
