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
import type { WebApp } from '../../src/app.js';
import { createJobHandlers } from '../../jobs/job-handlers.js';
import { createApp } from '../../src/app.js';
import { loadConfig, type AppConfig } from '../../src/config.js';
import { createLogNotifier } from '../../src/hub/alerts/log-notifier.js';
import type { HubContext } from '../../src/hub/hub-context.js';
import type { MirrorHook } from '../../src/hub/mirror/mirror-hook.js';
import { createDb, type Db } from '../../src/db.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { buildContexts, defaultMirrorHooks, type ContextOverrides, type Infrastructure } from '../../src/processes/contexts.js';
import { createJobQueues, type JobQueues } from '../../src/queues/job-queues.js';
import type { JobHandlers } from '../../src/queues/job-handler.js';
import { startWorkers, type RunningWorkers } from '../../src/queues/start-workers.js';
import { formatClusterNodes, type RedisTopology } from '../../src/lib/redis/redis-topology.js';
import { createRedis, type Redis } from '../../src/redis.js';
import { createAccount } from '../../src/service/accounts/create-account.js';
import { createApiKey } from '../../src/service/accounts/api-keys.js';
import type { Engines } from '../../src/engine/engine-types.js';
import type { ProcessingContext } from '../../src/service/processing/processing-context.js';
import type { ServiceDeps } from '../../src/service/service-deps.js';
import type { ProcessingLimits } from '../../src/service/service-settings.js';
import { FolderRecordingStorage } from '../../src/service/storage/folder-storage.js';

export const testDatabaseUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/convoqa_test';
export const testRedisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface HarnessOptions {
  /**
   * Factor on every rate limit. Functional tests default to 100 so that creating a few resources
   * in a row is not throttled; rate-limit tests give 1 to get the spec's limits.
   */
  rateLimitScale?: number;
  now?: () => Date;
  apiBodyLimitBytes?: number;
  /** The spec's processing limits, shrunk where a test needs it (tests allow 127.0.0.1 by name). */
  processing?: Partial<ProcessingLimits>;
  publicBaseUrl?: string;
  /**
   * Another database than the shared test one (already migrated), for tests that read the hub's
   * tables as a whole (the digest, the alert sweeper), which other test files write concurrently.
   */
  databaseUrl?: string;
  /** Another Redis than the test one: a local Redis Cluster (redis-cluster.ts), for the app and the workers alike. */
  redis?: RedisTopology;
  /** The processes' logger (default: silent unless LOG_LEVEL), e.g. one that keeps its lines for assertions. */
  logger?: Logger;
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
  /** Hooks run inside each mirror transaction (default: the critical-fail alert hook). */
  mirrorHooks?: readonly MirrorHook[];
  /** The workers' Redis (default the test Redis; outage scenarios pass a TCP proxy's). */
  redisUrl?: string;
}

export interface Harness {
  db: Db;
  redis: Redis;
  deps: ServiceDeps;
  jobs: JobQueues;
  app: WebApp;
  queuePrefix: string;
  /** The folder storage's DATA_DIR (a child worker process must use the same). */
  dataDir: string;
  /** The settings the harness built its contexts from. */
  config: AppConfig;
  createAccount(): Promise<TestAccount>;
  processingContext(options?: WorkerOptions): ProcessingContext;
  hubContext(overrides?: Partial<HubContext>): HubContext;
  startWorker(options?: WorkerOptions): RunningWorkers;
  close(): Promise<void>;
}

