-- AlterTable
ALTER TABLE "hub_console_users" ADD COLUMN     "participant_id" UUID;

-- CreateTable
CREATE TABLE "hub_calibration_sessions" (
    "id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "created_by" UUID NOT NULL,
    "deadline" TIMESTAMPTZ(3),
    "revealed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_calibration_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_calibration_calls" (
    "session_id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "hub_calibration_calls_pkey" PRIMARY KEY ("session_id","transcription_id")
);

-- CreateTable
CREATE TABLE "hub_calibration_reviewers" (
    "session_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "submitted_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_calibration_reviewers_pkey" PRIMARY KEY ("session_id","user_id")
);

-- CreateTable
CREATE TABLE "hub_calibration_verdicts" (
    "session_id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_calibration_verdicts_pkey" PRIMARY KEY ("session_id","transcription_id","criterion_id","user_id")
);

-- CreateTable
CREATE TABLE "hub_calibration_benchmarks" (
    "session_id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "set_by" UUID NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_calibration_benchmarks_pkey" PRIMARY KEY ("session_id","transcription_id","criterion_id")
);

-- CreateTable
CREATE TABLE "hub_disputes" (
    "id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "opened_by" UUID,
    "reason" TEXT NOT NULL,
    "proposed_value" DOUBLE PRECISION NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "resolved_value" DOUBLE PRECISION,
    "resolution_note" TEXT,
    "resolved_by" TEXT,
    "resolved_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_disputes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_coaching_notes" (
    "id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "author" TEXT NOT NULL,
    "author_id" UUID,
    "body" TEXT NOT NULL,
    "acknowledged_at" TIMESTAMPTZ(3),
    "acknowledged_by" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_coaching_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hub_calibration_sessions_created_at_idx" ON "hub_calibration_sessions"("created_at");

-- CreateIndex
CREATE INDEX "hub_calibration_calls_transcription_id_idx" ON "hub_calibration_calls"("transcription_id");

-- CreateIndex
CREATE INDEX "hub_calibration_reviewers_user_id_idx" ON "hub_calibration_reviewers"("user_id");

-- CreateIndex
CREATE INDEX "hub_disputes_status_created_at_idx" ON "hub_disputes"("status", "created_at");

-- CreateIndex
CREATE INDEX "hub_disputes_transcription_id_criterion_id_idx" ON "hub_disputes"("transcription_id", "criterion_id");

-- CreateIndex
CREATE INDEX "hub_disputes_criterion_id_status_idx" ON "hub_disputes"("criterion_id", "status");

-- CreateIndex
CREATE INDEX "hub_coaching_notes_transcription_id_created_at_idx" ON "hub_coaching_notes"("transcription_id", "created_at");

-- CreateIndex
CREATE INDEX "hub_coaching_notes_acknowledged_at_idx" ON "hub_coaching_notes"("acknowledged_at");

-- CreateIndex
CREATE INDEX "hub_console_users_participant_id_idx" ON "hub_console_users"("participant_id");

-- AddForeignKey
ALTER TABLE "hub_calibration_calls" ADD CONSTRAINT "hub_calibration_calls_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "hub_calibration_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hub_calibration_reviewers" ADD CONSTRAINT "hub_calibration_reviewers_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "hub_calibration_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hub_calibration_verdicts" ADD CONSTRAINT "hub_calibration_verdicts_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "hub_calibration_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hub_calibration_benchmarks" ADD CONSTRAINT "hub_calibration_benchmarks_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "hub_calibration_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One open dispute per criterion of a call (hand-written: a partial index Prisma cannot declare).
CREATE UNIQUE INDEX "hub_disputes_one_open_per_criterion" ON "hub_disputes"("transcription_id", "criterion_id") WHERE "status" = 'open';
