import type { Logger } from 'pino';
import type { Db } from '../db.js';
import type { Redis } from '../redis.js';

/** What the built-in service needs from its process; tests build it with their own values. */
export interface ServiceDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  /** Injectable clock (quota months, expiries). */
  now: () => Date;
  settings: ServiceSettings;
}

export interface ServiceSettings {
  apiBodyLimitBytes: number;
  /** Test-only factor on every rate limit (see config.ts, RATE_LIMIT_SCALE). */
  rateLimitScale: number;
  /** Redis key prefix of the rate-limit buckets. */
  rateLimitPrefix: string;
}

export const defaultServiceSettings: ServiceSettings = {
  apiBodyLimitBytes: 1_048_576,
  rateLimitScale: 1,
  rateLimitPrefix: 'convoqa:svc:rl:',
};
