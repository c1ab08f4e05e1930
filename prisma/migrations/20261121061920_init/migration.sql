-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "svc_criterion_type" AS ENUM ('boolean', 'scale', 'strict');

-- CreateEnum
CREATE TYPE "svc_transcription_status" AS ENUM ('IN_PROGRESS', 'COMPLETED', 'FAILED');

-- CreateEnum
CREATE TYPE "svc_review_group" AS ENUM ('PENDING_REVIEW', 'UNDER_REVIEW', 'ARCHIVED');

-- CreateEnum
CREATE TYPE "svc_criterion_result_status" AS ENUM ('PASS', 'FAIL');

-- CreateTable
CREATE TABLE "svc_accounts" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "webhook_secret" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_api_keys" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMPTZ(3),

    CONSTRAINT "svc_api_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_configurations" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "tag" TEXT NOT NULL,
    "vocabulary" TEXT[],
    "extraction_fields" JSONB NOT NULL,
    "webhook_success_url" TEXT,
    "webhook_error_url" TEXT,
    "summary" BOOLEAN NOT NULL DEFAULT false,
    "custom_summary" TEXT,
    "summary_language" TEXT NOT NULL DEFAULT 'df',
    "analytics_language" TEXT NOT NULL DEFAULT 'df',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_configurations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_evaluators" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "tag" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "language" TEXT NOT NULL DEFAULT 'df',
    "context" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_evaluators_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_criteria" (
    "id" UUID NOT NULL,
    "evaluator_id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "type" "svc_criterion_type" NOT NULL,
    "weight" INTEGER NOT NULL,
    "position" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_criteria_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_participants" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "tag" TEXT NOT NULL,
    "metadata" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "svc_participants_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_transcriptions" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "configuration_id" UUID NOT NULL,
    "configuration_tag" TEXT NOT NULL,
    "name" TEXT,
    "status" "svc_transcription_status" NOT NULL DEFAULT 'IN_PROGRESS',
    "review_group" "svc_review_group",
    "duration" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "participant_id" UUID,
    "evaluator_id" UUID,
    "source_url" TEXT,
    "language" TEXT,
    "num_speakers" INTEGER,
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "submitted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "conversation" JSONB,
    "summary" JSONB,
    "fields" JSONB,
    "error_code" TEXT,
    "error_message" TEXT,
    "score" DOUBLE PRECISION,
    "critical_fail" BOOLEAN,
    "evaluation_status" TEXT,
    "evaluator_tag" TEXT,
    "evaluation_generated_at" TIMESTAMPTZ(3),
    "evaluation_language" TEXT,
    "evaluation_feedback" TEXT,

    CONSTRAINT "svc_transcriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_criterion_results" (
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "svc_criterion_type" NOT NULL,
    "max_weight" DOUBLE PRECISION NOT NULL,
    "score_raw_ai" DOUBLE PRECISION NOT NULL,
    "score_obtained" DOUBLE PRECISION NOT NULL,
    "status" "svc_criterion_result_status" NOT NULL,
    "reasoning" TEXT NOT NULL,
    "quote" TEXT NOT NULL,
    "feedback" TEXT,

    CONSTRAINT "svc_criterion_results_pkey" PRIMARY KEY ("transcription_id","criterion_id")
);

-- CreateIndex
CREATE UNIQUE INDEX "svc_accounts_name_key" ON "svc_accounts"("name");

-- CreateIndex
CREATE UNIQUE INDEX "svc_api_keys_hash_key" ON "svc_api_keys"("hash");

-- CreateIndex
CREATE INDEX "svc_api_keys_account_id_idx" ON "svc_api_keys"("account_id");

-- CreateIndex
CREATE INDEX "svc_configurations_account_id_created_at_idx" ON "svc_configurations"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "svc_evaluators_account_id_created_at_idx" ON "svc_evaluators"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "svc_criteria_evaluator_id_position_idx" ON "svc_criteria"("evaluator_id", "position");

-- CreateIndex
CREATE INDEX "svc_participants_account_id_created_at_idx" ON "svc_participants"("account_id", "created_at");

-- CreateIndex
CREATE INDEX "svc_transcriptions_account_id_created_at_idx" ON "svc_transcriptions"("account_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "svc_transcriptions_account_id_evaluator_id_created_at_idx" ON "svc_transcriptions"("account_id", "evaluator_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "svc_transcriptions_account_id_participant_id_created_at_idx" ON "svc_transcriptions"("account_id", "participant_id", "created_at" DESC);

-- CreateIndex
CREATE INDEX "svc_transcriptions_submitted_at_idx" ON "svc_transcriptions"("submitted_at");

-- CreateIndex
CREATE INDEX "svc_criterion_results_criterion_id_idx" ON "svc_criterion_results"("criterion_id");

-- AddForeignKey
ALTER TABLE "svc_api_keys" ADD CONSTRAINT "svc_api_keys_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_configurations" ADD CONSTRAINT "svc_configurations_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_evaluators" ADD CONSTRAINT "svc_evaluators_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_criteria" ADD CONSTRAINT "svc_criteria_evaluator_id_fkey" FOREIGN KEY ("evaluator_id") REFERENCES "svc_evaluators"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_participants" ADD CONSTRAINT "svc_participants_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_transcriptions" ADD CONSTRAINT "svc_transcriptions_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_criterion_results" ADD CONSTRAINT "svc_criterion_results_transcription_id_fkey" FOREIGN KEY ("transcription_id") REFERENCES "svc_transcriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
