-- AlterTable
ALTER TABLE "hub_transcriptions" ADD COLUMN     "sampled" BOOLEAN NOT NULL DEFAULT false;

-- Hand-written: the review queue holds critical fails and sampled calls (docs/console.md "Sampling"),
-- so its partial indexes take the same predicate as its WHERE clause (src/hub/review/review-queue.ts).
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_idx";
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_evaluator_idx";
DROP INDEX IF EXISTS "hub_transcriptions_console_queue_participant_idx";
CREATE INDEX "hub_transcriptions_console_queue_idx" ON "hub_transcriptions" ("recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE ("critical_fail" OR "sampled") AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_evaluator_idx" ON "hub_transcriptions" ("evaluator_id", "recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE ("critical_fail" OR "sampled") AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_participant_idx" ON "hub_transcriptions" ("participant_id", "recorded_at" DESC, "id" DESC) INCLUDE ("review_group")
  WHERE ("critical_fail" OR "sampled") AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
