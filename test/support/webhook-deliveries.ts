/** Reading outgoing webhook deliveries in tests. */
import type { Db } from '../../src/db.js';
import { eventually } from './webhook-receiver.js';

/** The delivery with its attempts (in order) once it is no longer pending: delivered or failed (within 20 s). */
export const settledDelivery = (db: Db, id: string) =>
  eventually(async () => {
    const d = await db.webhookDelivery.findUniqueOrThrow({ where: { id }, include: { attempts: { orderBy: { number: 'asc' } } } });
    return d.status === 'pending' ? undefined : d;
  }, 20_000);
