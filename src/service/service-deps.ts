import type { Logger } from 'pino';
import type { ApiKeyCache } from './accounts/api-key-cache.js';
import type { Db } from '../db.js';
import type { Redis } from '../redis.js';
import type { JobQueues } from '../queues/job-queues.js';
import type { RecordingStorage } from './storage/recording-storage.js';
import type { ServiceSettings } from './service-settings.js';

/** What the built-in service needs from its process; tests build it with their own values. */
export interface ServiceDeps {
  db: Db;
  redis: Redis;
  logger: Logger;
  /** Injectable clock (quota months, expiries). */
  now: () => Date;
  settings: ServiceSettings;
  /** Enqueues background work (processing, webhook deliveries). */
  jobs: JobQueues;
  storage: RecordingStorage;
  /** API keys resolved from a short-lived per-process cache (api-key-cache.ts). */
  apiKeys: ApiKeyCache;
}
