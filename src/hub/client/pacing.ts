/**
 * Client-side pacing: before every attempt the client takes the next slot of a token bucket with
 * the upstream's limits for that operation (a little less burst, see pacingRule), and waits for it. With Redis the
 * bucket is shared by every hub process using the same upstream account; without it, by the
 * callers of this process only.
 */
import { createHash } from 'node:crypto';
import type { Redis } from '../../redis.js';
import type { Logger } from 'pino';
import type { OperationLimit } from '../../contract/operations.js';
import { RedisRateLimiter, type RateLimitRule } from '../../lib/rate-limit/redis-rate-limiter.js';

export interface Pacer {
  /** Takes the next slot of the bucket; resolves with the milliseconds to wait before sending. */
  reserve(key: string, rule: RateLimitRule): Promise<number>;
}

/**
 * The client's rule for an operation: the upstream's rate and burst times the (test-only) scale,
 * less a margin of burst. The upstream's bucket starts when the client's first request *arrives*,
 * the client's when it is *reserved*; if that first request is slow (a cold TLS connection, a busy
 * event loop) the upstream's schedule runs behind the client's by that delay, and a request sent
 * on the client's schedule would be refused. Leaving `m` requests of burst unused absorbs a delay
 * of up to m intervals: m = ceil(marginMs / interval), at least 1, so that at least one request of
 * burst remains.
 */
export function pacingRule(limit: OperationLimit, options: { scale?: number; marginMs?: number } = {}): RateLimitRule {
  const scale = options.scale ?? 1;
  const perMinute = limit.perMinute * scale;
  const burst = Math.max(1, Math.round(limit.burst * scale));
  const margin = Math.max(1, Math.ceil((options.marginMs ?? 0) / (60_000 / perMinute)));
  return { perMinute, burst: Math.max(1, burst - margin) };
}

/**
 * One bucket per upstream account and operation: a hash of base URL, API key and canonical
 * operation name (the key itself never reaches Redis), so two processes with the same upstream
 * account share it and aliases share their operation's bucket.
 */
export function pacingKey(baseUrl: string, apiKey: string, operation: string): string {
  return createHash('sha256').update(`${baseUrl}\n${apiKey}\n${operation}`).digest('hex').slice(0, 40);
}

/** GCRA in process memory, the same algorithm as the Redis script. */
export class MemoryPacer implements Pacer {
  private readonly tats = new Map<string, number>();

  constructor(private readonly now: () => number = () => performance.timeOrigin + performance.now()) {}

  reserve(key: string, rule: RateLimitRule): Promise<number> {
    const now = this.now();
    const interval = 60_000 / rule.perMinute;
    const tat = Math.max(this.tats.get(key) ?? now, now);
    const next = tat + interval;
    this.tats.set(key, next);
    return Promise.resolve(Math.max(0, next - interval * rule.burst - now));
  }
}

/**
 * GCRA in Redis (src/lib/rate-limit), shared by every process. When Redis cannot be reached the
 * client paces in memory instead and says so once: the upstream still enforces its limits and
 * its 429s are retried, so a Redis outage slows the hub down rather than stopping it.
 */
export class RedisPacer implements Pacer {
  private readonly limiter: RedisRateLimiter;
  private readonly fallback = new MemoryPacer();
  private degraded = false;

  constructor(
    redis: Redis,
    private readonly options: { prefix: string; logger?: Logger },
  ) {
    // The client scales its rules itself (pacingRule), so the limiter's own scale stays 1.
    this.limiter = new RedisRateLimiter(redis, { prefix: options.prefix });
  }

  async reserve(key: string, rule: RateLimitRule): Promise<number> {
    try {
      const decision = await this.limiter.reserve(key, rule);
      if (this.degraded) {
        this.degraded = false;
        this.options.logger?.info('upstream pacing is shared through Redis again');
      }
      return decision.waitMs;
    } catch (error) {
      if (!this.degraded) {
        this.degraded = true;
        this.options.logger?.warn({ err: error }, 'Redis unreachable: pacing upstream calls in this process only');
      }
      return this.fallback.reserve(key, rule);
    }
  }
}
