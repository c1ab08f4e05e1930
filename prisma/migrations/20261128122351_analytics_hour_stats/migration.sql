-- CreateTable
CREATE TABLE "svc_criterion_hour_stats" (
    "account_id" UUID NOT NULL,
    "evaluator_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(6) NOT NULL,
    "evaluated" INTEGER NOT NULL,
    "failed" INTEGER NOT NULL,
    "raw_sum" DOUBLE PRECISION NOT NULL,

    CONSTRAINT "svc_criterion_hour_stats_pkey" PRIMARY KEY ("account_id","evaluator_id","hour","criterion_id")
);

-- CreateTable
CREATE TABLE "svc_evaluator_hour_stats" (
    "account_id" UUID NOT NULL,
    "evaluator_id" UUID NOT NULL,
    "hour" TIMESTAMPTZ(6) NOT NULL,
    "calls" INTEGER NOT NULL,
    "score_sum" DOUBLE PRECISION NOT NULL,
    "passed" INTEGER NOT NULL,

    CONSTRAINT "svc_evaluator_hour_stats_pkey" PRIMARY KEY ("account_id","evaluator_id","hour")
);

-- ── Hand-written (Prisma's schema language cannot express these) ──
-- The migration runner splits this file by PostgreSQL's lexical rules
-- (prisma/runner/split-sql-statements.ts), so the function bodies are ordinary dollar quotes.
--
-- Analytics' hour tables (docs/analytics.md, "Hour tables"). Both hold, per account, evaluator (the
-- transcription's evaluator_id) and UTC hour of created_at, the transcriptions analytics count:
-- COMPLETED, with a score and an evaluator. Invariants, kept by the triggers below in the
-- transaction of every write, whoever makes it (processing, deletion, retention purge, seeding):
--   svc_criterion_hour_stats: a row = the current result rows of the counted transcriptions of its
--     key and criterion, summed (evaluated = count, failed = count of FAIL, raw_sum = Σ score_raw_ai);
--   svc_evaluator_hour_stats: a row = the counted transcriptions of its key (calls = count,
--     score_sum = Σ score, passed = count with score >= 50 and no critical fail);
--   and no row at zero. A write for an account already deleted in the same transaction is skipped:
--   its rows go by cascade, and a row written for it would fail its foreign key.

ALTER TABLE "svc_criterion_hour_stats" ADD CONSTRAINT "svc_criterion_hour_stats_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "svc_evaluator_hour_stats" ADD CONSTRAINT "svc_evaluator_hour_stats_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ── svc_criterion_hour_stats ──

-- Adds (sign 1) or removes (sign -1) the current results of one transcription under its key.
-- Removing only updates rows that exist, then drops those that reached zero. Added in key order.
CREATE FUNCTION "svc_criterion_hour_stats_apply_transcription"(p_id UUID, p_account UUID, p_evaluator UUID, p_created TIMESTAMPTZ, p_sign INTEGER)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  v_hour timestamptz := date_trunc('hour', p_created, 'UTC');
BEGIN
  IF NOT EXISTS (SELECT 1 FROM svc_accounts a WHERE a.id = p_account) THEN
    RETURN;
  END IF;
  IF p_sign > 0 THEN
    INSERT INTO svc_criterion_hour_stats AS s (account_id, evaluator_id, criterion_id, hour, evaluated, failed, raw_sum)
    SELECT p_account, p_evaluator, r.criterion_id, v_hour,
           count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
    FROM svc_criterion_results r WHERE r.transcription_id = p_id
    GROUP BY r.criterion_id ORDER BY r.criterion_id
    ON CONFLICT (account_id, evaluator_id, criterion_id, hour) DO UPDATE
      SET evaluated = s.evaluated + excluded.evaluated, failed = s.failed + excluded.failed, raw_sum = s.raw_sum + excluded.raw_sum;
  ELSE
    UPDATE svc_criterion_hour_stats s SET evaluated = s.evaluated - g.n, failed = s.failed - g.f, raw_sum = s.raw_sum - g.x
    FROM (SELECT r.criterion_id, count(*) AS n, count(*) FILTER (WHERE r.status = 'FAIL') AS f, sum(r.score_raw_ai) AS x
          FROM svc_criterion_results r WHERE r.transcription_id = p_id GROUP BY r.criterion_id) g
    WHERE s.account_id = p_account AND s.evaluator_id = p_evaluator AND s.criterion_id = g.criterion_id AND s.hour = v_hour;
    DELETE FROM svc_criterion_hour_stats s
    WHERE s.account_id = p_account AND s.evaluator_id = p_evaluator AND s.hour = v_hour AND s.evaluated = 0;
  END IF;
END
$$;

-- A counted transcription deleted: its results leave with it.
CREATE FUNCTION "svc_criterion_hour_stats_transcription_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_criterion_hour_stats_apply_transcription(OLD.id, OLD.account_id, OLD.evaluator_id, OLD.created_at, -1);
  RETURN OLD;
END
$$;

-- BEFORE: the results are still there (the cascade deletes them after the transcription), and
-- their own delete trigger then finds no transcription and changes nothing. The retention purge
-- deletes a batch's results itself first (their statement trigger subtracts them) and sets
-- convoqa.purging, so this per-row work is skipped there.
CREATE TRIGGER "svc_criterion_hour_stats_transcription_deleted" BEFORE DELETE ON "svc_transcriptions"
  FOR EACH ROW
  WHEN (OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL
        AND current_setting('convoqa.purging', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION svc_criterion_hour_stats_transcription_deleted();

-- Result rows written, changed or removed under a counted transcription: one statement-level pass
-- per statement over the rows it touched (a bulk insert of 200,000 results is one aggregate).
CREATE FUNCTION "svc_criterion_hour_stats_results_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  g record;
  v_left integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    -- One key at a time through the primary key: a join of the statement's few keys to the whole
    -- table was planned as a sequential scan of it (a transition table has no statistics).
    FOR g IN
      SELECT t.account_id, t.evaluator_id, o.criterion_id, date_trunc('hour', t.created_at, 'UTC') AS hour,
             count(*) AS n, count(*) FILTER (WHERE o.status = 'FAIL') AS f, sum(o.score_raw_ai) AS x
      FROM old_results o JOIN svc_transcriptions t ON t.id = o.transcription_id
      WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
      GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    LOOP
      UPDATE svc_criterion_hour_stats s SET evaluated = s.evaluated - g.n, failed = s.failed - g.f, raw_sum = s.raw_sum - g.x
      WHERE s.account_id = g.account_id AND s.evaluator_id = g.evaluator_id AND s.hour = g.hour AND s.criterion_id = g.criterion_id
      RETURNING s.evaluated INTO v_left;
      IF v_left = 0 THEN
        DELETE FROM svc_criterion_hour_stats s
        WHERE s.account_id = g.account_id AND s.evaluator_id = g.evaluator_id AND s.hour = g.hour AND s.criterion_id = g.criterion_id;
      END IF;
    END LOOP;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO svc_criterion_hour_stats AS s (account_id, evaluator_id, criterion_id, hour, evaluated, failed, raw_sum)
    SELECT t.account_id, t.evaluator_id, n.criterion_id, date_trunc('hour', t.created_at, 'UTC'),
           count(*), count(*) FILTER (WHERE n.status = 'FAIL'), sum(n.score_raw_ai)
    FROM new_results n JOIN svc_transcriptions t ON t.id = n.transcription_id
    WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
    GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT (account_id, evaluator_id, criterion_id, hour) DO UPDATE
      SET evaluated = s.evaluated + excluded.evaluated, failed = s.failed + excluded.failed, raw_sum = s.raw_sum + excluded.raw_sum;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_criterion_hour_stats_results_inserted" AFTER INSERT ON "svc_criterion_results"
  REFERENCING NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_hour_stats_results_changed();
CREATE TRIGGER "svc_criterion_hour_stats_results_updated" AFTER UPDATE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results NEW TABLE AS new_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_hour_stats_results_changed();
CREATE TRIGGER "svc_criterion_hour_stats_results_deleted" AFTER DELETE ON "svc_criterion_results"
  REFERENCING OLD TABLE AS old_results
  FOR EACH STATEMENT EXECUTE FUNCTION svc_criterion_hour_stats_results_changed();

-- ── svc_evaluator_hour_stats ──

-- Adds signed amounts per (account, evaluator, hour), in key order (two writers never wait on each
-- other in opposite orders; a key whose amounts cancel out, all three, is left alone), one key at a
-- time through the primary key, and drops a key that reached zero calls.
CREATE FUNCTION "svc_evaluator_hour_stats_add"(p_deltas JSONB) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  d record;
  v_left integer;
BEGIN
  FOR d IN
    SELECT x.account_id, x.evaluator_id, x.hour, sum(x.calls) AS calls, sum(x.score_sum) AS score_sum, sum(x.passed) AS passed
    FROM jsonb_to_recordset(p_deltas) AS x(account_id UUID, evaluator_id UUID, hour TIMESTAMPTZ, calls INTEGER, score_sum DOUBLE PRECISION, passed INTEGER)
    WHERE EXISTS (SELECT 1 FROM svc_accounts a WHERE a.id = x.account_id)
    GROUP BY 1, 2, 3 HAVING sum(x.calls) <> 0 OR sum(x.score_sum) <> 0 OR sum(x.passed) <> 0 ORDER BY 1, 2, 3
  LOOP
    INSERT INTO svc_evaluator_hour_stats AS s (account_id, evaluator_id, hour, calls, score_sum, passed)
    VALUES (d.account_id, d.evaluator_id, d.hour, d.calls, d.score_sum, d.passed)
    ON CONFLICT (account_id, evaluator_id, hour) DO UPDATE
      SET calls = s.calls + excluded.calls, score_sum = s.score_sum + excluded.score_sum, passed = s.passed + excluded.passed
    RETURNING s.calls INTO v_left;
    IF v_left = 0 THEN
      DELETE FROM svc_evaluator_hour_stats s WHERE s.account_id = d.account_id AND s.evaluator_id = d.evaluator_id AND s.hour = d.hour;
    END IF;
  END LOOP;
END
$$;

-- The counted rows of a statement's inserted or deleted rows, as signed deltas (one aggregate per
-- statement: a purge batch, an account's cascade, a seeding chunk).
CREATE FUNCTION "svc_evaluator_hour_stats_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM svc_evaluator_hour_stats_add(
      (SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'evaluator_id', evaluator_id, 'hour', hour,
                                           'calls', calls, 'score_sum', score_sum, 'passed', passed))
       FROM (SELECT account_id, evaluator_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS calls, sum(score) AS score_sum,
                    count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)) AS passed
             FROM new_rows WHERE status = 'COMPLETED' AND score IS NOT NULL AND evaluator_id IS NOT NULL GROUP BY 1, 2, 3) g));
  ELSE
    PERFORM svc_evaluator_hour_stats_add(
      (SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'evaluator_id', evaluator_id, 'hour', hour,
                                           'calls', v_sign * calls, 'score_sum', v_sign * score_sum, 'passed', v_sign * passed))
       FROM (SELECT account_id, evaluator_id, date_trunc('hour', created_at, 'UTC') AS hour, count(*) AS calls, sum(score) AS score_sum,
                    count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false)) AS passed
             FROM old_rows WHERE status = 'COMPLETED' AND score IS NOT NULL AND evaluator_id IS NOT NULL GROUP BY 1, 2, 3) g));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_evaluator_hour_stats_inserted" AFTER INSERT ON "svc_transcriptions"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION svc_evaluator_hour_stats_rows_changed();
