/**
 * Keyset paging, newest first, for the lists the console and the admin API page through (alerts,
 * digest runs, report runs): a page ends at its last row's (time, id), and the cursor of the next
 * ("older") page is that position, so a page is the same whatever was added since. The cursor is
 * `base64url(JSON [iso time, uuid])`: opaque to callers, checked with zod where it comes in.
 */
import { z } from 'zod';

/** A row's place in a newest-first list: its time (created, or finished), then its id. */
export interface KeysetPosition {
  at: Date;
  id: string;
}

const uuid = z.uuid();

export const encodeKeysetCursor = (position: KeysetPosition): string =>
  Buffer.from(JSON.stringify([position.at.toISOString(), position.id])).toString('base64url');

function decodeKeysetCursor(cursor: string): KeysetPosition | null {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(decoded) || decoded.length !== 2) return null;
    const [at, id] = decoded as unknown[];
    if (typeof at !== 'string' || !z.iso.datetime().safeParse(at).success || !uuid.safeParse(id).success) return null;
    return { at: new Date(at), id: (id as string).toLowerCase() };
  } catch {
    return null;
  }
}

export const invalidCursorMessage =
  'not a page cursor: follow the "Older" link (or next_cursor) of a previous page, or start again from the first page';

/** A cursor from a URL or a query: decoded to its position, or a clear refusal (400). */
export const KeysetCursor = z
  .string()
  .max(200, { error: invalidCursorMessage })
  .transform((value, ctx) => {
    const position = decodeKeysetCursor(value);
    if (!position) {
      ctx.issues.push({ code: 'custom', message: invalidCursorMessage, input: value });
      return z.NEVER;
    }
    return position;
  });

/**
 * One page from `limit + 1` rows fetched newest first: the first `limit`, and the cursor of the
 * next page when there was one more.
 */
export function pageOf<T>(
  rows: readonly T[],
  limit: number,
  positionOf: (row: T) => KeysetPosition,
): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeKeysetCursor(positionOf(last)) : null };
}
