/**
 * The calls before and after one call in the list a lead opened it from (docs/console.md "The
 * fast loop"): the review queue (/console?…) or the calls page (/console/calls?…), read with the
 * same WHERE clause and order (newest first) as that list, so "next" is the row below it there.
 */
import type pg from 'pg';
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
 * the list. The call's place is read inside the statement, so this runs beside loading the call;
 * both neighbours come from one statement on the console's pg pool.
 */
export async function findListNeighbours(pool: pg.Pool, list: string, callId: string, viewerId: string): Promise<ListNeighbours | null> {
  const where = listWhere(list, viewerId);
  if (!where) return null;
  const place = Prisma.sql`(SELECT o.recorded_at, o.id FROM hub_transcriptions o WHERE o.id = ${callId}::uuid)`;
  const query = Prisma.sql`
    SELECT
      (SELECT t.id::text FROM hub_transcriptions t LEFT JOIN hub_assignments a ON a.transcription_id = t.id
        WHERE ${where} AND (t.recorded_at, t.id) > ${place} ORDER BY t.recorded_at ASC, t.id ASC LIMIT 1) AS previous,
      (SELECT t.id::text FROM hub_transcriptions t LEFT JOIN hub_assignments a ON a.transcription_id = t.id
        WHERE ${where} AND (t.recorded_at, t.id) < ${place} ORDER BY t.recorded_at DESC, t.id DESC LIMIT 1) AS next`;
  const { rows } = await pool.query<{ previous: string | null; next: string | null }>({ text: query.text, values: query.values });
  return { list, previous: rows[0]?.previous ?? null, next: rows[0]?.next ?? null };
}
