/**
 * Every background job, declared once: its payload schema, concurrency, attempts and backoff. Job names are
 * `domain.verb-noun`; each job has its own BullMQ queue of the same name. The worker's handler
 * map is typed from this catalog, so a job without a handler does not compile.
 */
import { z } from 'zod';

export interface JobDefinition {
  payload: z.ZodType;
  /** Jobs of this kind one worker process runs at once (WORKER_CONCURRENCY overrides recordings'). */
  concurrency: number;
  attempts: number;
  /** Remove the job as soon as it completes, so its id can be queued again at once. */
  removeOnComplete?: boolean;
  /** For unexpected errors (a database outage); planned retries re-delay the job themselves. */
  backoff: { type: 'exponential' | 'fixed'; delay: number };
}

const Id = z.string().min(1);

/** `attempts` in all, the first retry after `firstDelayMs`, each later one twice as long. */
const retried = (attempts: number, firstDelayMs: number) => ({ attempts, backoff: { type: 'exponential' as const, delay: firstDelayMs } });
/** One attempt: a tick that the next tick repeats anyway. */
const once = { attempts: 1, backoff: { type: 'fixed' as const, delay: 0 } };

export const jobCatalog = {
  /** Download, probe, decode, transcribe, summarise, extract, evaluate, store, notify. */
  'service.process-recording': {
    payload: z.object({ transcriptionId: Id }),
    concurrency: 2,
    ...retried(3, 10_000),
  },
  /**
   * Delivers one webhook. Retries follow docs/decisions.md's schedule, counted on the delivery row
   * (the job re-delays itself), so they survive a lost or re-enqueued job.
   */
  'service.deliver-webhook': {
    payload: z.object({ deliveryId: Id }),
    concurrency: 10,
    ...retried(5, 5_000),
  },
  /** FAILs a transcription whose upload never came, at the upload URL's expiry. */
  'service.expire-upload': {
    payload: z.object({ transcriptionId: Id }),
    concurrency: 1,
    ...retried(5, 5_000),
  },
  /** Daily: deletes transcriptions submitted over a year ago. */
  'service.purge-expired-transcriptions': {
    payload: z.object({ day: z.string() }),
    concurrency: 1,
    ...retried(3, 60_000),
  },
  /** Every minute: re-enqueues work Redis lost, fails what can never finish. */
  'service.sweep-processing': {
    payload: z.object({ minute: z.string() }),
    concurrency: 1,
    ...once,
  },
  /**
   * Mirrors one transcription from the upstream (get-transcription → hub tables). Its id is the
   * transcription's, removed on completion, so webhooks that name it while it waits add nothing
   * and a later one queues it again. Retried for a while when PostgreSQL or the upstream is down.
   */
  'hub.mirror-transcription': {
    /** confirmDeletion: reconciliation's successful list lacked it, so a 404 means deleted (docs/mirror.md, "Mirror job"). */
    payload: z.object({ transcriptionId: Id, confirmDeletion: z.boolean().optional() }),
    concurrency: 1,
    ...retried(10, 1_000),
    removeOnComplete: true,
  },
  /** Compares list-transcriptions with the mirror and queues what is new, changed or deleted. */
  'hub.reconcile': {
    payload: z.object({ tick: z.string() }),
    concurrency: 1,
    ...retried(3, 10_000),
  },
  /**
   * Hourly (clock): masks again, from the stored copy, the mirrored rows masked under older rules
   * or narrower policies, the ones the upstream no longer lists included (docs/redaction.md, "The hub").
   */
  'hub.remask-mirror': {
    payload: z.object({ tick: z.string() }),
    concurrency: 1,
    ...retried(3, 60_000),
  },
  /**
   * Daily (clock, and once when the clock starts): plans the month's scheduled reports within the
   * quota, records what it skipped and why, enqueues the due runs and any export Redis lost.
   */
  'hub.plan-reports': {
    payload: z.object({ day: z.string() }),
    concurrency: 1,
    ...retried(3, 60_000),
  },
  /**
   * One scheduled report: ledger, pull, snapshot, enqueue its export. Retried only when the
   * attempt sent nothing (each sent pull costs quota; a run is never repeated).
   */
  'hub.pull-analytics': {
    payload: z.object({ runId: Id }),
    concurrency: 1,
    ...retried(3, 60_000),
  },
  /** Writes one snapshot to Google Sheets (or CSV files) and rewrites the summary. */
  'hub.export-report': {
    payload: z.object({ snapshotId: Id }),
    concurrency: 1,
    ...retried(5, 30_000),
  },
  /**
   * Sends one Slack alert of the outbox (hub_alerts); its id is the row's (`alert-<id>`). A 429
   * re-delays it by Retry-After without using an attempt; network errors and 5xx use the attempts
   * (about 10 minutes in all), after which the row is failed and kept for retry.
   */
  'hub.send-alert': {
    payload: z.object({ alertId: Id }),
    concurrency: 1,
    ...retried(8, 5_000),
    removeOnComplete: true,
  },
  /** Every minute: queues outbox rows whose send job Redis lost or whose worker died. */
  'hub.sweep-alerts': {
    payload: z.object({ minute: z.string() }),
    concurrency: 1,
    ...once,
  },
  /** Every minute: reveals the calibration sessions whose deadline has passed (docs/console.md "Calibration"). */
  'hub.close-due-calibrations': {
    payload: z.object({ minute: z.string() }),
    concurrency: 1,
    ...once,
  },
  /** The pending-review digest of one clock tick (SLACK_DIGEST_CRON); its id is the tick's. */
  'hub.send-digest': {
    payload: z.object({ tick: z.string() }),
    concurrency: 1,
    ...retried(5, 30_000),
  },
  /** A review button pressed in Slack: group upstream, mirror, message update. */
  'hub.apply-review-action': {
    payload: z.object({
      transcriptionId: Id,
      group: z.enum(['UNDER_REVIEW', 'ARCHIVED']),
      userId: Id,
      channel: z.string().nullable(),
      messageTs: z.string().nullable(),
    }),
    concurrency: 1,
    ...retried(5, 2_000),
  },
} as const satisfies Record<string, JobDefinition>;

export type JobName = keyof typeof jobCatalog;
export type JobPayload<N extends JobName> = z.infer<(typeof jobCatalog)[N]['payload']>;
export const jobNames = Object.keys(jobCatalog) as JobName[];
