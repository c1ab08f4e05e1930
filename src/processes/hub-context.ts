import { embeddedWebhookSecret } from '../embedded/hub-webhook-secret.js';
import { resolveUpstreamApiKey } from '../embedded/upstream-client.js';
import type { HubContext } from '../hub/hub-context.js';
import { receiverCredentialsProvider } from '../hub/webhooks/receiver-credentials.js';
import type { AppConfig } from '../config.js';
import { defaultSheetsRetry, type ReportsSettings } from '../hub/reports/reports-settings.js';
import type { Runtime } from '../runtime.js';

/** The hub's context for a process, from its runtime. */
export function createHubContext(runtime: Runtime): HubContext {
  const { config, db } = runtime;
  return {
    db,
    redis: runtime.redis,
    logger: runtime.logger,
    jobs: runtime.jobs,
    now: () => new Date(),
    upstream: runtime.upstream,
    receiverCredentials: receiverCredentialsProvider({
      db,
      configuredSecret: config.hubWebhooks.secret,
      configuredToken: config.hubWebhooks.token,
      embeddedSecret: config.upstream.isBuiltIn
        ? () => embeddedWebhookSecret(db, () => resolveUpstreamApiKey({ config, db, redis: runtime.redis, logger: runtime.logger }))
        : undefined,
    }),
    settings: {
      publicBaseUrl: config.publicBaseUrl,
      webhooks: { bodyLimitBytes: config.hubWebhooks.bodyLimitBytes },
      reports: reportsSettings(config),
    },
  };
}

export function reportsSettings(config: AppConfig): ReportsSettings {
  const exportConfig = config.reports.export;
  return {
    schedules: config.reports.enabled ? config.reports.schedules : [],
    onDemandReserve: config.reports.onDemandReserve,
    export: exportConfig.kind === 'csv' ? exportConfig : { ...exportConfig, retry: defaultSheetsRetry },
  };
}
