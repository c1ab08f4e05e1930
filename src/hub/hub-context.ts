import type { Logger } from 'pino';
import type { Db } from '../db.js';
import type { JobQueues } from '../queues/job-queues.js';
import type { Redis } from '../redis.js';
import type { SlackNotifier } from './alerts/slack-notifier.js';
import type { SlackSettings } from './alerts/slack-settings.js';
import type { ConversationClient } from './client/index.js';
import type { MirrorHook } from './mirror/mirror-hook.js';
import type { HubRedactionSettings } from './redaction/hub-redaction-settings.js';
import type { ReportsSettings } from './reports/reports-settings.js';
import type { ReceiverSettings } from './webhooks/receiver-settings.js';
import type { ReceiverCredentialsSource } from './webhooks/receiver-credentials.js';

/**
 * What the hub's routes and jobs need from their process (built by src/processes/contexts.ts).
 * The hub reaches the API only through `upstream()`; it never imports the built-in service.
 */
export interface HubContext {
  db: Db;
  redis: Redis;
  logger: Logger;
  jobs: JobQueues;
  now: () => Date;
  /** The client for the configured upstream (built on first use). */
  upstream: () => Promise<ConversationClient>;
  /** The webhook receiver's signing secret and URL token (resolved once; refreshed after a rotation). */
  receiverCredentials: ReceiverCredentialsSource;
  /** Slack's Web API, or the log when no bot token is configured (alerts/slack-notifier.ts). */
  slack: SlackNotifier;
  /** Run inside every mirror transaction; by default the critical-fail alert hook. */
  mirrorHooks: readonly MirrorHook[];
  settings: HubSettings;
}

/** The hub's settings, one section per part of the hub. */
export interface HubSettings {
  /** Base URL of this process as the upstream reaches it (receiver URLs point here). */
  publicBaseUrl: string;
  receiver: ReceiverSettings;
  /** Scheduled analytics reports, the quota ledger's on-demand reserve, and where reports go. */
  reports: ReportsSettings;
  slack: SlackSettings;
  /** What is masked in every transcription before it is mirrored, alerted on or exported. */
  redaction: HubRedactionSettings;
}
