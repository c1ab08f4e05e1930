import type { Logger } from 'pino';
import type { OperationLimit } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { hashTag } from '../../lib/redis/hash-tag.js';
import type { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';

/** Sets one answer header (machine-surface.ts writes them all at once). */
export type SetHeader = (name: string, value: string) => void;

/**
 * Decides one request of `accountId`: sets the counters' headers, resolves when admitted, throws
 * 429 or 503. Takes no request or response: the caller writes the headers.
 */
export type LimitCheck = (accountId: string, requestId: string, setHeader: SetHeader) => Promise<void>;

/**
 * Per account and operation: the spec's requests per minute with its burst, shared by every
 * process through Redis. Every answer carries X-RateLimit-Limit and X-RateLimit-Remaining. The
 * bucket's key carries the account's hash tag, as its quota counters do (meter-monthly-quota.ts),
 * so an account's limits live on one node of a Redis Cluster.
 */
export function rateLimitCheck(limiter: RedisRateLimiter, bucket: string, limit: OperationLimit, logger: Logger): LimitCheck {
  const suffix = `:${bucket}`;
  const refusal = `Rate limit exceeded for ${bucket}: `;
  return async (accountId, requestId, setHeader) => {
    let decision;
    try {
      decision = await limiter.check(hashTag(accountId) + suffix, limit);
    } catch (error) {
      logger.error({ err: error, requestId }, 'rate limiter unavailable');
      throw new AppError('unavailable', 'Service temporarily unavailable, retry shortly', { retryAfterSeconds: 1 });
    }
    setHeader('X-RateLimit-Limit', String(decision.limit));
    setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (!decision.admitted) {
      throw new AppError('rate_limited', `${refusal}${decision.limit} requests per minute`, {
        retryAfterSeconds: decision.waitMs / 1000,
      });
    }
  };
}
