/**
 * Builds the app exactly as the web process does, on the real test database and Redis, and gives
 * each test its own account and API key, so tests never see each other's data. Each harness has
 * its own queue prefix and storage folder; `startWorker()` runs the job workers in-process.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import request from 'supertest';
import type { Express } from 'express';
import { createJobQueues, type JobQueues } from '../../jobs/queues.js';
import { createHubJobHandlers } from '../../jobs/hub-job-handlers.js';
import { createServiceJobHandlers } from '../../jobs/service-job-handlers.js';
import type { JobHandlers } from '../../jobs/job-handler.js';
import { createApp } from '../../src/app.js';
import { createLogNotifier } from '../../src/hub/alerts/log-notifier.js';
import { defaultSlackSettings, type HubContext } from '../../src/hub/hub-context.js';
import type { MirrorHook } from '../../src/hub/mirror/mirror-transcription.js';
import { defaultOnDemandReserve } from '../../src/hub/reports/analytics-endpoints.js';
import { allReportSchedules } from '../../src/hub/reports/reports-settings.js';
import { createDb, type Db } from '../../src/db.js';
import { createLogger } from '../../src/logger.js';
import { startWorkers, type RunningWorkers } from '../../src/processes/start-worker.js';
import { createRedis, type Redis } from '../../src/redis.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import type { Engines } from '../../src/service/engines/engine-types.js';
import { LocalLanguageEngine } from '../../src/service/engines/local/local-language-engine.js';
import { LocalSpeechToText } from '../../src/service/engines/local/local-speech-to-text.js';
import { AccountSlots } from '../../src/service/processing/account-slots.js';
import { createOutboundAgent } from '../../src/service/processing/network-guard.js';
import type { ProcessingContext } from '../../src/service/processing/processing-context.js';
import { defaultProcessingLimits, defaultServiceSettings, type ProcessingLimits, type ServiceDeps } from '../../src/service/service-deps.js';
import { FolderRecordingStorage } from '../../src/service/storage/folder-storage.js';

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
  /** The spec's processing limits, shrunk where a test needs it (tests allow 127.0.0.1). */
  processing?: Partial<ProcessingLimits>;
  publicBaseUrl?: string;
  /**
   * Another database than the shared test one (already migrated), for tests that read the hub's
   * tables as a whole (the digest, the alert sweeper), which other test files write concurrently.
   */
  databaseUrl?: string;
}

export interface TestAccount {
  id: string;
  name: string;
  key: string;
  webhookSecret: string;
  /** POST /api/<operation> with this account's key. */
  call(operation: string, body?: unknown): request.Test;
}

export interface WorkerOptions {
  engines?: Engines;
  webhookRetryDelaysMs?: number[];
  lockDurationMs?: number;
  concurrency?: number;
  /** Replace some handlers (e.g. to observe them). */
  handlers?: (defaults: JobHandlers) => JobHandlers;
  /** The hub's context for hub jobs (at least `upstream` for jobs that call the API). */
  hub?: Partial<HubContext>;
  /** Hooks run inside each mirror transaction (e.g. the critical-fail alert hook). */
  mirrorHooks?: MirrorHook[];
  /** The workers' Redis (default the test Redis; outage scenarios pass a TCP proxy's). */
  redisUrl?: string;
}

