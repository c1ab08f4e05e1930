/**
 * The alerts outbox (hub_alerts): each row moves pending → sending → sent | delivered_to_log |
 * failed, and only the worker holding a row's lease may post it. Leases compare against
 * PostgreSQL's clock, so workers on machines with skewed clocks agree.
 */
import type { JobQueues } from '../../queues/job-queues.js';
import type { Db } from '../../db.js';
import type { HubAlert } from '../../generated/prisma/client.js';

export const alertKinds = ['critical_fail'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertStatuses = ['pending', 'sending', 'sent', 'delivered_to_log', 'failed'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

/**
 * The default lease (SLACK_ALERT_LEASE_MS): longer than one Slack call may take (SLACK_TIMEOUT_MS),
 * so a live worker never loses its lease mid-post; a dead worker's alert waits this long.
 */
export const alertLeaseMs = 60_000;

export const alertJobId = (alertId: string) => `alert-${alertId}`;

/** Queues the send job of an outbox row (once: its id is the row's). */
export async function enqueueAlert(jobs: JobQueues, alertId: string): Promise<void> {
  await jobs.enqueue('hub.send-alert', { alertId }, { jobId: alertJobId(alertId) });
}

/**
 * Takes the row for one attempt: a pending row, or a sending row whose lease ran out (its worker
 * died). The row lock of the UPDATE makes racing workers queue; the second re-checks the WHERE
 * after the first commits and gets nothing. A row taken over from `sending` is marked
 * maybe_posted: its worker may have posted before dying.
 */
export async function claimAlert(db: Db, alertId: string, leaseMs = alertLeaseMs): Promise<HubAlert | null> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    UPDATE hub_alerts
       SET status = 'sending',
           maybe_posted = maybe_posted OR status = 'sending',
           lease_until = clock_timestamp() + make_interval(secs => ${leaseMs / 1000}),
           attempts = attempts + 1,
           updated_at = clock_timestamp()
     WHERE id = ${alertId}::uuid
       AND (status = 'pending' OR (status = 'sending' AND lease_until < clock_timestamp()))
     RETURNING id`;
  if (rows.length === 0) return null;
  return db.hubAlert.findUnique({ where: { id: alertId } });
}

/** Milliseconds until another worker's lease on the row runs out (0 when it has). */
export async function leaseRemainingMs(db: Db, alertId: string): Promise<number> {
  const [row] = await db.$queryRaw<{ ms: number | null }[]>`
    SELECT (EXTRACT(EPOCH FROM (lease_until - clock_timestamp())) * 1000)::float8 AS ms FROM hub_alerts WHERE id = ${alertId}::uuid`;
  return Math.max(0, row?.ms ?? 0);
}

export async function markAlertSent(db: Db, alertId: string, posted: { channel: string; ts: string }): Promise<void> {
  await db.hubAlert.updateMany({
    where: { id: alertId, status: 'sending' },
    data: { status: 'sent', slackChannel: posted.channel, slackTs: posted.ts, sentAt: new Date(), leaseUntil: null, lastError: null, maybePosted: false },
  });
}

export async function markAlertLogged(db: Db, alertId: string): Promise<void> {
  await db.hubAlert.updateMany({
    where: { id: alertId, status: 'sending' },
    data: { status: 'delivered_to_log', sentAt: new Date(), leaseUntil: null, lastError: null, maybePosted: false },
  });
}

/** Gives the row back after an attempt that did not post (or may have: `maybePosted`), for a retry. */
export async function releaseAlert(db: Db, alertId: string, error: string, options: { maybePosted?: boolean } = {}): Promise<void> {
  await db.hubAlert.updateMany({
    where: { id: alertId, status: 'sending' },
    data: { status: 'pending', leaseUntil: null, lastError: error, ...(options.maybePosted ? { maybePosted: true } : {}) },
  });
}

/** Gives up: the row stays, failed with its error, for the admin API to show and retry. */
export async function markAlertFailed(db: Db, alertId: string, error: string): Promise<void> {
  await db.hubAlert.updateMany({
    where: { id: alertId, status: { in: ['pending', 'sending'] } },
    data: { status: 'failed', leaseUntil: null, lastError: error },
  });
}

export async function recordAlertChannel(db: Db, alertId: string, channel: string): Promise<void> {
  await db.hubAlert.updateMany({ where: { id: alertId, status: 'sending' }, data: { channel } });
}

/** For the admin API: alerts, newest first, optionally of one status. */
export async function listAlerts(db: Db, filter: { status?: AlertStatus; kind?: AlertKind; limit?: number } = {}): Promise<HubAlert[]> {
  return db.hubAlert.findMany({
    where: { ...(filter.status ? { status: filter.status } : {}), ...(filter.kind ? { kind: filter.kind } : {}) },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    take: Math.min(filter.limit ?? 100, 1_000),
  });
}

/**
 * For the admin API: sends a failed alert again. A failed row that may already be in Slack
 * (maybe_posted) is checked for there first, unless `assumeNotPosted` says someone looked and it
 * is not. Answers false when the row is not failed (nothing to retry).
 */
export async function retryAlert(db: Db, jobs: JobQueues, alertId: string, options: { assumeNotPosted?: boolean } = {}): Promise<boolean> {
  const { count } = await db.hubAlert.updateMany({
    where: { id: alertId, status: 'failed' },
    data: { status: 'pending', lastError: null, ...(options.assumeNotPosted ? { maybePosted: false } : {}) },
  });
  if (count === 0) return false;
  // A failed job keeps its id in BullMQ, where adding the same id again would do nothing.
  const job = await jobs.queue('hub.send-alert').getJob(alertJobId(alertId));
  if (job && (await job.isFailed())) await job.remove();
  await enqueueAlert(jobs, alertId);
  return true;
}
