/**
 * The built-in service's settings: HTTP limits, rate-limit scale, recording storage, and the
 * spec's processing limits (constants, kept as settings so tests can shrink them).
 */
import { z } from 'zod';
import { commaList, flag, folderPath, wholeNumber } from '../lib/config/env-types.js';
import { parseHostEntry } from '../lib/network/network-guard.js';

/** What the service's settings depend on from the process settings. */
export interface ServiceSettingsContext {
  publicBaseUrl: string;
}

/** BUILT_IN_SERVICE: whether this deployment serves the built-in API; `auto` follows the hub's upstream. */
export const BuiltInServiceSetting = z.enum(['on', 'off', 'auto'], { error: 'expected on, off or auto' });
export type BuiltInServiceSetting = z.infer<typeof BuiltInServiceSetting>;

export function serviceSettingsSchema(context: ServiceSettingsContext) {
  return z
    .object({
      /**
       * Whether this deployment runs the built-in service (/api, /uploads, the samples, its
       * workers and schedules): `on`, `off`, or `auto` (on exactly when the hub's upstream is this
       * deployment's own /api). `off` needs UPSTREAM_BASE_URL naming another deployment.
       */
      BUILT_IN_SERVICE: BuiltInServiceSetting.default('auto'),
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
      /** Where recordings are kept for as long as their transcriptions (the folder storage) and the samples; relative to the project root. */
      DATA_DIR: folderPath('data'),
      /**
       * Whether recording URLs and webhook receivers may reach any loopback, private, link-local
       * or metadata address. Default false whatever NODE_ENV says: the safe choice is the default.
       */
      ALLOW_PRIVATE_NETWORK: flag().default(false),
      /**
       * Comma-separated `host` or `host:port` entries (IPv6 in brackets when a port follows) that
       * may be private even so, matched on the URL's host name: an internal storage host, the
       * machine's own test servers. PUBLIC_BASE_URL's own host and port are always allowed.
       */
      ALLOW_PRIVATE_HOSTS: commaList()
        .pipe(
          z.array(
            z.string().refine((entry) => parseHostEntry(entry) !== undefined, {
              error: (issue) =>
                `"${String(issue.input)}" is not a host or host:port (e.g. storage.internal, 10.0.0.5:9000, [fd00::5]:8080)`,
            }),
          ),
        )
        .default([]),
    })
    .transform((env) => ({
      builtInService: env.BUILT_IN_SERVICE,
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
        /** Connecting to a recording's server (DNS, TCP, TLS), within the 60 s. */
        downloadConnectTimeoutMs: 10_000,
        /** Silence of a recording's server (before the answer or between body bytes), within the 60 s. */
        downloadIdleTimeoutMs: 30_000,
        maxRecordingBytes: 200 * 1024 * 1024,
        maxDurationSeconds: 7_200,
        maxWaitingPerAccount: 100,
        maxConcurrentPerAccount: 25,
        uploadUrlTtlMs: 15 * 60_000,
        /** Recording URLs and webhook receivers may reach any private or loopback address. */
        allowPrivateNetwork: env.ALLOW_PRIVATE_NETWORK,
        /** host or host:port entries that may be private: ALLOW_PRIVATE_HOSTS and this deployment's own (the embedded hub receiver). */
        allowedPrivateHosts: [...env.ALLOW_PRIVATE_HOSTS, ownHostEntry(context.publicBaseUrl)] as readonly string[],
        /** Time-out of one webhook attempt. */
        webhookTimeoutMs: 10_000,
      },
    }));
}

/** PUBLIC_BASE_URL's host and port, as an allow-list entry. */
function ownHostEntry(publicBaseUrl: string): string {
  const url = new URL(publicBaseUrl);
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`;
}

export type ServiceSettings = z.infer<ReturnType<typeof serviceSettingsSchema>>;
export type ProcessingLimits = ServiceSettings['processing'];
