-- Hand-written. Deleting an account cascades to its transcriptions, whose delete trigger removed
-- their results from svc_criterion_day_stats one transcription at a time: the second update of a
-- day row in that transaction re-checks the row's foreign key (PostgreSQL re-checks rows written
-- by the same transaction), whose account is already gone, so the account could not be deleted.
-- The account's day rows go with it by cascade anyway: nothing to add or remove once it is gone.
-- (As in criterion_day_stats, the body is an E'' string: the runner splits on every semicolon.)
CREATE OR REPLACE FUNCTION "svc_criterion_day_stats_apply_transcription"(p_id UUID, p_account UUID, p_evaluator UUID, p_created TIMESTAMPTZ, p_sign INTEGER)
RETURNS void LANGUAGE plpgsql AS E'
DECLARE
  v_day date := (p_created AT TIME ZONE ''UTC'')::date\073
BEGIN
  IF NOT EXISTS (SELECT 1 FROM svc_accounts a WHERE a.id = p_account) THEN
    RETURN\073
  END IF\073
  IF p_sign > 0 THEN
    INSERT INTO svc_criterion_day_stats AS s (account_id, evaluator_id, criterion_id, day, evaluated, failed, raw_sum)
    SELECT p_account, p_evaluator, r.criterion_id, v_day,
           count(*), count(*) FILTER (WHERE r.status = ''FAIL''), sum(r.score_raw_ai)
    FROM svc_criterion_results r WHERE r.transcription_id = p_id
    GROUP BY r.criterion_id ORDER BY r.criterion_id
    ON CONFLICT (account_id, evaluator_id, criterion_id, day) DO UPDATE
      SET evaluated = s.evaluated + excluded.evaluated, failed = s.failed + excluded.failed, raw_sum = s.raw_sum + excluded.raw_sum\073
  ELSE
    UPDATE svc_criterion_day_stats s SET evaluated = s.evaluated - g.n, failed = s.failed - g.f, raw_sum = s.raw_sum - g.x
    FROM (SELECT r.criterion_id, count(*) AS n, count(*) FILTER (WHERE r.status = ''FAIL'') AS f, sum(r.score_raw_ai) AS x
          FROM svc_criterion_results r WHERE r.transcription_id = p_id GROUP BY r.criterion_id) g
    WHERE s.account_id = p_account AND s.evaluator_id = p_evaluator AND s.criterion_id = g.criterion_id AND s.day = v_day\073
    DELETE FROM svc_criterion_day_stats s
    WHERE s.account_id = p_account AND s.evaluator_id = p_evaluator AND s.day = v_day AND s.evaluated = 0\073
  END IF\073
END ';
