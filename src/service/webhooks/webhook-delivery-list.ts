import type { Db } from '../../db.js';
import type { WebhookDeliveryStatus } from '../../generated/prisma/client.js';
import { AppError } from '../../lib/errors/app-error.js';

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus;
  /** Created at or after. */
  from?: Date;
  /** Created before. */
  to?: Date;
  limit: number;
  /** Opaque: `nextCursor` of the previous page. */
  cursor?: string;
}

const encodeCursor = (d: { createdAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([d.createdAt.toISOString(), d.id])).toString('base64url');

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    // The id is compared with a uuid column: anything else would fail in PostgreSQL (a 500), not here (a 400).
    if (typeof createdAt !== 'string' || typeof id !== 'string' || Number.isNaN(Date.parse(createdAt)) || !uuidPattern.test(id))
      throw new Error('bad cursor');
    return { createdAt: new Date(createdAt), id };
  } catch {
    throw new AppError('invalid_value', 'Invalid cursor: use next_cursor from a previous page');
  }
}

const withAttempts = { attempts: { orderBy: { number: 'asc' as const } } };

/** An account's webhook deliveries, newest first, each with its attempts; keyset-paginated. */
export async function listWebhookDeliveries(db: Db, accountId: string, filter: DeliveryFilter) {
  const after = filter.cursor ? decodeCursor(filter.cursor) : null;
  const rows = await db.webhookDelivery.findMany({
    where: {
      accountId,
      ...(filter.status ? { status: filter.status } : {}),
      createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: filter.to } : {}) },
      ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.limit + 1,
    include: withAttempts,
  });
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { deliveries: page, nextCursor: rows.length > filter.limit && last ? encodeCursor(last) : null };
}

/** One delivery of the account, with its attempts; 404 for another account's. */
export async function findWebhookDelivery(db: Db, accountId: string, deliveryId: string) {
  const delivery = await db.webhookDelivery.findFirst({ where: { id: deliveryId, accountId }, include: withAttempts });
  if (!delivery) throw new AppError('not_found', `No webhook delivery ${deliveryId} in this account`);
  return delivery;
}

export type WebhookDeliveryWithAttempts = Awaited<ReturnType<typeof findWebhookDelivery>>;
