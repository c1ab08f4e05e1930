import { expect } from 'vitest';
import type { Db } from '../../src/db.js';

/**
 * svc_transcriptions.failed_criteria_json of these accounts, as the trigger kept it, equals the
 * text the evaluator dashboard's selection computed per row before the column existed (its FAIL
 * results' names in position order, array_to_json), or NULL where that text is over 1,000 bytes.
 * Returns how many rows were compared and how many hold NULL.
 */
export async function expectFailedCriteriaJsonRecomputable(db: Db, accountIds: string[]): Promise<{ rows: number; nulls: number }> {
  const rows = await db.$queryRaw<{ id: string; kept: string | null; recomputed: string }[]>`
    SELECT t.id::text, t.failed_criteria_json AS kept,
           array_to_json(ARRAY(SELECT r.name FROM svc_criterion_results r
                               WHERE r.transcription_id = t.id AND r.status = 'FAIL' ORDER BY r.position))::text AS recomputed
    FROM svc_transcriptions t WHERE t.account_id = ANY(${accountIds}::uuid[])
    ORDER BY t.id`;
  const expected = rows.map((r) => ({ id: r.id, kept: Buffer.byteLength(r.recomputed) <= 1000 ? r.recomputed : null }));
  expect(rows.map((r) => ({ id: r.id, kept: r.kept }))).toEqual(expected);
  return { rows: rows.length, nulls: expected.filter((r) => r.kept === null).length };
}
