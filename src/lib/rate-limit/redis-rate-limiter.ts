import { createHash } from 'node:crypto';
import { gcraScript } from './gcra.lua.js';
import { gcraWithQuotaScript } from './gcra-with-quota.lua.js';
import { assertOneSlot } from '../redis/hash-tag.js';
import type { Redis } from '../redis/redis-client.js';

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

/** A counted allowance checked with the rate limit (checkWithQuota). */
export interface QuotaCounter {
  /**
   * The counter's key (under the limiter's prefix), one per account, operation and period. It must
   * carry the same hash tag as the bucket's key (one script reads both: one slot on a cluster).
   */
  key: string;
  limit: number;
  /** How long Redis keeps the counter: past the end of its period. */
  ttlSeconds: number;
  /**
   * The durable count to start from when Redis has no counter (first call of the period in this
   * Redis, or a Redis restarted empty): without it a restart would hand out a fresh allowance.
   */
  readSeed: () => Promise<number>;
}

export interface QuotaRateLimitDecision extends RateLimitDecision {
  /** Admitted by the rate limit and refused by the quota. */
  isQuotaExhausted: boolean;
  /** The quota's count, this call included when admitted. */
  used: number;
}

const sha1 = (text: string) => createHash('sha1').update(text).digest('hex');
const scripts = {
  gcra: { text: gcraScript, sha: sha1(gcraScript) },
  gcraWithQuota: { text: gcraWithQuotaScript, sha: sha1(gcraWithQuotaScript) },
};
type Script = (typeof scripts)[keyof typeof scripts];

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

  /**
   * The rate limit and a quota in one round trip (gcra-with-quota.lua.ts): refused by the rate
   * limit, nothing is counted; admitted by it, the quota counts the call or refuses it. A missing
   * counter costs one more round trip, after reading its seed.
   */
  async checkWithQuota(key: string, rule: RateLimitRule, quota: QuotaCounter): Promise<QuotaRateLimitDecision> {
    const effective = this.effectiveRule(rule);
    const intervalMicros = Math.max(1, Math.floor(60_000_000 / effective.perMinute));
    const keys = [`${this.options.prefix}${key}`, `${this.options.prefix}${quota.key}`];
    // Checked on a single Redis too, so a key that would break on a cluster fails every test.
    assertOneSlot(keys);
    const run = (seed: string) =>
      this.evaluate(scripts.gcraWithQuota, keys, [
        intervalMicros,
        effective.burst,
        quota.limit,
        Math.max(1, Math.ceil(quota.ttlSeconds)),
        seed,
      ]) as Promise<[number, number, number, number]>;
    let answer = await run('');
    if (answer[0] === 3) answer = await run(String(await quota.readSeed()));
    const [status, remaining, waitMicros, used] = answer;
    return {
      admitted: status === 1,
      isQuotaExhausted: status === 2,
      limit: Math.round(effective.perMinute),
      remaining,
      waitMs: Math.ceil(waitMicros / 1000),
      used,
    };
  }

  /** The rule as enforced, after the test-only scale factor. */
  effectiveRule(rule: RateLimitRule): RateLimitRule {
    const scale = this.options.scale ?? 1;
    return { perMinute: rule.perMinute * scale, burst: Math.max(1, Math.round(rule.burst * scale)) };
  }

  /** What run() sends and answers for a rule, worked out once per rule (the operations' are constants). */
  private readonly compiled = new WeakMap<RateLimitRule, { interval: string; burst: string; limit: number }>();

  private compile(rule: RateLimitRule) {
    let compiled = this.compiled.get(rule);
    if (!compiled) {
      const effective = this.effectiveRule(rule);
      compiled = {
        interval: String(Math.max(1, Math.floor(60_000_000 / effective.perMinute))),
        burst: String(effective.burst),
        limit: Math.round(effective.perMinute),
      };
      this.compiled.set(rule, compiled);
    }
    return compiled;
  }

  private async run(key: string, rule: RateLimitRule, mode: '0' | '1'): Promise<RateLimitDecision> {
    const { interval, burst, limit } = this.compile(rule);
    const [admitted, remaining, waitMicros] = (await this.evaluate(scripts.gcra, [this.options.prefix + key], [interval, burst, mode])) as [
      number,
      number,
      number,
    ];
    return {
      admitted: admitted === 1,
      limit,
      remaining,
      waitMs: Math.ceil(waitMicros / 1000),
    };
  }

  private async evaluate(script: Script, keys: string[], argv: (string | number)[]): Promise<unknown> {
    try {
      return await this.redis.evalsha(script.sha, keys.length, ...keys, ...argv);
    } catch (error) {
      // A Redis restarted (or flushed) has forgotten the script: send it whole, once.
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return this.redis.eval(script.text, keys.length, ...keys, ...argv);
    }
  }
}
