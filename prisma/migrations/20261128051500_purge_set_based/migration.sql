-- ── Hand-written (no schema change: trigger functions only) ──
-- The migration runner splits this file by PostgreSQL's lexical rules
-- (prisma/runner/split-sql-statements.ts), so the function bodies are ordinary dollar quotes.

-- The retention purge (src/service/retention/purge-expired-transcriptions.ts) deletes a batch set-based:
-- in one transaction it sets convoqa.purging to 'on' (SET LOCAL, gone at commit), locks the batch's
-- transcriptions, deletes their criterion results in one statement (the statement-level results
-- trigger of svc_criterion_day_stats subtracts them while their transcriptions still exist), then
-- their webhook deliveries, then the transcriptions. Under that setting the row-level work left is
-- skipped: the per-transcription BEFORE DELETE trigger of svc_criterion_day_stats (its results are
-- already gone and subtracted) and the failed_criteria_json refresh after a delete of results (every
-- transcription whose results the purge deletes is deleted in the same transaction). Every other
-- writer leaves the setting unset and keeps both invariants exactly as before.

DROP TRIGGER "svc_criterion_day_stats_transcription_deleted" ON "svc_transcriptions";
CREATE TRIGGER "svc_criterion_day_stats_transcription_deleted" BEFORE DELETE ON "svc_transcriptions"
  FOR EACH ROW
  WHEN (OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL
        AND current_setting('convoqa.purging', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION svc_criterion_day_stats_transcription_changed();

CREATE OR REPLACE FUNCTION "svc_failed_criteria_json_results_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE svc_transcriptions t SET failed_criteria_json = v.j
    FROM (SELECT c.id, svc_failed_criteria_json_of(c.id) AS j
          FROM (SELECT DISTINCT transcription_id AS id FROM new_results) c) v
    WHERE t.id = v.id AND t.failed_criteria_json IS DISTINCT FROM v.j;
  ELSIF TG_OP = 'DELETE' THEN
    IF current_setting('convoqa.purging', true) = 'on' THEN
      RETURN NULL;
    END IF;
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
