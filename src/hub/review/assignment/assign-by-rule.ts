/**
 * Shares the calls waiting for review out to the assignment rule's reviewers (docs/console.md
 * "Assignment"): each unassigned waiting call, oldest first, goes to the reviewer with the fewest
 * open calls (assigned, not deleted, not archived); a tie goes to the one assigned least recently,
 * then to the rule's order, so equal reviewers take calls in turn. Reviewers no longer active
 * leads or admins are passed over. Runs inside the transaction that made the calls wait (a
 * mirror, a sampling rule change) or that set the rule; a transaction-scoped advisory lock makes
 * concurrent mirrors count each other's assignments.
 */
import { Prisma } from '../../../generated/prisma/client.js';
import type { Db } from '../../../db.js';
import { waitingForReview } from '../waiting-for-review.js';
import { readAssignmentRule, type AssignmentRule } from './assignment-rule.js';

/** A Prisma client or an interactive transaction's. */
export type AssignmentDb = Pick<Db, '$executeRaw' | '$queryRaw' | 'hubSetting'>;

interface ReviewerLoad {
  id: string;
  open: number;
  lastAssignedAt: Date | null;
  position: number;
}

const assignmentLock = Prisma.sql`hashtext('convoqa:assignment')`;

const waitingUnassigned = (db: AssignmentDb, scope: Prisma.Sql) =>
  db.$queryRaw<{ id: string }[]>`
    SELECT t.id FROM hub_transcriptions t
    WHERE ${waitingForReview} AND ${scope} AND NOT EXISTS (SELECT 1 FROM hub_assignments a WHERE a.transcription_id = t.id)
    ORDER BY t.recorded_at, t.id`;

async function reviewerLoads(db: AssignmentDb, rule: AssignmentRule): Promise<ReviewerLoad[]> {
  const rows = await db.$queryRaw<{ id: string; open: number; last_assigned_at: Date | null }[]>`
    SELECT u.id::text AS id,
           (SELECT count(*)::int FROM hub_assignments a JOIN hub_transcriptions t ON t.id = a.transcription_id
             WHERE a.user_id = u.id AND t.deleted_at IS NULL AND t.review_group IS DISTINCT FROM 'ARCHIVED') AS open,
           (SELECT max(a.assigned_at) FROM hub_assignments a WHERE a.user_id = u.id) AS last_assigned_at
    FROM hub_console_users u
    WHERE u.id = ANY(${rule.reviewerIds}::uuid[]) AND u.is_active AND u.role IN ('lead', 'admin')`;
  return rows.map((r) => ({ id: r.id, open: r.open, lastAssignedAt: r.last_assigned_at, position: rule.reviewerIds.indexOf(r.id) }));
}

const before = (a: ReviewerLoad, b: ReviewerLoad) =>
  a.open - b.open || (a.lastAssignedAt?.getTime() ?? 0) - (b.lastAssignedAt?.getTime() ?? 0) || a.position - b.position;

/**
 * Assigns the unassigned waiting calls `scope` selects (a condition on alias `t`) under `rule` (by
 * default the rule in force); answers how many it assigned.
 */
export async function assignWaitingCalls(
  db: AssignmentDb,
  input: { scope: Prisma.Sql; now: Date; rule?: AssignmentRule },
): Promise<number> {
  const rule = input.rule ?? (await readAssignmentRule(db));
  if (rule.reviewerIds.length === 0) return 0;
  if ((await waitingUnassigned(db, input.scope)).length === 0) return 0;
  await db.$queryRaw`SELECT pg_advisory_xact_lock(${assignmentLock})::text`;
  const [calls, loads] = await Promise.all([waitingUnassigned(db, input.scope), reviewerLoads(db, rule)]);
  if (loads.length === 0) return 0;
  const pairs: { transcriptionId: string; userId: string }[] = [];
  for (const { id } of calls) {
    const next = loads.reduce((best, load) => (before(load, best) < 0 ? load : best));
    pairs.push({ transcriptionId: id, userId: next.id });
    next.open += 1;
    next.lastAssignedAt = input.now;
    // Later calls of this batch prefer whoever has not had one yet: same time, later in the turn.
    next.position += rule.reviewerIds.length;
  }
  if (pairs.length === 0) return 0;
  return db.$executeRaw`
    INSERT INTO hub_assignments (transcription_id, user_id, assigned_by, assigned_at)
    SELECT p.transcription_id, p.user_id, NULL, ${input.now}
    FROM unnest(${pairs.map((p) => p.transcriptionId)}::uuid[], ${pairs.map((p) => p.userId)}::uuid[]) AS p(transcription_id, user_id)
    ON CONFLICT (transcription_id) DO NOTHING`;
}
