/** Settings of every process: where it listens, what it connects to, how it logs, its workers. */
import { z } from 'zod';
import { wholeNumber } from './env-types.js';
import { RedisClusterNodes, redisTopology } from '../redis/redis-topology.js';

export const LogLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']);

export const ProcessSettings = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: wholeNumber({ min: 0, max: 65_535 }).default(3000),
    /** The address users and webhooks reach this process at; defaults to http://localhost:PORT. */
    PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default('postgresql://postgres@127.0.0.1:5432/convoqa'),
    /** PostgreSQL connections one process's main pool may open (docs/load-scale.md, "Connection budget"). */
    DATABASE_POOL_SIZE: wholeNumber({ min: 1, max: 100 }).default(10),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).default('redis://127.0.0.1:6379'),
    /** A Redis Cluster's nodes (host:port, comma-separated); set, it replaces REDIS_URL. */
    REDIS_CLUSTER_NODES: RedisClusterNodes.optional(),
    LOG_LEVEL: LogLevel.default('info'),
    /** auto: human-readable on a terminal, JSON lines otherwise; json or pretty to choose. */
    LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
    /** BullMQ key prefix in Redis. */
    QUEUE_PREFIX: z
      .string()
      .regex(/^[\w-]+$/)
      .default('convoqa'),
    /** Recordings one worker process handles at once (CPU-bound: about one per core). */
    WORKER_CONCURRENCY: wholeNumber({ min: 1, max: 64 }).default(2),
    /** How long a job's lock lasts without renewal; a worker killed mid-job has its job retried after this. */
    WORKER_LOCK_DURATION_MS: wholeNumber({ min: 1_000 }).default(30_000),
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    publicBaseUrl: (env.PUBLIC_BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    /** The Redis every connection of the process goes to: REDIS_URL's server or the cluster. */
    redis: redisTopology(env.REDIS_URL, env.REDIS_CLUSTER_NODES),
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    queuePrefix: env.QUEUE_PREFIX,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerLockDurationMs: env.WORKER_LOCK_DURATION_MS,
  }));
export type ProcessSettings = z.infer<typeof ProcessSettings>;
