/**
 * The open calls of a reviewer who can no longer review (deactivated) go back to the pool
 * (docs/console.md "Assignment"): their assignments of calls neither archived nor deleted are
 * removed, and the rule in force shares out those of them still waiting for review, in the same
 * transaction. Archived calls keep who reviewed them.
 */
import { Prisma } from '../../../generated/prisma/client.js';
import { assignWaitingCalls, type AssignmentDb } from './assign-by-rule.js';

/** Releases `userId`'s open calls; answers how many were released and how many of them the rule gave to another reviewer. */
export async function releaseOpenAssignments(
  tx: AssignmentDb,
  input: { userId: string; now: Date },
): Promise<{ released: number; reassigned: number }> {
  const released = await tx.$queryRaw<{ id: string }[]>`
    DELETE FROM hub_assignments a USING hub_transcriptions t
    WHERE a.user_id = ${input.userId}::uuid AND t.id = a.transcription_id
      AND t.deleted_at IS NULL AND t.review_group IS DISTINCT FROM 'ARCHIVED'
    RETURNING a.transcription_id::text AS id`;
  if (released.length === 0) return { released: 0, reassigned: 0 };
  const ids = released.map((r) => r.id);
  const reassigned = await assignWaitingCalls(tx, { scope: Prisma.sql`t.id = ANY(${ids}::uuid[])`, now: input.now });
  return { released: released.length, reassigned };
}
