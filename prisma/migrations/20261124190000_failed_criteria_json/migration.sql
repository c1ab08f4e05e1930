-- AlterTable
ALTER TABLE "svc_transcriptions" ADD COLUMN "failed_criteria_json" TEXT DEFAULT '[]';

-- ── Hand-written (Prisma's schema language cannot express these) ──
-- The migration runner splits this file by PostgreSQL's lexical rules
-- (prisma/runner/split-sql-statements.ts), so the function bodies are ordinary dollar quotes.

-- failed_criteria_json holds, for analytics-evaluator's raw_data (issue 20, fourth round), the
-- names of the transcription's FAIL results in position order as JSON text, exactly as the
-- selection computed them per row:
--   array_to_json(ARRAY(SELECT name FROM svc_criterion_results WHERE transcription_id = id
--                       AND status = 'FAIL' ORDER BY position))::text
-- Invariant, kept by the trigger below in the transaction of every write of results, whoever
-- makes it (processing, re-evaluation, deletion, retention purge, seeding): the column is that
-- text, or NULL when the text is longer than 1,000 bytes (kept out of the covering index below,
-- whose tuples have a size limit), in which case the reader computes it as before. A new
-- transcription has no results, so '[]' (the default) is its value. (A TRUNCATE of the results
-- alone is not followed: nothing in the application or its tools does one.)
CREATE FUNCTION "svc_failed_criteria_json_of"(p_id UUID) RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN octet_length(j) <= 1000 THEN j END
  FROM (SELECT array_to_json(ARRAY(SELECT r.name FROM svc_criterion_results r
                                   WHERE r.transcription_id = p_id AND r.status = 'FAIL' ORDER BY r.position))::text AS j) x
$$;

-- Result rows written, changed or removed: one statement-level pass over the transcriptions the
-- statement touched (both sides of an update: a result moved to another transcription changes
-- both). A transcription being deleted is already gone when its results' cascade runs: no row.
CREATE FUNCTION "svc_failed_criteria_json_results_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE svc_transcriptions t SET failed_criteria_json = v.j
    FROM (SELECT c.id, svc_failed_criteria_json_of(c.id) AS j
          FROM (SELECT DISTINCT transcription_id AS id FROM new_results) c) v
    WHERE t.id = v.id AND t.failed_criteria_json IS DISTINCT FROM v.j;
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE svc_transcriptions t SET failed_criteria_json = v.j
    FROM (SELECT c.id, svc_failed_criteria_json_of(c.id) AS j
          FROM (SELECT DISTINCT transcription_id AS id FROM old_results) c) v
    WHERE t.id = v.id AND t.failed_criteria_json IS DISTINCT FROM v.j;
  ELSE
    UPDATE svc_transcriptions t SET failed_criteria_json = v.j
    FROM (SELECT c.id, svc_failed_criteria_json_of(c.id) AS j
          FROM (SELECT transcription_id AS id FROM new_results UNION SELECT transcription_id FROM old_results) c) v
    WHERE t.id = v.id AND t.failed_criteria_json IS DISTINCT FROM v.j;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_failed_criteria_json_results_inserted" AFTER INSERT ON "svc_criterion_results"
  REFERENCING NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_failed_criteria_json_results_changed();
CREATE TRIGGER "svc_failed_criteria_json_results_updated" AFTER UPDATE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_failed_criteria_json_results_changed();
CREATE TRIGGER "svc_failed_criteria_json_results_deleted" AFTER DELETE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_failed_criteria_json_results_changed();

-- Backfill the transcriptions that already have results.
UPDATE svc_transcriptions t SET failed_criteria_json = svc_failed_criteria_json_of(t.id)
WHERE EXISTS (SELECT 1 FROM svc_criterion_results r WHERE r.transcription_id = t.id);

-- The evaluator dashboard's selection stays an index-only range scan with the new column.
DROP INDEX "svc_transcriptions_analytics_evaluator_idx";
CREATE INDEX "svc_transcriptions_analytics_evaluator_idx" ON "svc_transcriptions"
    ("account_id", "evaluator_id", "created_at" DESC, "id" DESC)
    INCLUDE ("score", "critical_fail", "duration", "review_group", "participant_id", "failed_criteria_json")
    WHERE "status" = 'COMPLETED' AND "score" IS NOT NULL;
