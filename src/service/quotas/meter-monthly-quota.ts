import type { OperationLimit } from '../../contract/operations.js';
import { AppError } from '../../lib/errors/app-error.js';
import { hashTag } from '../../lib/redis/hash-tag.js';
import type { RedisRateLimiter } from '../../lib/rate-limit/redis-rate-limiter.js';
import type { LimitCheck } from '../http/rate-limit.js';
import type { ServiceDeps } from '../service-deps.js';
import { readMonthlyQuotaUse, recordMonthlyQuotaUse } from './monthly-quota-ledger.js';
import { findQuotaMonth, formatResetInstant } from './quota-month.js';

/** Redis keeps a month's counter this long past the month's end (clocks differ a little). */
const counterGraceSeconds = 86_400;

/**
 * The rate limit and the monthly quota of an analytics operation (spec Limits), decided in one
 * Redis round trip (RedisRateLimiter.checkWithQuota). Decided before JSON parsing, so
 * (docs/decisions.md) a request the rate limiter refused uses no quota, and every other one uses a
 * call, even a 400 for bad dates, a 404 or an empty result.
 *
 * Redis holds the month's counter; PostgreSQL's ledger (monthly-quota-ledger.ts) is written with
 * Redis's count before the call goes on, and seeds the counter whenever Redis has none, so a Redis
 * that restarts empty carries on from the recorded count instead of handing out a fresh month
 * (docs/performance.md, "Rate limit and quota in one round trip").
 * Refused: 429 rate_limited, or 429 quota_exceeded with Retry-After up to 00:00 UTC on the 1st of next month.
 */
export function rateLimitAndMeterQuota(
  deps: ServiceDeps,
  limiter: RedisRateLimiter,
  operation: string,
  rule: OperationLimit,
  quotaLimit: number,
): LimitCheck {
  return async (accountId, requestId, setHeader) => {
    const now = deps.now();
    const { key: month, resetsAt } = findQuotaMonth(now);
    const entry = { accountId, operation, month };
    // Both keys carry the account's hash tag: one script reads them, so on a Redis Cluster they
    // must share a slot (docs/operations.md "Redis topologies").
    const account = hashTag(accountId);
    let decision;
    try {
      decision = await limiter.checkWithQuota(`${account}:${operation}`, rule, {
        key: `quota:${account}:${operation}:${month}`,
        limit: quotaLimit,
        ttlSeconds: (resetsAt.getTime() - now.getTime()) / 1000 + counterGraceSeconds,
        readSeed: () => readMonthlyQuotaUse(deps.db, entry),
      });
    } catch (error) {
      // Redis, or PostgreSQL when the counter had to be seeded: retry shortly either way.
      deps.logger.error({ err: error, requestId }, 'rate limit and quota unavailable');
      throw new AppError('unavailable', 'Service temporarily unavailable, retry shortly', { retryAfterSeconds: 1 });
    }
    setHeader('X-RateLimit-Limit', String(decision.limit));
    setHeader('X-RateLimit-Remaining', String(decision.remaining));
    if (decision.isQuotaExhausted) {
      throw new AppError(
        'quota_exceeded',
        `Monthly quota of ${quotaLimit} ${operation} calls exhausted; resets ${formatResetInstant(resetsAt)}`,
        { retryAfterSeconds: (resetsAt.getTime() - now.getTime()) / 1000 },
      );
    }
    if (!decision.admitted) {
      throw new AppError('rate_limited', `Rate limit exceeded for ${operation}: ${decision.limit} requests per minute`, {
        retryAfterSeconds: decision.waitMs / 1000,
      });
    }
    await recordMonthlyQuotaUse(deps.db, { ...entry, used: decision.used });
  };
}
