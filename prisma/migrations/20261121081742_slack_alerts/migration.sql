-- CreateTable
CREATE TABLE "hub_alerts" (
    "id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "channel" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "maybe_posted" BOOLEAN NOT NULL DEFAULT false,
    "lease_until" TIMESTAMPTZ(3),
    "slack_channel" TEXT,
    "slack_ts" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_alerts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_alert_routes" (
    "evaluator_id" UUID NOT NULL,
    "channel" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_alert_routes_pkey" PRIMARY KEY ("evaluator_id")
);

-- CreateIndex
CREATE INDEX "hub_alerts_status_created_at_idx" ON "hub_alerts"("status", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "hub_alerts_transcription_id_kind_key" ON "hub_alerts"("transcription_id", "kind");
