import type { HubContext } from '../hub-context.js';
import { alertJobId, findStrandedAlerts } from './alert-outbox.js';

/** Rows looked at per sweep; the next minute's sweep takes the rest. */
const sweepBatch = 500;

/**
 * Queues the send job again for outbox rows whose job is gone: Redis lost it (it keeps nothing on
 * disk here), the enqueue after the mirror's commit failed, or a worker died holding the row (its
 * lease ran out). A row whose job still waits (a 429's delay, a retry's backoff) is untouched:
 * its job id is taken, so the enqueue adds nothing.
 */
export async function sweepAlerts(ctx: Pick<HubContext, 'db' | 'jobs'>): Promise<{ requeued: number }> {
  const ids = await findStrandedAlerts(ctx.db, sweepBatch);
  await ctx.jobs.enqueueMany(
    'hub.send-alert',
    ids.map((alertId) => ({ payload: { alertId }, jobId: alertJobId(alertId) })),
  );
  return { requeued: ids.length };
}
