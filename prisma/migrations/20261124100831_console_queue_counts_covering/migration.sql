-- Hand-written: the console queue's partial indexes carry review_group, so the queue's counts
-- (total, pending, no group, reviewed) are an index-only scan instead of a heap visit per call.
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_idx";
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_evaluator_idx";
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_participant_idx";
CREATE INDEX "hub_transcriptions_console_queue_idx" ON "hub_transcriptions" ("recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_evaluator_idx" ON "hub_transcriptions" ("evaluator_id", "recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_participant_idx" ON "hub_transcriptions" ("participant_id", "recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');

-- Hand-written: a call's failed criteria (the queue's "Failed criteria" column and its criterion
-- choices) read from one small index instead of visiting every result row of the call.
CREATE INDEX "hub_criterion_results_failed_idx" ON "hub_criterion_results" ("transcription_id", "position") INCLUDE ("criterion_id", "name")
  WHERE "status" = 'FAIL';
