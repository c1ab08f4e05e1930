import { expect } from 'vitest';
import type { Db } from '../../src/db.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { criterionStatsTables } from './criterion-stats-tables.js';

interface CriterionBucketRow {
  account_id: string;
  evaluator_id: string;
  criterion_id: string;
  bucket: string;
  evaluated: number;
  failed: number;
  raw_sum: number;
}

interface EvaluatorHourRow {
  account_id: string;
  evaluator_id: string;
  hour: string;
  calls: number;
  score_sum: number;
  passed: number;
}

/**
 * The criterion day table and both hour tables of these accounts, as the triggers kept them, equal
 * the same sums recomputed from svc_transcriptions and svc_criterion_results (the migrations'
 * backfill queries); score sums to a millionth.
 */
export async function expectHourStatsRecomputable(db: Db, accountIds: string[]): Promise<void> {
  for (const { table, bucket, bucketOf } of criterionStatsTables) {
    const kept = await db.$queryRaw<CriterionBucketRow[]>(Prisma.sql`
      SELECT account_id::text, evaluator_id::text, criterion_id::text, ${Prisma.raw(bucket)}::text AS bucket, evaluated, failed, raw_sum
      FROM ${Prisma.raw(table)} WHERE account_id = ANY(${accountIds}::uuid[])
      ORDER BY 1, 2, 3, 4`);
    const recomputed = await db.$queryRaw<CriterionBucketRow[]>(Prisma.sql`
      SELECT t.account_id::text, t.evaluator_id::text, r.criterion_id::text, ${Prisma.raw(bucketOf('t.created_at'))}::text AS bucket,
             count(*)::int AS evaluated, (count(*) FILTER (WHERE r.status = 'FAIL'))::int AS failed, sum(r.score_raw_ai) AS raw_sum
      FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
      WHERE t.account_id = ANY(${accountIds}::uuid[]) AND t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
      GROUP BY 1, 2, 3, 4
      ORDER BY 1, 2, 3, 4`);
    expect(kept, table).toEqual(recomputed);
  }
  const keptCalls = await db.$queryRaw<EvaluatorHourRow[]>`
    SELECT account_id::text, evaluator_id::text, hour::text, calls, score_sum, passed
    FROM svc_evaluator_hour_stats WHERE account_id = ANY(${accountIds}::uuid[])
    ORDER BY 1, 2, 3`;
  const recomputedCalls = await db.$queryRaw<EvaluatorHourRow[]>`
    SELECT account_id::text, evaluator_id::text, date_trunc('hour', created_at, 'UTC')::text AS hour, count(*)::int AS calls,
           sum(score) AS score_sum, (count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)))::int AS passed
    FROM svc_transcriptions
    WHERE account_id = ANY(${accountIds}::uuid[]) AND status = 'COMPLETED' AND score IS NOT NULL AND evaluator_id IS NOT NULL
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`;
  // Scores are decimals: sums taken in another order may differ in the last bits.
  const toMicro = (rows: EvaluatorHourRow[]) => rows.map((row) => ({ ...row, score_sum: Math.round(row.score_sum * 1e6) / 1e6 }));
  expect(toMicro(keptCalls)).toEqual(toMicro(recomputedCalls));
}
