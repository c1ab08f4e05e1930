import type { Logger } from 'pino';
import type { OutboundHttp } from '../../lib/network/outbound-http.js';
import type { Db } from '../../db.js';
import type { JobQueues } from '../../queues/job-queues.js';
import type { Engines } from '../../engine/engine-types.js';
import type { ProcessingLimits } from '../service-settings.js';
import type { RecordingStorage } from '../storage/recording-storage.js';
import type { AccountSlots } from './account-slots.js';

/** What the processing jobs need (built once per worker process). */
export interface ProcessingContext {
  db: Db;
  logger: Logger;
  storage: RecordingStorage;
  jobs: JobQueues;
  engines: Engines;
  limits: ProcessingLimits;
  /** Outbound HTTP (recordings, webhooks), guarded against private addresses unless allowed. */
  http: OutboundHttp;
  slots: AccountSlots;
  now: () => Date;
  /** Delays of webhook retries (docs/decisions.md's schedule; tests shorten it). */
  webhookRetryDelaysMs: readonly number[];
}
