import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { gcraScript } from './gcra.lua.js';

export interface RateLimitRule {
  /** Steady rate. */
  perMinute: number;
  /** Requests that may arrive at once before the steady rate applies. */
  burst: number;
}

export interface RateLimitDecision {
  admitted: boolean;
  /** The steady per-minute rate, for X-RateLimit-Limit. */
  limit: number;
  /** Requests still admissible at once after this one. */
  remaining: number;
  /** Refused: when to try again. Reserved: how long to wait before sending. */
  waitMs: number;
}

const scriptSha = createHash('sha1').update(gcraScript).digest('hex');

/** Token-bucket limits shared through Redis by every process (see gcra.lua.ts). */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly options: { prefix: string; scale?: number },
  ) {}

  /** Admits the request now or refuses it (the server side). */
  check(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.run(key, rule, '0');
  }

  /** Takes the next free slot and says how long to wait for it (the client side). */
  reserve(key: string, rule: RateLimitRule): Promise<RateLimitDecision> {
    return this.run(key, rule, '1');
  }

  /** The rule as enforced, after the test-only scale factor. */
  effectiveRule(rule: RateLimitRule): RateLimitRule {
    const scale = this.options.scale ?? 1;
    return { perMinute: rule.perMinute * scale, burst: Math.max(1, Math.round(rule.burst * scale)) };
  }

  private async run(key: string, rule: RateLimitRule, mode: '0' | '1'): Promise<RateLimitDecision> {
    const effective = this.effectiveRule(rule);
    const intervalMicros = Math.max(1, Math.floor(60_000_000 / effective.perMinute));
    const args = [`${this.options.prefix}${key}`, intervalMicros, effective.burst, mode] as const;
    const [admitted, remaining, waitMicros] = (await this.evaluate(args)) as [number, number, number];
    return {
      admitted: admitted === 1,
      limit: Math.round(effective.perMinute),
      remaining,
      waitMs: Math.ceil(waitMicros / 1000),
    };
  }

  private async evaluate(args: readonly [string, number, number, string]): Promise<unknown> {
    const [key, ...argv] = args;
    try {
      return await this.redis.evalsha(scriptSha, 1, key, ...argv);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(gcraScript, 1, key, ...argv);
    }
  }
}
