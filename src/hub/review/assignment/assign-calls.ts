/**
 * Review work shared out by hand (docs/console.md "Assignment"): a lead assigns calls to a
 * reviewer (a lead or admin of the console), one call or many at once; "Mine" on the calls page
 * lists a reviewer's own. One row per assigned call, in the hub only (the upstream API has no
 * field for it); assigning again replaces the reviewer, "nobody" removes the row.
 */
import type pg from 'pg';
import type { Db } from '../../../db.js';
import { AppError } from '../../../lib/errors/app-error.js';

export interface Reviewer {
  id: string;
  name: string;
}

/** Who calls can be assigned to: active leads and admins, by name. */
export async function listReviewers(pool: pg.Pool): Promise<Reviewer[]> {
  // A named statement on the console's pool: every calls and queue page reads it.
  const { rows } = await pool.query<Reviewer>({
    name: 'console_reviewers',
    text: `SELECT id::text, name FROM hub_console_users WHERE is_active AND role IN ('lead', 'admin') ORDER BY name`,
  });
  return rows;
}

/** Assigns the calls to the reviewer (`null`: to nobody); answers how many calls it changed. */
export async function assignCalls(db: Db, input: { ids: string[]; reviewerId: string | null; by: string; now: Date }): Promise<number> {
  const { ids, reviewerId } = input;
  if (reviewerId === null) return (await db.hubAssignment.deleteMany({ where: { transcriptionId: { in: ids } } })).count;
  const reviewer = await db.hubConsoleUser.findFirst({ where: { id: reviewerId, isActive: true, role: { in: ['lead', 'admin'] } } });
  if (!reviewer) throw new AppError('invalid_value', 'Choose a reviewer: an active lead or admin of the console');
  const known = await db.hubTranscription.findMany({ where: { id: { in: ids } }, select: { id: true } });
  if (known.length !== ids.length) throw new AppError('not_found', 'Some of these calls are not in the hub');
  await db.$transaction(
    ids.map((transcriptionId) =>
      db.hubAssignment.upsert({
        where: { transcriptionId },
        create: { transcriptionId, userId: reviewerId, assignedBy: input.by, assignedAt: input.now },
        update: { userId: reviewerId, assignedBy: input.by, assignedAt: input.now },
      }),
    ),
  );
  return ids.length;
}
