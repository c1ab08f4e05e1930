/**
 * The built-in service's settings: HTTP limits, rate-limit scale, recording storage, and the
 * spec's processing limits (constants, kept as settings so tests can shrink them).
 */
import { z } from 'zod';
import { commaList, flag, wholeNumber } from '../lib/config/env-types.js';

/** What the service's settings depend on from the process settings. */
export interface ServiceSettingsContext {
  publicBaseUrl: string;
  nodeEnv: 'development' | 'test' | 'production';
}

export function serviceSettingsSchema(context: ServiceSettingsContext) {
  return z
    .object({
      /** Largest JSON body the API accepts, in bytes. */
      API_BODY_LIMIT_BYTES: wholeNumber({ min: 1 }).default(1_048_576),
      /**
       * Test-only: multiplies every per-minute rate and burst of the built-in service and of the
       * hub's client pacing by the same factor, so rate-limit benchmarks stay short. Keep 1 in production.
       */
      RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
      /**
       * How long, in ms, a web process may answer from what it read of an API key (0 = read every
       * request). Changes reach every process at once by PostgreSQL NOTIFY; this bounds staleness
       * if a notification is lost, so a deactivated key answers 403 within it (at most 1 s).
       */
      API_KEY_CACHE_MS: wholeNumber({ min: 0, max: 1_000 }).default(800),
      /** Where recordings wait for processing (the folder storage). */
      DATA_DIR: z.string().min(1).default('./data'),
      /**
       * Whether recording URLs and webhook receivers may resolve to loopback, private, link-local
       * or metadata addresses. Default: allowed except when NODE_ENV=production.
       */
      ALLOW_PRIVATE_NETWORK: flag().optional(),
      /** Comma-separated host names that may be private even when private addresses are not allowed. */
      ALLOW_PRIVATE_HOSTS: commaList().default([]),
    })
    .transform((env) => ({
      apiBodyLimitBytes: env.API_BODY_LIMIT_BYTES,
      rateLimitScale: env.RATE_LIMIT_SCALE,
      apiKeyCacheMs: env.API_KEY_CACHE_MS,
      /** Redis key prefix of the rate-limit buckets. */
      rateLimitPrefix: 'convoqa:svc:rl:',
      /** Base URL of this process as others reach it (upload URLs point here). */
      publicBaseUrl: context.publicBaseUrl,
      dataDir: env.DATA_DIR,
      /** The spec's Limits (a 60 s download time-out, 200 MB, 2 hours, 100 waiting, 25 at once). */
      processing: {
        downloadTimeoutMs: 60_000,
        maxRecordingBytes: 200 * 1024 * 1024,
        maxDurationSeconds: 7_200,
        maxWaitingPerAccount: 100,
        maxConcurrentPerAccount: 25,
        uploadUrlTtlMs: 15 * 60_000,
        /** Recording URLs and webhook receivers may resolve to private or loopback addresses. */
        allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK ?? context.nodeEnv !== 'production',
        /** Hosts that may be private even when private addresses are not allowed. */
        allowedPrivateHosts: env.ALLOW_PRIVATE_HOSTS,
        /** Time-out of one webhook attempt. */
        webhookTimeoutMs: 10_000,
      },
    }));
}

export type ServiceSettings = z.infer<ReturnType<typeof serviceSettingsSchema>>;
export type ProcessingLimits = ServiceSettings['processing'];

