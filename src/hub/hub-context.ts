import type { Logger } from 'pino';
import type { JobQueues } from '../../jobs/queues.js';
import type { Db } from '../db.js';
import type { Redis } from '../redis.js';
import type { SlackNotifier } from './alerts/slack-notifier.js';
import type { ConversationClient } from './client/index.js';
import type { ReceiverCredentials } from './webhooks/verify-webhook.js';
import type { ReportsSettings } from './reports/reports-settings.js';

/**
 * What the hub's routes and jobs need from their process. The hub reaches the API only through
 * `upstream()`; it never imports the built-in service.
 */
export interface HubContext {
  db: Db;
  redis: Redis;
  logger: Logger;
  jobs: JobQueues;
  now: () => Date;
  /** The client for the configured upstream (built on first use). */
  upstream: () => Promise<ConversationClient>;
  /** The webhook receiver's signing secret and URL token (resolved once). */
  receiverCredentials: () => Promise<ReceiverCredentials>;
  /** Slack's Web API, or the log when no bot token is configured (alerts/slack-notifier.ts). */
  slack: SlackNotifier;
  settings: HubSettings;
}

/** The hub's settings, one section per part of the hub. */
export interface HubSettings {
  /** Base URL of this process as the upstream reaches it (receiver URLs point here). */
  publicBaseUrl: string;
  webhooks: { bodyLimitBytes: number };
  /** Scheduled analytics reports, the quota ledger's on-demand reserve, and where reports go. */
  reports: ReportsSettings;
  slack: SlackSettings;
}

/** Slack alerts, digest and interactivity (SLACK_* variables). */
export interface SlackSettings {
  defaultChannel: string | null;
  /** evaluator_id (lower case) → channel; routes set through the admin API win. */
  evaluatorChannels: Record<string, string>;
  /** Verifies POST /slack/interactions; null refuses every request. */
  signingSecret: string | null;
  digestMaxPerEvaluator: number;
  /** A critical fail completed longer ago than this raises no alert when first mirrored. */
  alertMaxAgeMs: number;
  /** How long a sending worker holds an alert (SLACK_ALERT_LEASE_MS; default alertLeaseMs, 60 s). */
  alertLeaseMs?: number;
}

/** The defaults: the log notifier's settings (no channel, no secret). */
export const defaultSlackSettings: SlackSettings = {
  defaultChannel: null,
  evaluatorChannels: {},
  signingSecret: null,
  digestMaxPerEvaluator: 10,
  alertMaxAgeMs: 7 * 24 * 3_600_000,
};