export function createHarness(options: HarnessOptions = {}): Harness {
  const db = createDb(options.databaseUrl ?? testDatabaseUrl, { maxConnections: 5 });
  const redisTarget = options.redis ?? testRedisUrl;
  const redis = createRedis(redisTarget, { name: 'convoqa-test' });
  const queuePrefix = `test-${randomUUID().slice(0, 8)}`;
  // Job retries back off 100 times faster than in production, so retried failures end in seconds.
  const jobs = createJobQueues(redis, queuePrefix, { backoffScale: 0.01 });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convoqa-test-data-'));
  const logger = options.logger ?? createLogger({ level: process.env.LOG_LEVEL ?? 'silent' });
  const config = testConfig(options, { queuePrefix, dataDir });
  const infra: Infrastructure = {
    db,
    redis,
    logger,
    jobs,
    storage: new FolderRecordingStorage(dataDir),
    now: options.now ?? (() => new Date()),
  };
  // What every test context starts from: the wiring of the processes, with the hub's outside
  // world stubbed (no upstream unless a test gives one, a fixed receiver token, Slack in the log).
  const testOverrides: ContextOverrides = {
    webhookRetryDelaysMs: [200, 400, 800, 1_600, 3_200, 6_400],
    upstream: () => Promise.reject(new Error('this test gave the hub no upstream')),
    receiverCredentials: () => Promise.resolve({ signingSecret: null, token: 'test-receiver-token-0123456789' }),
    slack: createLogNotifier(logger),
  };
  const contexts = buildContexts(infra, config, testOverrides);
  const deps = contexts.service;
  const app = createApp(deps);
  const running: RunningWorkers[] = [];
  const workerConnections: Redis[] = [];

  const processingContext = (worker: WorkerOptions = {}): ProcessingContext =>
    buildContexts(infra, config, {
      ...testOverrides,
      ...(worker.engines ? { engines: worker.engines } : {}),
      ...(worker.webhookRetryDelaysMs ? { webhookRetryDelaysMs: worker.webhookRetryDelaysMs } : {}),
    }).processing;

  /** The hub's context with some parts replaced; the default mirror hooks follow the replaced parts. */
  const hubContext = (overrides: Partial<HubContext> = {}): HubContext => {
    const hub: HubContext = { ...contexts.hub, ...overrides };
    if (!overrides.mirrorHooks) hub.mirrorHooks = defaultMirrorHooks(hub);
    return hub;
  };

  return {
    db,
    redis,
    deps,
    jobs,
    app,
    queuePrefix,
    dataDir,
    config,
    async createAccount() {
      const account = await createAccount(db, `test-${randomUUID()}`);
      const { key } = await createApiKey(db, account.id, 'test');
      return {
        id: account.id,
        name: account.name,
        key,
        webhookSecret: account.webhookSecret,
        call: (operation, body = {}) =>
          request(app)
            .post(`/api/${operation}`)
            .set('x-api-key', key)
            .set('content-type', 'application/json')
            .send(body as object),
      };
    },
    processingContext,
    hubContext,
    startWorker(worker = {}) {
      const connection = createRedis(worker.redisUrl ?? redisTarget, { forWorker: true, name: 'convoqa-test-worker' });
      workerConnections.push(connection);
      const hub = hubContext({ ...worker.hub, ...(worker.mirrorHooks ? { mirrorHooks: worker.mirrorHooks } : {}) });
      const defaults = createJobHandlers({ processing: processingContext(worker), hub });
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

/**
 * The settings a test runs with: the processes' own (loadConfig, so defaults come from one place)
 * for a test environment, with the limits a test shrinks. Tests allow 127.0.0.1 by name (their
 * servers live there), not private addresses in general, and write CSV exports into their own folder.
 */
function testConfig(options: HarnessOptions, where: { queuePrefix: string; dataDir: string }): AppConfig {
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: options.databaseUrl ?? testDatabaseUrl,
    REDIS_URL: testRedisUrl,
    ...(options.redis?.kind === 'cluster' ? { REDIS_CLUSTER_NODES: formatClusterNodes(options.redis) } : {}),
    QUEUE_PREFIX: where.queuePrefix,
    DATA_DIR: where.dataDir,
    EXPORTS_DIR: path.join(where.dataDir, 'exports'),
    PUBLIC_BASE_URL: options.publicBaseUrl ?? 'http://127.0.0.1:0',
    RATE_LIMIT_SCALE: String(options.rateLimitScale ?? 100),
    ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    ...(options.apiBodyLimitBytes ? { API_BODY_LIMIT_BYTES: String(options.apiBodyLimitBytes) } : {}),
  });
  const processing: ProcessingLimits = { ...config.service.processing, ...options.processing };
  return { ...config, service: { ...config.service, processing } };
}

/** The error body of the API (docs/decisions.md). */
export const errorBody = (code: string, message: string) => ({ error: { code, message } });
