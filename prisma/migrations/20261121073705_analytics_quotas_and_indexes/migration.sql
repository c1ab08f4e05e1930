-- CreateTable
CREATE TABLE "svc_analytics_quota_usage" (
    "account_id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "used" INTEGER NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_analytics_quota_usage_pkey" PRIMARY KEY ("account_id","operation","month")
);

-- ── Hand-written (Prisma's schema language cannot express these) ──

-- The quota rows belong to their account (Account keeps no back-relation in the Prisma schema).
ALTER TABLE "svc_analytics_quota_usage" ADD CONSTRAINT "svc_analytics_quota_usage_account_id_fkey"
    FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Analytics read only COMPLETED transcriptions with a score, newest first (created_at DESC, id DESC
-- breaks ties), per evaluator, per participant or account-wide. Partial covering indexes: the
-- selection is an index-only range scan that already yields every column the dashboards need.
CREATE INDEX "svc_transcriptions_analytics_evaluator_idx" ON "svc_transcriptions"
    ("account_id", "evaluator_id", "created_at" DESC, "id" DESC)
    INCLUDE ("score", "critical_fail", "duration", "review_group", "participant_id")
    WHERE "status" = 'COMPLETED' AND "score" IS NOT NULL;

CREATE INDEX "svc_transcriptions_analytics_participant_idx" ON "svc_transcriptions"
    ("account_id", "participant_id", "created_at" DESC, "id" DESC)
    INCLUDE ("score", "critical_fail", "duration", "review_group", "evaluator_id")
    WHERE "status" = 'COMPLETED' AND "score" IS NOT NULL;

CREATE INDEX "svc_transcriptions_analytics_account_idx" ON "svc_transcriptions"
    ("account_id", "created_at" DESC, "id" DESC)
    INCLUDE ("score", "critical_fail", "duration", "review_group", "evaluator_id", "participant_id")
    WHERE "status" = 'COMPLETED' AND "score" IS NOT NULL;

-- Per-criterion statistics join the selected transcriptions to their results. Once the table
-- holds more than a couple of accounts, the planner probes this index per selected transcription,
-- index-only, rather than hash-joining the whole table (the bench shows both: 2 and 6 tenants).
CREATE INDEX "svc_criterion_results_analytics_idx" ON "svc_criterion_results"
    ("transcription_id") INCLUDE ("criterion_id", "status", "score_raw_ai");

-- raw_data.failed_criteria: the names of a transcription's failed criteria, in breakdown order.
CREATE INDEX "svc_criterion_results_failed_idx" ON "svc_criterion_results"
    ("transcription_id", "position") INCLUDE ("name")
    WHERE "status" = 'FAIL';

-- evaluator_id and participant_id each determine account_id: without these statistics the planner
-- multiplies the selectivities, underestimates a scope's rows several times over and prefers a
-- bitmap scan and sort to the analytics index (seen with six tenants in the bench database).
CREATE STATISTICS "svc_transcriptions_owner_stats" (dependencies, ndistinct)
    ON "account_id", "evaluator_id", "participant_id" FROM "svc_transcriptions";
