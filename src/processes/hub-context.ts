import { embeddedWebhookSecret } from '../embedded/hub-webhook-secret.js';
import { resolveUpstreamApiKey } from '../embedded/upstream-client.js';
import { createLogNotifier } from '../hub/alerts/log-notifier.js';
import type { SlackNotifier } from '../hub/alerts/slack-notifier.js';
import { createSlackWebNotifier } from '../hub/alerts/slack-web-notifier.js';
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
    slack: createSlackNotifier(runtime),
    settings: {
      publicBaseUrl: config.publicBaseUrl,
      webhooks: { bodyLimitBytes: config.hubWebhooks.bodyLimitBytes },
      reports: reportsSettings(config),
      slack: {
        defaultChannel: config.slack.defaultChannel,
        evaluatorChannels: config.slack.evaluatorChannels,
        signingSecret: config.slack.signingSecret,
        digestMaxPerEvaluator: config.slack.digestMaxPerEvaluator,
        alertMaxAgeMs: config.slack.alertMaxAgeMs,
        alertLeaseMs: config.slack.alertLeaseMs,
      },
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

/** Slack's Web API with a bot token; without one (the embedded default), the log. */
function createSlackNotifier({ config, logger }: Runtime): SlackNotifier {
  const { botToken, apiUrl, timeoutMs } = config.slack;
  return botToken ? createSlackWebNotifier({ botToken, apiUrl, timeoutMs, logger }) : createLogNotifier(logger);
}
