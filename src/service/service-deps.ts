import type { Logger } from 'pino';
import type { Db } from '../db.js';
import type { Redis } from '../redis.js';
import type { JobQueues } from '../../jobs/queues.js';
import type { RecordingStorage } from './storage/recording-storage.js';

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
}

export interface ServiceSettings {
  apiBodyLimitBytes: number;
  /** Test-only factor on every rate limit (see config.ts, RATE_LIMIT_SCALE). */
  rateLimitScale: number;
  /** Redis key prefix of the rate-limit buckets. */
  rateLimitPrefix: string;
  /** Base URL of this process as others reach it (upload URLs point here). */
  publicBaseUrl: string;
  processing: ProcessingLimits;
}

/** The spec's Limits, as settings so tests can shrink them (a 60 s time-out, 200 MB). */
export interface ProcessingLimits {
  downloadTimeoutMs: number;
  maxRecordingBytes: number;
  maxDurationSeconds: number;
  maxWaitingPerAccount: number;
  maxConcurrentPerAccount: number;
  uploadUrlTtlMs: number;
  /** Recording URLs and webhook receivers may resolve to private or loopback addresses. */
  allowPrivateNetwork: boolean;
  /** Hosts that may be private even when private addresses are not allowed (ALLOW_PRIVATE_HOSTS). */
  allowedPrivateHosts: readonly string[];
  /** Time-out of one webhook attempt. */
  webhookTimeoutMs: number;
}

export const defaultProcessingLimits: ProcessingLimits = {
  downloadTimeoutMs: 60_000,
  maxRecordingBytes: 200 * 1024 * 1024,
  maxDurationSeconds: 7_200,
  maxWaitingPerAccount: 100,
  maxConcurrentPerAccount: 25,
  uploadUrlTtlMs: 15 * 60_000,
  allowPrivateNetwork: false,
  allowedPrivateHosts: [],
  webhookTimeoutMs: 10_000,
};

export const defaultServiceSettings: ServiceSettings = {
  apiBodyLimitBytes: 1_048_576,
  rateLimitScale: 1,
  rateLimitPrefix: 'convoqa:svc:rl:',
  publicBaseUrl: 'http://localhost:3000',
  processing: defaultProcessingLimits,
};
