/** Builds the hub's client for the configured upstream (the vendor's API, or the built-in one). */
import type { Logger } from 'pino';
import { ConfigError, type AppConfig } from '../config.js';
import type { Db } from '../db.js';
import { createConversationClient, type ConversationClient } from '../hub/client/index.js';
import type { Redis } from '../redis.js';
import { ensureHubApiKey } from './hub-api-key.js';

export interface UpstreamClientDeps {
  config: Pick<AppConfig, 'upstream' | 'service'>;
  db: Db;
  redis: Redis;
  logger: Logger;
}

/** The configured key, or (built-in upstream only) the hub's own, provisioned on first use. */
export async function resolveUpstreamApiKey({ config, db, logger }: UpstreamClientDeps): Promise<string> {
  if (config.upstream.apiKey) return config.upstream.apiKey;
  if (!config.upstream.isBuiltIn) {
    throw new ConfigError(
      `Invalid environment:\n  UPSTREAM_API_KEY: required when UPSTREAM_BASE_URL (${config.upstream.baseUrl}) is not this deployment's own API`,
    );
  }
  return ensureHubApiKey(db, logger);
}

export async function createUpstreamClient(deps: UpstreamClientDeps): Promise<ConversationClient> {
  const apiKey = await resolveUpstreamApiKey(deps);
  return createConversationClient({
    baseUrl: deps.config.upstream.baseUrl,
    apiKey,
    redis: deps.redis,
    timeoutMs: deps.config.upstream.timeoutMs,
    rateLimitScale: deps.config.service.rateLimitScale,
    logger: deps.logger.child({ component: 'upstream-client' }),
  });
}
