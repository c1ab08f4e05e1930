-- CreateEnum
CREATE TYPE "svc_webhook_delivery_status" AS ENUM ('pending', 'delivered', 'failed');

-- AlterTable
ALTER TABLE "svc_transcriptions" ADD COLUMN     "processing_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "queued_at" TIMESTAMPTZ(3),
ADD COLUMN     "recording_key" TEXT,
ADD COLUMN     "source_filename" TEXT,
ADD COLUMN     "upload_expires_at" TIMESTAMPTZ(3),
ADD COLUMN     "upload_started_at" TIMESTAMPTZ(3),
ADD COLUMN     "upload_token_hash" TEXT;

-- CreateTable
CREATE TABLE "svc_webhook_deliveries" (
    "id" UUID NOT NULL,
    "account_id" UUID NOT NULL,
    "transcription_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "payload" TEXT NOT NULL,
    "status" "svc_webhook_delivery_status" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "svc_webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "svc_webhook_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "number" INTEGER NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status_code" INTEGER,
    "error" TEXT,
    "response_excerpt" TEXT,

    CONSTRAINT "svc_webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_account_id_status_idx" ON "svc_webhook_deliveries"("account_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "svc_webhook_deliveries_transcription_id_event_type_url_key" ON "svc_webhook_deliveries"("transcription_id", "event_type", "url");

-- CreateIndex
CREATE UNIQUE INDEX "svc_webhook_attempts_delivery_id_number_key" ON "svc_webhook_attempts"("delivery_id", "number");

-- CreateIndex
CREATE INDEX "svc_transcriptions_account_id_status_queued_at_idx" ON "svc_transcriptions"("account_id", "status", "queued_at");

-- AddForeignKey
ALTER TABLE "svc_webhook_deliveries" ADD CONSTRAINT "svc_webhook_deliveries_account_id_fkey" FOREIGN KEY ("account_id") REFERENCES "svc_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "svc_webhook_attempts" ADD CONSTRAINT "svc_webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "svc_webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;
