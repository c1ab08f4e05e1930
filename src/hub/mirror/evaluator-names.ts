/**
 * Evaluators' names as the hub knows them. The hub keeps no evaluator table of its own: each
 * mirrored transcription carries its evaluator's id and tag (hub_transcriptions.evaluator_id,
 * evaluator_tag), so an evaluator's name is the tag of its most recently recorded mirrored call.
 * An evaluator no mirrored call names (routed before any call of it arrived) has no name here.
 */
import { Prisma } from '../../generated/prisma/client.js';
import type { Db } from '../../db.js';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The name of each of `ids` the mirror knows, keyed by lower-case id (one indexed lookup per id). */
export async function findEvaluatorNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  // Only ids that can be evaluator ids (a configured route's key is text until checked).
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))].filter((id) => uuidPattern.test(id));
  if (wanted.length === 0) return new Map();
  const rows = await db.$queryRaw<{ id: string; name: string }[]>`
    SELECT DISTINCT ON (evaluator_id) evaluator_id::text AS id, evaluator_tag AS name
      FROM hub_transcriptions
     WHERE evaluator_id IN (${Prisma.join(wanted.map((id) => Prisma.sql`${id}::uuid`))}) AND evaluator_tag IS NOT NULL AND evaluator_tag <> ''
     ORDER BY evaluator_id, recorded_at DESC`;
  return new Map(rows.map((r) => [r.id, r.name]));
}