CREATE TRIGGER "svc_evaluator_hour_stats_deleted" AFTER DELETE ON "svc_transcriptions"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION svc_evaluator_hour_stats_rows_changed();

-- ── Both tables: a transcription updated ──

-- An update that moves a row into or out of the counted set, to another key (hour, evaluator,
-- account), or changes its score or critical fail: per row, and only then (the WHEN clause), so
-- every other update costs nothing. Its results move with it only when it enters, leaves or
-- changes key; a new score or critical fail changes only the call table.
CREATE FUNCTION "svc_hour_stats_transcription_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_old boolean := OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL;
  v_new boolean := NEW.status = 'COMPLETED' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL;
  v_moved boolean := v_old IS DISTINCT FROM v_new OR OLD.evaluator_id IS DISTINCT FROM NEW.evaluator_id
    OR OLD.account_id IS DISTINCT FROM NEW.account_id
    OR date_trunc('hour', OLD.created_at, 'UTC') IS DISTINCT FROM date_trunc('hour', NEW.created_at, 'UTC');
  v_deltas jsonb := '[]'::jsonb;
BEGIN
  IF v_old THEN
    IF v_moved THEN
      PERFORM svc_criterion_hour_stats_apply_transcription(OLD.id, OLD.account_id, OLD.evaluator_id, OLD.created_at, -1);
    END IF;
    v_deltas := v_deltas || jsonb_build_object('account_id', OLD.account_id, 'evaluator_id', OLD.evaluator_id,
      'hour', date_trunc('hour', OLD.created_at, 'UTC'), 'calls', -1, 'score_sum', -OLD.score,
      'passed', -(CASE WHEN OLD.score >= 50 AND NOT coalesce(OLD.critical_fail, false) THEN 1 ELSE 0 END));
  END IF;
  IF v_new THEN
    IF v_moved THEN
      PERFORM svc_criterion_hour_stats_apply_transcription(NEW.id, NEW.account_id, NEW.evaluator_id, NEW.created_at, 1);
    END IF;
    v_deltas := v_deltas || jsonb_build_object('account_id', NEW.account_id, 'evaluator_id', NEW.evaluator_id,
      'hour', date_trunc('hour', NEW.created_at, 'UTC'), 'calls', 1, 'score_sum', NEW.score,
      'passed', CASE WHEN NEW.score >= 50 AND NOT coalesce(NEW.critical_fail, false) THEN 1 ELSE 0 END);
  END IF;
  PERFORM svc_evaluator_hour_stats_add(v_deltas);
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_hour_stats_transcription_updated" AFTER UPDATE ON "svc_transcriptions"
  FOR EACH ROW
  WHEN ((OLD.status = 'COMPLETED' AND OLD.score IS NOT NULL AND OLD.evaluator_id IS NOT NULL)
          IS DISTINCT FROM (NEW.status = 'COMPLETED' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL)
        OR (NEW.status = 'COMPLETED' AND NEW.score IS NOT NULL AND NEW.evaluator_id IS NOT NULL
            AND (date_trunc('hour', OLD.created_at, 'UTC') IS DISTINCT FROM date_trunc('hour', NEW.created_at, 'UTC')
                 OR OLD.evaluator_id IS DISTINCT FROM NEW.evaluator_id OR OLD.account_id IS DISTINCT FROM NEW.account_id
                 OR OLD.score IS DISTINCT FROM NEW.score OR OLD.critical_fail IS DISTINCT FROM NEW.critical_fail)))
  EXECUTE FUNCTION svc_hour_stats_transcription_updated();

-- Backfill from the rows already there.
INSERT INTO svc_criterion_hour_stats (account_id, evaluator_id, criterion_id, hour, evaluated, failed, raw_sum)
SELECT t.account_id, t.evaluator_id, r.criterion_id, date_trunc('hour', t.created_at, 'UTC'),
       count(*), count(*) FILTER (WHERE r.status = 'FAIL'), sum(r.score_raw_ai)
FROM svc_transcriptions t JOIN svc_criterion_results r ON r.transcription_id = t.id
WHERE t.status = 'COMPLETED' AND t.score IS NOT NULL AND t.evaluator_id IS NOT NULL
GROUP BY 1, 2, 3, 4;

INSERT INTO svc_evaluator_hour_stats (account_id, evaluator_id, hour, calls, score_sum, passed)
SELECT account_id, evaluator_id, date_trunc('hour', created_at, 'UTC'), count(*), sum(score),
       count(*) FILTER (WHERE score >= 50 AND NOT coalesce(critical_fail, false))
FROM svc_transcriptions
WHERE status = 'COMPLETED' AND score IS NOT NULL AND evaluator_id IS NOT NULL
GROUP BY 1, 2, 3;
