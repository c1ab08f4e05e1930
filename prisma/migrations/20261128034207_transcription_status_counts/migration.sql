-- CreateTable
CREATE TABLE "svc_transcription_status_counts" (
    "account_id" UUID NOT NULL,
    "status" "svc_transcription_status" NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "svc_transcription_status_counts_pkey" PRIMARY KEY ("account_id","status")
);

-- ── Hand-written (Prisma's schema language cannot express these) ──
-- The migration runner splits this file by PostgreSQL's lexical rules
-- (prisma/runner/split-sql-statements.ts), so the function bodies are ordinary dollar quotes.

-- The rows belong to their account (Account keeps no back-relation in the Prisma schema).
ALTER TABLE "svc_transcription_status_counts" ADD CONSTRAINT "svc_transcription_status_counts_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- svc_transcription_status_counts holds, per account and status, how many transcriptions the account
-- has in that status. Invariant, kept by the triggers below in the transaction of every write,
-- whoever makes it (submit, processing, deletion, retention purge, seeding):
--   count = the number of rows of svc_transcriptions of that account and status (a row may be at zero).
-- list-transcriptions reads its totals here instead of counting up to millions of index entries.

-- Adds signed amounts per (account, status), in key order (two writers never wait on each other
-- in opposite orders), skipping an account already deleted in this transaction (its rows go by
-- cascade, and a row written for it would fail its foreign key).
CREATE FUNCTION "svc_transcription_status_counts_add"(p_deltas JSONB) RETURNS void LANGUAGE sql AS $$
  INSERT INTO svc_transcription_status_counts AS s (account_id, status, count)
  SELECT d.account_id, d.status, sum(d.n)
  FROM jsonb_to_recordset(p_deltas) AS d(account_id UUID, status svc_transcription_status, n INTEGER)
  WHERE EXISTS (SELECT 1 FROM svc_accounts a WHERE a.id = d.account_id)
  GROUP BY 1, 2 HAVING sum(d.n) <> 0 ORDER BY 1, 2
  ON CONFLICT (account_id, status) DO UPDATE SET count = s.count + excluded.count
$$;

-- Inserts and deletes: one pass per statement over the rows it wrote or removed (a purge batch of
-- 500, or an account's cascade, is one aggregate).
CREATE FUNCTION "svc_transcription_status_counts_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM svc_transcription_status_counts_add(
      (SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'status', status, 'n', n))
       FROM (SELECT account_id, status, count(*) AS n FROM new_rows GROUP BY 1, 2) g));
  ELSE
    PERFORM svc_transcription_status_counts_add(
      (SELECT jsonb_agg(jsonb_build_object('account_id', account_id, 'status', status, 'n', -n))
       FROM (SELECT account_id, status, count(*) AS n FROM old_rows GROUP BY 1, 2) g));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_transcription_status_counts_inserted" AFTER INSERT ON "svc_transcriptions"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION svc_transcription_status_counts_rows_changed();
CREATE TRIGGER "svc_transcription_status_counts_deleted" AFTER DELETE ON "svc_transcriptions"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION svc_transcription_status_counts_rows_changed();

-- A change of status (or of account): per row, and only when one of them changes (PostgreSQL
-- allows no transition tables on a trigger limited to columns), so every other update costs nothing.
CREATE FUNCTION "svc_transcription_status_counts_row_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM svc_transcription_status_counts_add(jsonb_build_array(
    jsonb_build_object('account_id', OLD.account_id, 'status', OLD.status, 'n', -1),
    jsonb_build_object('account_id', NEW.account_id, 'status', NEW.status, 'n', 1)));
  RETURN NULL;
END
$$;

CREATE TRIGGER "svc_transcription_status_counts_updated" AFTER UPDATE OF "status", "account_id" ON "svc_transcriptions"
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.account_id IS DISTINCT FROM NEW.account_id)
  EXECUTE FUNCTION svc_transcription_status_counts_row_moved();

-- Backfill from the rows already there.
INSERT INTO svc_transcription_status_counts (account_id, status, count)
SELECT account_id, status, count(*) FROM svc_transcriptions GROUP BY 1, 2;
