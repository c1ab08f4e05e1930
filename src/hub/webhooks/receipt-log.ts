import type { Db } from '../../db.js';
import { AppError } from '../../lib/errors/app-error.js';
import type { JobQueues } from '../../queues/job-queues.js';

/**
 * The hub's log of incoming webhooks, read by the admin API (routes/receipt-routes.ts) and the
 * console's Receipts page: receipts (accepted, with their duplicate count) with the mirror job each
 * became, rejections (bad signature, stale, malformed), and the count of every outcome.
 */

export const rejectionOutcomes = ['bad_signature', 'stale', 'malformed'] as const;
export type RejectionOutcome = (typeof rejectionOutcomes)[number];
/** Every verification outcome of an incoming webhook. */
export const receiptOutcomes = ['accepted', 'duplicate', ...rejectionOutcomes] as const;
export type ReceiptOutcome = (typeof receiptOutcomes)[number];

export interface ReceiptFilter {
  transcriptionId?: string | undefined;
  /** Received at or after. */
  from?: Date | undefined;
  /** Received before. */
  to?: Date | undefined;
  /** Only receipts whose event came again (acknowledged as duplicate). */
  duplicatesOnly?: boolean | undefined;
  limit: number;
  /** Opaque: `nextCursor` of the previous page. */
  cursor?: string | undefined;
}

/** The mirror job a receipt became: `mirrored` (done; completed jobs are removed), waiting, active, delayed, failed, or none. */
export interface MirrorJobState {
  state: string;
  error: string | null;
  attempts: number | null;
}

const encodeCursor = (r: { receivedAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([r.receivedAt.toISOString(), r.id])).toString('base64url');
function decodeCursor(cursor: string): { receivedAt: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (typeof at !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(at))) throw new Error('bad cursor');
    return { receivedAt: new Date(at), id };
  } catch {
    throw new AppError('invalid_value', 'Invalid cursor: use next_cursor from a previous page');
  }
}

/** Receipts newest first (keyset-paginated), each with the state of its transcription's mirror job. */
export async function listReceipts(deps: { db: Db; jobs: JobQueues }, filter: ReceiptFilter) {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  const rows = await deps.db.hubWebhookReceipt.findMany({
    where: {
      ...(filter.transcriptionId ? { transcriptionId: filter.transcriptionId.toLowerCase() } : {}),
      ...(filter.duplicatesOnly ? { duplicates: { gt: 0 } } : {}),
      receivedAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) },
      ...(after ? { OR: [{ receivedAt: { lt: after.receivedAt } }, { receivedAt: after.receivedAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
    take: filter.limit + 1,
  });
  const page = rows.slice(0, filter.limit);
  const queue = deps.jobs.queue('hub.mirror-transcription');
  const receipts = await Promise.all(
    page.map(async (r) => {
      let mirrorJob: MirrorJobState = { state: r.mirroredAt ? 'mirrored' : 'none', error: null, attempts: null };
      const job = await queue.getJob(`mirror-${r.transcriptionId}`);
      if (job) {
        const state = await job.getState();
        mirrorJob = { state: state === 'completed' ? 'mirrored' : state, error: job.failedReason || null, attempts: job.attemptsMade };
      }
      return { ...r, mirrorJob };
    }),
  );
  const last = page.at(-1);
  return { receipts, nextCursor: rows.length > filter.limit && last ? encodeCursor(last) : null };
}

export type ReceiptWithMirrorJob = Awaited<ReturnType<typeof listReceipts>>['receipts'][number];

/** How many webhooks had each outcome since a time (duplicates: repeats acknowledged). */
export async function countReceiptOutcomes(db: Db, since: Date): Promise<Record<ReceiptOutcome, number>> {
  const [accepted, rejected] = await Promise.all([
    db.hubWebhookReceipt.aggregate({ where: { receivedAt: { gte: since } }, _count: { _all: true }, _sum: { duplicates: true } }),
    db.hubWebhookRejection.groupBy({ by: ['outcome'], where: { receivedAt: { gte: since } }, _count: { _all: true } }),
  ]);
  const rejectedCount = (outcome: RejectionOutcome) => rejected.find((g) => g.outcome === outcome)?._count._all ?? 0;
  return {
    accepted: accepted._count._all,
    duplicate: accepted._sum.duplicates ?? 0,
    bad_signature: rejectedCount('bad_signature'),
    stale: rejectedCount('stale'),
    malformed: rejectedCount('malformed'),
  };
}

/** Refused webhooks, newest first (the newest 1,000 are kept). */
export function listRejections(db: Db, filter: { outcome?: RejectionOutcome | undefined; limit: number }) {
  return db.hubWebhookRejection.findMany({
    where: filter.outcome ? { outcome: filter.outcome } : {},
    orderBy: [{ receivedAt: 'desc' }, { id: 'desc' }],
    take: filter.limit,
  });
}
