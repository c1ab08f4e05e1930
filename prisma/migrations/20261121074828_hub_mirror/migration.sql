-- CreateTable
CREATE TABLE "hub_webhook_receipts" (
    "id" TEXT NOT NULL,
    "transcription_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "enqueued_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_webhook_receipts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_transcriptions" (
    "id" UUID NOT NULL,
    "status" TEXT NOT NULL,
    "review_group" TEXT,
    "configuration_id" UUID NOT NULL,
    "configuration_tag" TEXT NOT NULL,
    "name" TEXT,
    "duration" DOUBLE PRECISION NOT NULL,
    "language" TEXT,
    "num_speakers" INTEGER,
    "participant_id" UUID,
    "participant_tag" TEXT,
    "evaluator_id" UUID,
    "evaluator_tag" TEXT,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "conversation" JSONB,
    "summary" JSONB,
    "fields" JSONB,
    "score" DOUBLE PRECISION,
    "critical_fail" BOOLEAN,
    "evaluation_status" TEXT,
    "evaluation_generated_at" TIMESTAMPTZ(3),
    "evaluation_language" TEXT,
    "summary_feedback" TEXT,
    "error_code" TEXT,
    "error_message" TEXT,
    "first_mirrored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "mirrored_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deleted_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_transcriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_criterion_results" (
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "max_weight" DOUBLE PRECISION NOT NULL,
    "score_raw_ai" DOUBLE PRECISION NOT NULL,
    "score_obtained" DOUBLE PRECISION NOT NULL,
    "reasoning" TEXT NOT NULL,
    "quote" TEXT NOT NULL,
    "feedback" TEXT,
    "evaluator_id" UUID,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "hub_criterion_results_pkey" PRIMARY KEY ("transcription_id","criterion_id")
);

-- CreateIndex
CREATE INDEX "hub_webhook_receipts_transcription_id_received_at_idx" ON "hub_webhook_receipts"("transcription_id", "received_at");

-- CreateIndex
CREATE INDEX "hub_webhook_receipts_received_at_idx" ON "hub_webhook_receipts"("received_at");

-- CreateIndex
CREATE INDEX "hub_transcriptions_recorded_at_idx" ON "hub_transcriptions"("recorded_at");

-- CreateIndex
CREATE INDEX "hub_transcriptions_status_recorded_at_idx" ON "hub_transcriptions"("status", "recorded_at");

-- CreateIndex
CREATE INDEX "hub_transcriptions_critical_fail_review_group_idx" ON "hub_transcriptions"("critical_fail", "review_group");

-- CreateIndex
CREATE INDEX "hub_transcriptions_evaluator_id_recorded_at_idx" ON "hub_transcriptions"("evaluator_id", "recorded_at");

-- CreateIndex
CREATE INDEX "hub_transcriptions_participant_id_recorded_at_idx" ON "hub_transcriptions"("participant_id", "recorded_at");

-- CreateIndex
CREATE INDEX "hub_criterion_results_criterion_id_status_recorded_at_idx" ON "hub_criterion_results"("criterion_id", "status", "recorded_at");

-- AddForeignKey
ALTER TABLE "hub_criterion_results" ADD CONSTRAINT "hub_criterion_results_transcription_id_fkey" FOREIGN KEY ("transcription_id") REFERENCES "hub_transcriptions"("id") ON DELETE CASCADE ON UPDATE CASCADE;
