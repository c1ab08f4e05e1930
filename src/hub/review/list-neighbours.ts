/**
 * The calls before and after one call in the list a lead opened it from (docs/console.md "The
 * fast loop"): the review queue (/console?…) or the calls page (/console/calls?…), read with the
 * same WHERE clause and order (newest first) as that list, so "next" is the row below it there.
 */
import type { Db } from '../../db.js';
import { Prisma } from '../../generated/prisma/client.js';
import { CallFilters, callsWhere } from './find-calls.js';
import { QueueFilters, queueWhere } from './review-queue.js';

export interface ListNeighbours {
  /** The list's URL (a console path with its query), carried on every link of the loop. */
  list: string;
  previous: string | null;
  next: string | null;
}

/** The list's WHERE clause from its URL; null for a URL that is no list or whose filters do not parse. */
function listWhere(list: string, viewerId: string): Prisma.Sql | null {
  const url = new URL(list, 'http://console.invalid');
  const query = Object.fromEntries(url.searchParams);
  if (url.pathname === '/console' || url.pathname === '/console/') {
    const filters = QueueFilters.safeParse(query);
    return filters.success ? queueWhere(filters.data) : null;
  }
  if (url.pathname === '/console/calls') {
    const filters = CallFilters.safeParse(query);
    return filters.success ? callsWhere(filters.data, viewerId) : null;
  }
  return null;
}

/**
 * `list` must already be a safe console path (safeReturnPath); the call itself need not still be in
 * the list. The call's place is read inside the statements, so this runs beside loading the call.
 */
export async function findListNeighbours(db: Db, list: string, callId: string, viewerId: string): Promise<ListNeighbours | null> {
  const where = listWhere(list, viewerId);
  if (!where) return null;
  const neighbour = async (direction: 'next' | 'previous') => {
    const query = Prisma.sql`
      SELECT t.id FROM hub_transcriptions t LEFT JOIN hub_assignments a ON a.transcription_id = t.id
      WHERE ${where} AND (t.recorded_at, t.id) ${direction === 'next' ? Prisma.sql`<` : Prisma.sql`>`} (SELECT o.recorded_at, o.id FROM hub_transcriptions o WHERE o.id = ${callId}::uuid)
      ORDER BY t.recorded_at ${direction === 'next' ? Prisma.sql`DESC` : Prisma.sql`ASC`}, t.id ${direction === 'next' ? Prisma.sql`DESC` : Prisma.sql`ASC`} LIMIT 1`;
    const rows = await db.$queryRaw<{ id: string }[]>(query);
    return rows[0]?.id ?? null;
  };
  const [previous, next] = await Promise.all([neighbour('previous'), neighbour('next')]);
  return { list, previous, next };
}
