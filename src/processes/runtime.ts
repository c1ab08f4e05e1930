/**
 * What one process holds: its settings, one logger, one Prisma client, one Redis connection, the
 * job queues, recording storage, and the contexts built from them (contexts.ts), with an orderly
 * close. Every entry point (main, web, worker, clock, cli) starts from here.
 */
import type { AppConfig } from '../config.js';
import { createDb } from '../db.js';
import { createLogger } from '../logger.js';
import { createJobQueues } from '../queues/job-queues.js';
import { createRedis } from '../redis.js';
import { FolderRecordingStorage } from '../service/storage/folder-storage.js';
import { buildContexts, type Contexts, type Infrastructure } from './contexts.js';

export interface Runtime extends Infrastructure {
  config: AppConfig;
  contexts: Contexts;
  close: () => Promise<void>;
}

export function createRuntime(config: AppConfig, name: string, options: { logToStderr?: boolean; maxConnections?: number } = {}): Runtime {
  const logger = createLogger({ level: config.process.logLevel, name, toStderr: options.logToStderr, format: config.process.logFormat });
  const db = createDb(config.process.databaseUrl, { maxConnections: options.maxConnections ?? config.process.databasePoolSize });
  const redis = createRedis(config.process.redis, { name: `convoqa-${name}` });
  redis.on('error', (error) => logger.warn({ err: error }, 'redis connection error'));
  const jobs = createJobQueues(redis, config.process.queuePrefix, {
    onError: (error, queue) => logger.warn({ err: error, queue }, 'queue connection error'),
  });
  const infra: Infrastructure = {
    db,
    redis,
    logger,
    jobs,
    storage: new FolderRecordingStorage(config.service.dataDir),
    now: () => new Date(),
  };
  return {
    ...infra,
    config,
    contexts: buildContexts(infra, config),
    close: async () => {
      await jobs.close().catch(() => undefined);
      await Promise.allSettled([db.$disconnect(), redis.quit()]);
    },
  };
}
