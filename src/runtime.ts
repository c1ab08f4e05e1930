/**
 * Process wiring shared by the entry points (main, web, worker, clock, cli): one logger, one
 * Prisma client, one Redis connection, the job queues and recording storage, and an orderly close.
 */
import { createJobQueues, type JobQueues } from '../jobs/queues.js';
import type { AppConfig } from './config.js';
import { createDb, type Db } from './db.js';
import { createUpstreamClient } from './embedded/upstream-client.js';
import type { ConversationClient } from './hub/client/index.js';
import { createLogger, type Logger } from './logger.js';
import { createRedis, type Redis } from './redis.js';
import { defaultProcessingLimits, defaultServiceSettings, type ServiceDeps } from './service/service-deps.js';
import { FolderRecordingStorage } from './service/storage/folder-storage.js';

export interface Runtime {
  config: AppConfig;
  logger: Logger;
  db: Db;
  redis: Redis;
  jobs: JobQueues;
  serviceDeps: ServiceDeps;
  /**
   * The hub's client for the configured upstream, built on first use (processes that never call
   * the upstream never provision a key); a failed build is tried again on the next call.
   */
  upstream: () => Promise<ConversationClient>;
  close: () => Promise<void>;
}

export function createRuntime(config: AppConfig, name: string, options: { logToStderr?: boolean } = {}): Runtime {
  const logger = createLogger({ level: config.logLevel, name, toStderr: options.logToStderr });
  const db = createDb(config.databaseUrl);
  const redis = createRedis(config.redisUrl, { name: `convoqa-${name}` });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const jobs = createJobQueues(redis, config.queuePrefix, {
    onError: (error, queue) => logger.warn({ err: error, queue }, 'queue connection error'),
  });
  const serviceDeps: ServiceDeps = {
    db,
    redis,
    logger,
    now: () => new Date(),
    jobs,
    storage: new FolderRecordingStorage(config.dataDir),
    settings: {
      ...defaultServiceSettings,
      apiBodyLimitBytes: config.apiBodyLimitBytes,
      rateLimitScale: config.rateLimitScale,
      publicBaseUrl: config.publicBaseUrl,
      processing: { ...defaultProcessingLimits, allowPrivateNetwork: config.allowPrivateNetwork, allowedPrivateHosts: config.allowedPrivateHosts },
    },
  };
  let upstream: Promise<ConversationClient> | undefined;
  return {
    config,
    logger,
    db,
    redis,
    jobs,
    serviceDeps,
    upstream: () => {
      upstream ??= createUpstreamClient({ config, db, redis, logger }).catch((error: unknown) => {
        upstream = undefined;
        throw error;
      });
      return upstream;
    },
    close: async () => {
      await jobs.close().catch(() => undefined);
      await Promise.allSettled([db.$disconnect(), redis.quit()]);
    },
  };
}
