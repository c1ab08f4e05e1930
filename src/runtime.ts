/**
 * Process wiring shared by the entry points (main, web, worker, clock, cli): one logger, one
 * Prisma client, one Redis connection, and an orderly close.
 */
import type { AppConfig } from './config.js';
import { createDb, type Db } from './db.js';
import { createUpstreamClient } from './embedded/upstream-client.js';
import type { ConversationClient } from './hub/client/index.js';
import { createLogger, type Logger } from './logger.js';
import { createRedis, type Redis } from './redis.js';
import { defaultServiceSettings, type ServiceDeps } from './service/service-deps.js';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  db: Db;
  redis: Redis;
  serviceDeps: ServiceDeps;
  /**
   * The hub's client for the configured upstream, built on first use (processes that never call
   * the upstream never provision a key); a failed build is tried again on the next call.
   */
  upstream: () => Promise<ConversationClient>;
  close: () => Promise<void>;
}

export function createRuntime(config: AppConfig, name: string): Runtime {
  const logger = createLogger({ level: config.logLevel, name });
  const db = createDb(config.databaseUrl);
  const redis = createRedis(config.redisUrl, { name: `convoqa-${name}` });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const serviceDeps: ServiceDeps = {
    db,
    redis,
    logger,
    now: () => new Date(),
    settings: {
      ...defaultServiceSettings,
      apiBodyLimitBytes: config.apiBodyLimitBytes,
      rateLimitScale: config.rateLimitScale,
    },
  };
  let upstream: Promise<ConversationClient> | undefined;
  return {
    config,
    logger,
    db,
    redis,
    serviceDeps,
    upstream: () => {
      upstream ??= createUpstreamClient({ config, db, redis, logger }).catch((error: unknown) => {
        upstream = undefined;
        throw error;
      });
      return upstream;
    },
    close: async () => {
      await Promise.allSettled([db.$disconnect(), redis.quit()]);
    },
  };
}
