import type { Db } from '../../src/db.js';
import { Prisma } from '../../src/generated/prisma/client.js';
import { criterionStatsTables } from './criterion-stats-tables.js';

/**
 * Rows of the criterion day and hour tables and the call hour table (all accounts) that differ from
 * the sums recomputed from svc_transcriptions and svc_criterion_results, missing or extra rows included (sums within 1e-6).
 */
export async function hourStatsDrift(db: Db): Promise<number> {
  let drift = 0;
  for (const { table, bucket, bucketOf } of criterionStatsTables) {
    const [rows] = await db.$queryRaw<{ n: number }[]>(Prisma.sql`
      WITH recomputed AS (
        SELECT t.account_id, t.evaluator_id, r.criterion_id, ${Prisma.raw(bucketOf('t.created_at'))} AS ${Prisma.raw(bucket)},
               count(*)::int AS evaluated, (count(*) FILTER (WHERE r.status = 'FAIL'))::int AS failed, sum(r.score_raw_ai) AS raw_sum
        FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
        WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
        GROUP BY 1, 2, 3, 4)
      SELECT count(*)::int AS n
      FROM ${Prisma.raw(table)} s FULL JOIN recomputed c USING (account_id, evaluator_id, criterion_id, ${Prisma.raw(bucket)})
      WHERE s.evaluated IS DISTINCT FROM c.evaluated OR s.failed IS DISTINCT FROM c.failed
         OR abs(coalesce(s.raw_sum, 0) - coalesce(c.raw_sum, 0)) > 1e-6 OR s.${Prisma.raw(bucket)} IS NULL OR c.${Prisma.raw(bucket)} IS NULL`);
    drift += rows?.n ?? 0;
  }
  const [calls] = await db.$queryRaw<{ n: number }[]>`
    WITH recomputed AS (
      SELECT account_id, evaluator_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*)::int AS calls, sum(score) AS score_sum,
             (count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)))::int AS passed
      FROM svc_transcriptions
      WHERE status = 'COMPLETED' AND score IS NOT NULL AND evaluator_id IS NOT NULL
      GROUP BY 1, 2, 3)
    SELECT count(*)::int AS n
    FROM svc_evaluator_hour_stats s FULL JOIN recomputed c USING (account_id, evaluator_id, hour)
    WHERE s.calls IS DISTINCT FROM c.calls OR s.passed IS DISTINCT FROM c.passed
       OR abs(coalesce(s.score_sum, 0) - coalesce(c.score_sum, 0)) > 1e-6 OR s.hour IS NULL OR c.hour IS NULL`;
  return drift + (calls?.n ?? 0);
}

/** Rows of svc_transcription_status_counts (all accounts) that differ from a count of svc_transcriptions. */
export async function statusCountsDrift(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    WITH recomputed AS (SELECT account_id, status, count(*)::int AS count FROM svc_transcriptions GROUP BY 1, 2)
    SELECT count(*)::int AS n
    FROM svc_transcription_status_counts s FULL JOIN recomputed c USING (account_id, status)
    WHERE coalesce(s.count, 0) <> coalesce(c.count, 0)`;
  return rows[0]?.n ?? 0;
}
