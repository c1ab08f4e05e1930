-- CreateTable
CREATE TABLE "hub_console_users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "is_active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deactivated_at" TIMESTAMPTZ(3),
    "last_sign_in_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_console_users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_console_sessions" (
    "sid" VARCHAR NOT NULL,
    "sess" JSONB NOT NULL,
    "expire" TIMESTAMPTZ(6) NOT NULL,

    CONSTRAINT "hub_console_sessions_pkey" PRIMARY KEY ("sid")
);

-- CreateTable
CREATE TABLE "hub_review_overrides" (
    "transcription_id" UUID NOT NULL,
    "criterion_id" UUID NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "reason" TEXT NOT NULL,
    "user_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_review_overrides_pkey" PRIMARY KEY ("transcription_id","criterion_id")
);

-- CreateTable
CREATE TABLE "hub_review_notes" (
    "id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_review_notes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_reviews" (
    "transcription_id" UUID NOT NULL,
    "effective_score" DOUBLE PRECISION,
    "effective_critical_fail" BOOLEAN,
    "override_count" INTEGER NOT NULL DEFAULT 0,
    "note_count" INTEGER NOT NULL DEFAULT 0,
    "reviewed_at" TIMESTAMPTZ(3) NOT NULL,
    "reviewed_by" UUID NOT NULL,

    CONSTRAINT "hub_reviews_pkey" PRIMARY KEY ("transcription_id")
);

-- CreateTable
CREATE TABLE "hub_audit_events" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "transcription_id" UUID,
    "user_id" UUID,
    "actor" TEXT NOT NULL,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "hub_console_users_email_key" ON "hub_console_users"("email");

-- CreateIndex
CREATE INDEX "hub_console_sessions_expire_idx" ON "hub_console_sessions"("expire");

-- CreateIndex
CREATE INDEX "hub_review_overrides_criterion_id_idx" ON "hub_review_overrides"("criterion_id");

-- CreateIndex
CREATE INDEX "hub_review_notes_transcription_id_created_at_idx" ON "hub_review_notes"("transcription_id", "created_at");

-- CreateIndex
CREATE INDEX "hub_audit_events_transcription_id_created_at_idx" ON "hub_audit_events"("transcription_id", "created_at");

-- CreateIndex
CREATE INDEX "hub_audit_events_created_at_idx" ON "hub_audit_events"("created_at");

-- CreateIndex
CREATE INDEX "hub_transcriptions_critical_fail_recorded_at_id_idx" ON "hub_transcriptions"("critical_fail", "recorded_at" DESC, "id" DESC);

-- Hand-written: the console's review queue (critical fails waiting for review, newest first).
CREATE INDEX "hub_transcriptions_console_queue_idx" ON "hub_transcriptions" ("recorded_at" DESC, "id" DESC)
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_evaluator_idx" ON "hub_transcriptions" ("evaluator_id", "recorded_at" DESC, "id" DESC)
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
CREATE INDEX "hub_transcriptions_console_queue_participant_idx" ON "hub_transcriptions" ("participant_id", "recorded_at" DESC, "id" DESC)
  WHERE "critical_fail" AND "deleted_at" IS NULL AND ("review_group" IS NULL OR "review_group" = 'PENDING_REVIEW');
