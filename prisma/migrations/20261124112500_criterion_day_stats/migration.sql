-- CreateTable
CREATE TABLE "svc_criterion_day_stats" (
    "account_id" UUID NOT NULL,
    "evaluator_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "day" DATE NOT NULL,
    "evaluated" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "raw_sum" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "svc_criterion_day_stats_pkey" PRIMARY KEY ("account_id","evaluator_id","criterion_id","day")
);

-- ── Hand-written (Prisma's schema language cannot express these) ──
-- The migration runner (@prisma/adapter-pg's executeScript) splits this file on every semicolon,
-- dollar quotes included, and runs the pieces one by one: so the PL/pgSQL bodies below are E''
-- strings with their quotes doubled and each semicolon inside written \073 (octal).

-- The rows belong to their account (Account keeps no back-relation in the Prisma schema).
ALTER TABLE "svc_criterion_day_stats" ADD CONSTRAINT "svc_criterion_day_stats_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- svc_criterion_day_stats holds, per account, evaluator (the transcription's evaluator_id),
-- criterion and UTC day of created_at, the criterion results of the transcriptions analytics
-- count: COMPLETED, with a score and an evaluator. Invariant, kept by the triggers below in the
-- transaction of every write, whoever makes it (processing, deletion, retention purge, seeding):
--   a row = the current result rows of the counted transcriptions of its key, summed
--   (evaluated = count, failed = count of FAIL, raw_sum = the sum of score_raw_ai), and no row at zero.
-- analytics-evaluator sums these days instead of joining up to 200,000 result rows per call.

-- Adds (sign 1) or removes (sign -1) the current results of one transcription under its key.
-- Removing only updates rows that exist (never inserts: during an account's deletion the cascade
-- may already have removed them), then drops those that reached zero. Added in key order.
CREATE FUNCTION "svc_criterion_day_stats_apply_transcription"(p_id UUID, p_account UUID, p_evaluator UUID, p_created TIMESTAMPTZ, p_sign INTEGER)
RETURNS void LANGUAGE plpgsql AS E'
DECLARE
  v_day date := (p_created AT TIME ZONE ''UTC'')::date\073
BEGIN
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

-- A transcription entering or leaving the counted set, or changing key (day, evaluator, account):
-- its results move with it. The WHEN clauses keep every other update free of any work.
CREATE FUNCTION "svc_criterion_day_stats_transcription_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') AND OLD.status = ''COMPLETED'' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL THEN
    PERFORM svc_criterion_day_stats_apply_transcription(OLD.id, OLD.account_id, OLD.evaluator_id, OLD.created_at, -1)\073
  END IF\073
  IF TG_OP = ''UPDATE'' AND NEW.status = ''COMPLETED'' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL THEN
    PERFORM svc_criterion_day_stats_apply_transcription(NEW.id, NEW.account_id, NEW.evaluator_id, NEW.created_at, 1)\073
  END IF\073
  IF TG_OP = ''DELETE'' THEN RETURN OLD\073 END IF\073
  RETURN NEW\073
END ';

CREATE TRIGGER "svc_criterion_day_stats_transcription_updated" AFTER UPDATE ON "svc_transcriptions"
  FOR EACH ROW
  WHEN ((OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL)
          IS DISTINCT FROM (NEW.status = 'COMPLETED' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL)
        OR (NEW.status = 'COMPLETED' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL
            AND (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.evaluator_id IS DISTINCT FROM NEW.evaluator_id
                 OR OLD.account_id IS DISTINCT FROM NEW.account_id)))
  EXECUTE FUNCTION svc_criterion_day_stats_transcription_changed();

-- BEFORE: the results are still there (the cascade deletes them after the transcription), and
-- their own delete trigger then finds no transcription and changes nothing.
CREATE TRIGGER "svc_criterion_day_stats_transcription_deleted" BEFORE DELETE ON "svc_transcriptions"
  FOR EACH ROW
  WHEN (OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL)
  EXECUTE FUNCTION svc_criterion_day_stats_transcription_changed();

-- Result rows written, changed or removed under a counted transcription: one statement-level pass
-- per statement over the rows it touched (a bulk insert of 200,000 results is one aggregate).
CREATE FUNCTION "svc_criterion_day_stats_results_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF TG_OP IN (''UPDATE'', ''DELETE'') THEN
    UPDATE svc_criterion_day_stats s SET evaluated = s.evaluated - g.n, failed = s.failed - g.f, raw_sum = s.raw_sum - g.x
    FROM (SELECT t.account_id, t.evaluator_id, o.criterion_id, (t.created_at AT TIME ZONE ''UTC'')::date AS day,
                 count(*) AS n, count(*) FILTER (WHERE o.status = ''FAIL'') AS f, sum(o.score_raw_ai) AS x
          FROM old_results o JOIN svc_transcriptions t ON t.id = o.transcription_id
          WHERE t.status = ''COMPLETED'' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
          GROUP BY 1, 2, 3, 4) g
    WHERE s.account_id = g.account_id AND s.evaluator_id = g.evaluator_id AND s.criterion_id = g.criterion_id AND s.day = g.day\073
    DELETE FROM svc_criterion_day_stats s
    USING (SELECT DISTINCT t.account_id, t.evaluator_id, o.criterion_id, (t.created_at AT TIME ZONE ''UTC'')::date AS day
           FROM old_results o JOIN svc_transcriptions t ON t.id = o.transcription_id
           WHERE t.status = ''COMPLETED'' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL) g
    WHERE s.account_id = g.account_id AND s.evaluator_id = g.evaluator_id AND s.criterion_id = g.criterion_id AND s.day = g.day
      AND s.evaluated = 0\073
  END IF\073
  IF TG_OP IN (''UPDATE'', ''INSERT'') THEN
    INSERT INTO svc_criterion_day_stats AS s (account_id, evaluator_id, criterion_id, day, evaluated, failed, raw_sum)
    SELECT t.account_id, t.evaluator_id, n.criterion_id, (t.created_at AT TIME ZONE ''UTC'')::date,
           count(*), count(*) FILTER (WHERE n.status = ''FAIL''), sum(n.score_raw_ai)
    FROM new_results n JOIN svc_transcriptions t ON t.id = n.transcription_id
    WHERE t.status = ''COMPLETED'' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, evaluator_id, criterion_id, day) DO UPDATE
      SET evaluated = s.evaluated + excluded.evaluated, failed = s.failed + excluded.failed, raw_sum = s.raw_sum + excluded.raw_sum\073
  END IF\073
  RETURN NULL\073
END ';

CREATE TRIGGER "svc_criterion_day_stats_results_inserted" AFTER INSERT ON "svc_criterion_results"
  REFERENCING NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_day_stats_results_changed();
CREATE TRIGGER "svc_criterion_day_stats_results_updated" AFTER UPDATE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_day_stats_results_changed();
CREATE TRIGGER "svc_criterion_day_stats_results_deleted" AFTER DELETE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_day_stats_results_changed();

-- Backfill from the rows already there.
INSERT INTO svc_criterion_day_stats (account_id, evaluator_id, criterion_id, day, evaluated, failed, raw_sum)
SELECT t.account_id, t.evaluator_id, r.criterion_id, (t.created_at AT TIME ZONE 'UTC')::date,
       count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
GROUP BY 1, 2, 3, 4;
