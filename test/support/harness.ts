/**
 * Builds the app exactly as the web process does, on the real test database and Redis, and gives
 * each test its own account and API key, so tests never see each other's data.
 */
import { randomUUID } from 'node:crypto';
import request from 'supertest';
import type { Express } from 'express';
import { createApp } from '../../src/app.js';
import { createDb, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { createRedis, type Redis } from '../../src/redis.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import { defaultServiceSettings, type ServiceDeps } from '../../src/service/service-deps.js';

export const testDatabaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface HarnessOptions {
  /**
   * Factor on every rate limit. Functional tests default to 100 so that creating a few resources
   * in a row is not throttled; rate-limit tests pass 1 to get the spec's limits.
   */
  rateLimitScale?: number;
  now?: () => Date;
  apiBodyLimitBytes?: number;
}

export interface TestAccount {
  id: string;
  name: string;
  key: string;
  /** POST /api/<operation> with this account's key. */
  call(operation: string, body?: unknown): request.Test;
}

export interface Harness {
  db: Db;
  redis: Redis;
  deps: ServiceDeps;
  app: Express;
  createAccount(): Promise<TestAccount>;
  close(): Promise<void>;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const db = createDb(testDatabaseUrl, { maxConnections: 5 });
  const redis = createRedis(testRedisUrl, { name: 'convoqa-test' });
  const deps: ServiceDeps = {
    db,
    redis,
    logger: createLogger({ level: 'silent' }),
    now: options.now ?? (() => new Date()),
    settings: {
      ...defaultServiceSettings,
      apiBodyLimitBytes: options.apiBodyLimitBytes ?? defaultServiceSettings.apiBodyLimitBytes,
      rateLimitScale: options.rateLimitScale ?? 100,
    },
  };
  const app = createApp(deps);
  return {
    db,
    redis,
    deps,
    app,
    async createAccount() {
      const account = await createAccount(db, `test-${randomUUID()}`);
      const { key } = await createApiKey(db, account.id, 'test');
      return {
        id: account.id,
        name: account.name,
        key,
        call: (operation, body = {}) =>
          request(app).post(`/api/${operation}`).set('x-api-key', key).set('content-type', 'application/json').send(body as object),
      };
    },
    async close() {
      await db.$disconnect();
      redis.disconnect();
    },
  };
}

/** The error body of the API (decisions.md). */
export const errorBody = (code: string, message: string) => ({ error: { code, message } });
