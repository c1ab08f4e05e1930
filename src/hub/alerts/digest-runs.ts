/**
 * hub_digest_runs: one row per pass of the pending-review digest (a clock tick's attempt, or one
 * sent on request), so the console and the admin API can show the last runs and what Slack said.
 */
import type { Db } from '../../db.js';
import { pageOf, type KeysetPosition } from '../../lib/paging/keyset-cursor.js';

export const digestTriggers = ['clock', 'request'] as const;
export type DigestTrigger = (typeof digestTriggers)[number];

export interface DigestRunPost {
  channel: string;
  evaluators: number;
  pending: number;
  outcome: 'posted' | 'logged' | 'posted_before';
}

export interface DigestRun {
  id: string;
  tick: string;
  trigger: DigestTrigger;
  pending: number;
  posts: DigestRunPost[];
  /** Slack's answer (`code: message`) for each channel not posted to. */
  failures: { channel: string; error: string }[];
  startedAt: Date;
  finishedAt: Date;
}

export async function recordDigestRun(db: Db, run: Omit<DigestRun, 'id' | 'finishedAt'>): Promise<string> {
  const row = await db.hubDigestRun.create({
    data: {
      tick: run.tick,
      trigger: run.trigger,
      pending: run.pending,
      posts: run.posts.map((p) => ({ ...p })),
      failures: run.failures.map((f) => ({ ...f })),
      startedAt: run.startedAt,
    },
    select: { id: true },
  });
  return row.id;
}

/** The runs, newest first (finished, then id), a page at a time: `before` is the previous page's last position. */
export async function listDigestRuns(
  db: Db,
  filter: { limit?: number; before?: KeysetPosition | undefined } = {},
): Promise<{ runs: DigestRun[]; nextCursor: string | null }> {
  const limit = Math.min(filter.limit ?? 20, 200);
  const { before } = filter;
  const rows = await db.hubDigestRun.findMany({
    where: before ? { OR: [{ finishedAt: { lt: before.at } }, { finishedAt: before.at, id: { lt: before.id } }] } : {},
    orderBy: [{ finishedAt: 'desc' }, { id: 'desc' }],
    take: limit + 1,
  });
  const page = pageOf(rows, limit, (r) => ({ at: r.finishedAt, id: r.id }));
  return {
    nextCursor: page.nextCursor,
    runs: page.items.map((r) => ({
      id: r.id,
      tick: r.tick,
      trigger: r.trigger as DigestTrigger,
      pending: r.pending,
      posts: r.posts as unknown as DigestRunPost[],
      failures: r.failures as unknown as DigestRun['failures'],
      startedAt: r.startedAt,
      finishedAt: r.finishedAt,
    })),
  };
}
