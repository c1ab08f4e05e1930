import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { JobQueues } from '../../queues/job-queues.js';

/** Deliveries that may be replayed: finished ones (a pending one is still being tried). */
const finished = ['failed', 'delivered'];

/**
 * Starts a new attempt series for finished deliveries: status back to pending, the retry schedule
 * counted afresh (attempt numbers go on), then a deliver-webhook job under the delivery's usual
 * job id, so the sweeper and the job can never run two series at once. The body is the stored
 * one, signed anew at each attempt with a fresh timestamp; the webhook-id stays the delivery's.
 * Returns the ids restarted, in the order given (those not finished are left alone).
 */
async function restartDeliveries(db: Db, jobs: JobQueues, accountId: string, ids: string[], now: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const restarted = await db.$queryRaw<{ id: string }[]>`
    UPDATE svc_webhook_deliveries
       SET status = 'pending', series_start_attempt = attempt_count, replay_count = replay_count + 1,
           last_replayed_at = ${now}, next_attempt_at = ${now}
     WHERE id = ANY(${ids}::uuid[]) AND account_id = ${accountId}::uuid
       AND status::text = ANY(${finished}::text[])
     RETURNING id`;
  // In the order asked for (oldest first for a recover): UPDATE … RETURNING gives rows in whatever order it found them.
  const done = new Set(restarted.map((r) => r.id));
  const ordered = ids.filter((id) => done.has(id));
  const queue = jobs.queue('service.deliver-webhook');
  for (const id of ordered) {
    const jobId = `webhook-${id}`;
    // The finished series' job (completed or failed) still holds the id; a job cannot be
    // re-added under it until it is removed.
    const previous = await queue.getJob(jobId);
    if (previous) await previous.remove();
    await jobs.enqueue('service.deliver-webhook', { deliveryId: id }, { jobId });
  }
  return ordered;
}

/** Replays one delivery of the account (409 while it is still pending). */
export async function replayWebhookDelivery(db: Db, jobs: JobQueues, accountId: string, deliveryId: string, now: Date): Promise<void> {
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, accountId }, select: { status: true } });
  if (!delivery) throw new AppError('not_found', `No webhook delivery ${deliveryId} in this account`);
  if (delivery.status === 'pending')
    throw new AppError('conflict', `Webhook delivery ${deliveryId} is still being attempted; replay it once it is delivered or failed`);
  const [restarted] = await restartDeliveries(db, jobs, accountId, [deliveryId], now);
  if (!restarted) throw new AppError('conflict', `Webhook delivery ${deliveryId} changed while being replayed; try again`);
}

/** At most this many deliveries per recover call; `hasMore` says to call again. */
const recoverBatch = 1_000;

/**
 * Recover: re-sends every failed delivery of the account created at or after `since` (those
 * whose retries ran out or that got a permanent answer), and nothing else.
 */
export async function recoverFailedWebhookDeliveries(
  db: Db,
  jobs: JobQueues,
  accountId: string,
  since: Date,
  now: Date,
): Promise<{ deliveryIds: string[]; hasMore: boolean }> {
  const failed = await db.webhookDelivery.findMany({
    where: { accountId, status: 'failed', createdAt: { gte: since } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
    take: recoverBatch + 1,
  });
  const ids = failed.slice(0, recoverBatch).map((d) => d.id);
  return { deliveryIds: await restartDeliveries(db, jobs, accountId, ids, now), hasMore: failed.length > recoverBatch };
}
