import type { Logger } from 'pino';
import type { JobQueues } from '../../jobs/queues.js';
import type { Db } from '../db.js';
import type { Redis } from '../redis.js';
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
  settings: HubSettings;
}

/** The hub's settings, one section per part of the hub. */
export interface HubSettings {
  /** Base URL of this process as the upstream reaches it (receiver URLs point here). */
  publicBaseUrl: string;
  webhooks: { bodyLimitBytes: number };
  /** Scheduled analytics reports, the quota ledger's on-demand reserve, and where reports go. */
  reports: ReportsSettings;
}
