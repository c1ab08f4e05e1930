import { expect } from 'vitest';
import type { Db } from '../../src/db.js';

interface DayRow {
  account_id: string;
  evaluator_id: string;
  criterion_id: string;
  day: string;
  evaluated: number;
  failed: number;
  raw_sum: number;
}

/**
 * svc_criterion_day_stats of these accounts, as the triggers kept it, equals the same sums
 * recomputed from svc_transcriptions and svc_criterion_results (the migration's backfill query).
 */
export async function expectDayStatsRecomputable(db: Db, accountIds: string[]): Promise<void> {
  const kept = await db.$queryRaw<DayRow[]>`
    SELECT account_id::text, evaluator_id::text, criterion_id::text, day::text, evaluated, failed, raw_sum
    FROM svc_criterion_day_stats WHERE account_id = ANY(${accountIds}::uuid[])
    ORDER BY 1, 2, 3, 4`;
  const recomputed = await db.$queryRaw<DayRow[]>`
    SELECT t.account_id::text, t.evaluator_id::text, r.criterion_id::text, (t.created_at AT TIME ZONE 'UTC')::date::text AS day,
           count(*)::int AS evaluated, (count(*) FILTER (WHERE r.status = 'FAIL'))::int AS failed, sum(r.score_raw_ai) AS raw_sum
    FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
    WHERE t.account_id = ANY(${accountIds}::uuid[]) AND t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
    GROUP BY 1, 2, 3, 4
    ORDER BY 1, 2, 3, 4`;
  expect(kept).toEqual(recomputed);
}
