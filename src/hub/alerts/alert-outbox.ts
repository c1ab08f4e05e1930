/**
 * The alerts outbox (hub_alerts), and the only module that reads or writes that table: each row
 * moves pending → sending → sent | delivered_to_log | failed, and only the worker holding a row's
 * lease may post it. Leases compare against PostgreSQL's clock, so workers on machines with skewed
 * clocks agree. The mirror hook adds rows, the sender claims and marks them, the sweep and the
 * admin API find and retry them, all through the functions below.
 */
import type { JobQueues } from '../../queues/job-queues.js';
import type { Db } from '../../db.js';
import type { HubAlert, Prisma } from '../../generated/prisma/client.js';
import { pageOf, type KeysetPosition } from '../../lib/paging/keyset-cursor.js';

export const alertKinds = ['critical_fail'] as const;
export type AlertKind = (typeof alertKinds)[number];
export const alertStatuses = ['pending', 'sending', 'sent', 'delivered_to_log', 'failed'] as const;
export type AlertStatus = (typeof alertStatuses)[number];

export const alertJobId = (alertId: string) => `alert-${alertId}`;

/**
 * Adds the outbox row of a transcription's alert inside the caller's transaction (the mirror's),
 * once: the row is unique per (transcription, kind). Answers the new row's id, or null when the
 * transcription already has that alert.
 */
export async function insertAlert(tx: Prisma.TransactionClient, transcriptionId: string, kind: AlertKind): Promise<string | null> {
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO hub_alerts (id, transcription_id, kind)
    VALUES (gen_random_uuid(), ${transcriptionId.toLowerCase()}::uuid, ${kind})
    ON CONFLICT (transcription_id, kind) DO NOTHING
    RETURNING id::text AS id`;
  return inserted[0]?.id ?? null;
}

/**
 * The transcription's alert row when it still waits to be sent (inside the caller's transaction),
 * else null. A mirror retried after its worker died between the commit and the queueing finds its
 * row here and queues it again.
 */
export async function findPendingAlert(tx: Prisma.TransactionClient, transcriptionId: string, kind: AlertKind): Promise<string | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM hub_alerts
     WHERE transcription_id = ${transcriptionId.toLowerCase()}::uuid AND kind = ${kind} AND status = 'pending'`;
  return rows[0]?.id ?? null;
}

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
export async function claimAlert(db: Db, alertId: string, leaseMs: number): Promise<HubAlert | null> {
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
    data: {
      status: 'sent',
      slackChannel: posted.channel,
      slackTs: posted.ts,
      sentAt: new Date(),
      leaseUntil: null,
      lastError: null,
      maybePosted: false,
    },
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

export async function findAlert(db: Db, alertId: string): Promise<HubAlert | null> {
  return db.hubAlert.findUnique({ where: { id: alertId } });
}

/**
 * Rows whose send job is gone (pending untouched for a minute, or sending past their lease), oldest
 * first, for the sweep to queue again.
 */
export async function findStrandedAlerts(db: Db, limit: number): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM hub_alerts
     WHERE (status = 'pending' AND updated_at < clock_timestamp() - interval '1 minute')
        OR (status = 'sending' AND lease_until < clock_timestamp())
     ORDER BY created_at
     LIMIT ${limit}`;
  return rows.map((r) => r.id);
}

/** For the admin API: how many rows are in each status (every status listed, 0 when none). */
export async function countAlertsByStatus(db: Db): Promise<Record<AlertStatus, number>> {
  const grouped = await db.hubAlert.groupBy({ by: ['status'], _count: { _all: true } });
  const counts = Object.fromEntries(alertStatuses.map((s) => [s, 0])) as Record<AlertStatus, number>;
  for (const g of grouped) if ((alertStatuses as readonly string[]).includes(g.status)) counts[g.status as AlertStatus] = g._count._all;
  return counts;
}

/**
 * For the admin API and the console: alerts, newest first (created, then id), optionally of one
 * status, a page at a time: `before` is the previous page's last position (keyset-cursor.ts).
 */
export async function listAlerts(
  db: Db,
  filter: { status?: AlertStatus | undefined; kind?: AlertKind | undefined; limit?: number; before?: KeysetPosition | undefined } = {},
): Promise<{ alerts: HubAlert[]; nextCursor: string | null }> {
  const limit = Math.min(filter.limit ?? 100, 1_000);
  const { before } = filter;
  const rows = await db.hubAlert.findMany({
    where: {
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(before ? { OR: [{ createdAt: { lt: before.at } }, { createdAt: before.at, id: { lt: before.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, (a) => ({ at: a.createdAt, id: a.id }));
  return { alerts: page.items, nextCursor: page.nextCursor };
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
