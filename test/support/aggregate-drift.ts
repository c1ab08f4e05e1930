import type { Db } from '../../src/db.js';

/**
 * Rows of svc_criterion_day_stats (all accounts) that differ from the sums recomputed from
 * svc_transcriptions and svc_criterion_results, missing or extra rows included (raw_sum within 1e-6).
 */
export async function criterionDayStatsDrift(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    WITH recomputed AS (
      SELECT t.account_id, t.evaluator_id, r.criterion_id, (t.created_at AT TIME ZONE 'UTC')::date AS day,
             count(*)::int AS evaluated, (count(*) FILTER (WHERE r.status = 'FAIL'))::int AS failed, sum(r.score_raw_ai) AS raw_sum
      FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
      WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
      GROUP BY 1, 2, 3, 4)
    SELECT count(*)::int AS n
    FROM svc_criterion_day_stats s FULL JOIN recomputed c USING (account_id, evaluator_id, criterion_id, day)
    WHERE s.evaluated IS DISTINCT FROM c.evaluated OR s.failed IS DISTINCT FROM c.failed
       OR abs(coalesce(s.raw_sum, 0) - coalesce(c.raw_sum, 0)) > 1e-6 OR s.day IS NULL OR c.day IS NULL`;
  return rows[0]?.n ?? 0;
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
