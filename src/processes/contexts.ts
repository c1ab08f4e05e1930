/**
 * The one wiring of convoqa: from a process's infrastructure (database, Redis, logger, queues,
 * storage, clock) and its settings, the three contexts everything else takes: the built-in
 * service's, its processing jobs', and the hub's, with the hooks that trigger critical-fail alerts
 * (defaultMirrorHooks, below). Every process (web, worker, clock, through runtime.ts, and the CLI)
 * and the test harness build them here; tests swap implementations through `overrides`.
 */
import type { AppConfig } from '../config.js';
import type { Db } from '../db.js';
import { embeddedWebhookSecret } from '../embedded/hub-webhook-secret.js';
import { createUpstreamClient, resolveUpstreamApiKey } from '../embedded/upstream-client.js';
import { createCriticalFailHook } from '../hub/alerts/critical-fail-hook.js';
import { createLogNotifier } from '../hub/alerts/log-notifier.js';
import type { SlackNotifier } from '../hub/alerts/slack-notifier.js';
import { createSlackWebNotifier } from '../hub/alerts/slack-web-notifier.js';
import type { ConversationClient } from '../hub/client/index.js';
import type { HubContext } from '../hub/hub-context.js';
import type { MirrorHook } from '../hub/mirror/mirror-hook.js';
import { receiverCredentialsProvider } from '../hub/webhooks/receiver-credentials.js';
import type { ReceiverCredentials } from '../hub/webhooks/verify-webhook.js';
import { createOutboundHttp } from '../lib/network/outbound-http.js';
import type { Logger } from '../logger.js';
import type { JobQueues } from '../queues/job-queues.js';
import type { Redis } from '../redis.js';
import { createEngines } from '../engine/create-engines.js';
import type { Engines } from '../engine/engine-types.js';
import { AccountSlots } from '../service/processing/account-slots.js';
import type { ProcessingContext } from '../service/processing/processing-context.js';
import type { ServiceDeps } from '../service/service-deps.js';
import { ApiKeyCache } from '../service/accounts/api-key-cache.js';
import type { RecordingStorage } from '../service/storage/recording-storage.js';
import { webhookRetryDelaysMs } from '../service/webhooks/webhook-retry-schedule.js';

/** What a process holds open: its connections, queues, storage and clock. */
export interface Infrastructure {
  db: Db;
  redis: Redis;
  logger: Logger;
  jobs: JobQueues;
  storage: RecordingStorage;
  now: () => Date;
}

export interface Contexts {
  service: ServiceDeps;
  processing: ProcessingContext;
  hub: HubContext;
}

/** Implementations a test (or a tool) puts in place of the configured ones. */
export interface ContextOverrides {
  engines?: Engines;
  webhookRetryDelaysMs?: readonly number[];
  upstream?: () => Promise<ConversationClient>;
  receiverCredentials?: () => Promise<ReceiverCredentials>;
  slack?: SlackNotifier;
  /** The mirror hooks; default: the critical-fail alert hook. */
  mirrorHooks?: (hub: HubContext) => readonly MirrorHook[];
}

export function buildContexts(infra: Infrastructure, config: AppConfig, overrides: ContextOverrides = {}): Contexts {
  const { db, redis, logger, jobs, storage, now } = infra;
  const service: ServiceDeps = {
    db,
    redis,
    logger,
    jobs,
    storage,
    now,
    settings: config.service,
    apiKeys: new ApiKeyCache(db, { ttlMs: config.service.apiKeyCacheMs }),
  };
  const limits = config.service.processing;
  const processing: ProcessingContext = {
    db,
    logger,
    storage,
    jobs,
    now,
    limits,
    engines: overrides.engines ?? createEngines(config.engine, { logger }),
    http: createOutboundHttp(limits),
    slots: new AccountSlots(redis, { prefix: `${config.process.queuePrefix}:slots:`, limit: limits.maxConcurrentPerAccount }),
    webhookRetryDelaysMs: overrides.webhookRetryDelaysMs ?? webhookRetryDelaysMs,
  };
  const upstream = overrides.upstream ?? lazyUpstream(config, { db, redis, logger });
  const hub: HubContext = {
    db,
    redis,
    logger,
    jobs,
    now,
    upstream,
    receiverCredentials:
      overrides.receiverCredentials ??
      receiverCredentialsProvider({
        db,
        configuredSecret: config.receiver.secret,
        configuredToken: config.receiver.token,
        embeddedSecret: config.upstream.isBuiltIn
          ? () => embeddedWebhookSecret(db, () => resolveUpstreamApiKey({ config, db, redis, logger }))
          : undefined,
      }),
    slack: overrides.slack ?? createSlackNotifier(config, logger),
    mirrorHooks: [],
    settings: {
      publicBaseUrl: config.process.publicBaseUrl,
      receiver: config.receiver,
      reports: config.reports,
      slack: config.slack,
      redaction: config.redaction,
    },
  };
  hub.mirrorHooks = overrides.mirrorHooks ? overrides.mirrorHooks(hub) : defaultMirrorHooks(hub);
  return { service, processing, hub };
}

/**
 * Where critical-fail alerts are triggered (docs/slack-alerts.md, "Exactly once"): every mirror transaction runs
 * these hooks, and createCriticalFailHook writes the alert's outbox row in that transaction when
 * the mirrored evaluation fails a strict criterion; the worker's `hub.send-alert` job sends it.
 */
export const defaultMirrorHooks = (hub: HubContext): readonly MirrorHook[] => [createCriticalFailHook(hub)];

/** The hub's client for the configured upstream, built on first use; a failed build is tried again on the next call. */
function lazyUpstream(config: AppConfig, deps: { db: Db; redis: Redis; logger: Logger }): () => Promise<ConversationClient> {
  let upstream: Promise<ConversationClient> | undefined;
  return () => {
    upstream ??= createUpstreamClient({ config, ...deps }).catch((error: unknown) => {
      upstream = undefined;
      throw error;
    });
    return upstream;
  };
}

/** Slack's Web API with a bot token; without one (the embedded default), the log. */
function createSlackNotifier(config: AppConfig, logger: Logger): SlackNotifier {
  const { botToken, apiUrl, timeoutMs } = config.slack;
  return botToken ? createSlackWebNotifier({ botToken, apiUrl, timeoutMs, logger }) : createLogNotifier(logger);
}