export interface Harness {
  db: Db;
  redis: Redis;
  deps: ServiceDeps;
  jobs: JobQueues;
  app: Express;
  queuePrefix: string;
  /** The folder storage's DATA_DIR (a child worker process must use the same). */
  dataDir: string;
  createAccount(): Promise<TestAccount>;
  processingContext(options?: WorkerOptions): ProcessingContext;
  hubContext(overrides?: Partial<HubContext>): HubContext;
  startWorker(options?: WorkerOptions): RunningWorkers;
  close(): Promise<void>;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const db = createDb(options.databaseUrl ?? testDatabaseUrl, { maxConnections: 5 });
  const redis = createRedis(testRedisUrl, { name: 'convoqa-test' });
  const queuePrefix = `test-${randomUUID().slice(0, 8)}`;
  // Job retries back off 100 times faster than in production, so retried failures end in seconds.
  const jobs = createJobQueues(redis, queuePrefix, { backoffScale: 0.01 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-test-data-'));
  const limits: ProcessingLimits = { ...defaultProcessingLimits, allowPrivateNetwork: true, ...options.processing };
  const logger = createLogger({ level: (process.env.LOG_LEVEL) ?? 'silent' });
  const deps: ServiceDeps = {
    db,
    redis,
    logger,
    now: options.now ?? (() => new Date()),
    jobs,
    storage: new FolderRecordingStorage(dataDir),
    settings: {
      ...defaultServiceSettings,
      apiBodyLimitBytes: options.apiBodyLimitBytes ?? defaultServiceSettings.apiBodyLimitBytes,
      rateLimitScale: options.rateLimitScale ?? 100,
      publicBaseUrl: options.publicBaseUrl ?? 'http://127.0.0.1:0',
      processing: limits,
    },
  };
  const app = createApp(deps);
  const running: RunningWorkers[] = [];
  const workerConnections: Redis[] = [];

  const processingContext = (worker: WorkerOptions = {}): ProcessingContext => ({
    db,
    logger,
    storage: deps.storage,
    jobs,
    engines: worker.engines ?? { speechToText: new LocalSpeechToText(), language: new LocalLanguageEngine() },
    limits,
    agent: createOutboundAgent(limits),
    slots: new AccountSlots(redis, { prefix: `${queuePrefix}:slots:`, limit: limits.maxConcurrentPerAccount }),
    now: deps.now,
    webhookRetryDelaysMs: worker.webhookRetryDelaysMs ?? [200, 400, 800, 1_600, 3_200, 6_400],
  });

  const hubContext = (overrides: Partial<HubContext> = {}): HubContext => ({
    db,
    redis,
    logger,
    jobs,
    now: deps.now,
    upstream: () => Promise.reject(new Error('this test gave the hub no upstream')),
    receiverCredentials: () => Promise.resolve({ signingSecret: null, token: 'test-receiver-token-0123456789' }),
    slack: createLogNotifier(logger),
    settings: {
      publicBaseUrl: deps.settings.publicBaseUrl,
      webhooks: { bodyLimitBytes: 65_536 },
      reports: { schedules: allReportSchedules, onDemandReserve: defaultOnDemandReserve, export: { kind: 'csv', dir: path.join(dataDir, 'exports') } },
      slack: defaultSlackSettings,
    },
    ...overrides,
  });

  return {
    db,
    redis,
    deps,
    jobs,
    app,
    queuePrefix,
    dataDir,
    async createAccount() {
      const account = await createAccount(db, `test-${randomUUID()}`);
      const { key } = await createApiKey(db, account.id, 'test');
      return {
        id: account.id,
        name: account.name,
        key,
        webhookSecret: account.webhookSecret,
        call: (operation, body = {}) =>
          request(app).post(`/api/${operation}`).set('x-api-key', key).set('content-type', 'application/json').send(body as object),
      };
    },
    processingContext,
    hubContext,
    startWorker(worker = {}) {
      const connection = createRedis(worker.redisUrl ?? testRedisUrl, { forWorker: true, name: 'convoqa-test-worker' });
      workerConnections.push(connection);
      const defaults: JobHandlers = { ...createServiceJobHandlers(processingContext(worker)), ...createHubJobHandlers(hubContext(worker.hub), worker.mirrorHooks) };
      const handle = startWorkers({
        connection,
        prefix: queuePrefix,
        handlers: worker.handlers ? worker.handlers(defaults) : defaults,
        logger,
        concurrency: { 'service.process-recording': worker.concurrency ?? 2, 'service.deliver-webhook': 5 },
        lockDurationMs: worker.lockDurationMs,
        stalledIntervalMs: worker.lockDurationMs,
      });
      running.push(handle);
      return handle;
    },
    async close() {
      await Promise.all(running.map((w) => w.close()));
      await jobs.close();
      await Promise.all(workerConnections.map((c) => c.quit().catch(() => undefined)));
      await db.$disconnect();
      redis.disconnect();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The error body of the API (decisions.md). */
export const errorBody = (code: string, message: string) => ({ error: { code, message } });
