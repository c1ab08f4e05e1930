-- AlterTable
ALTER TABLE "svc_accounts" ADD COLUMN     "previous_webhook_secret" TEXT,
ADD COLUMN     "previous_webhook_secret_expires_at" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "svc_webhook_deliveries" ADD COLUMN     "last_replayed_at" TIMESTAMPTZ(3),
ADD COLUMN     "replay_count" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "series_start_attempt" INTEGER NOT NULL DEFAULT 0,
ALTER COLUMN "transcription_id" DROP NOT NULL;

-- AlterTable
ALTER TABLE "hub_webhook_receipts" ADD COLUMN     "duplicates" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "last_duplicate_at" TIMESTAMPTZ(3),
ADD COLUMN     "mirrored_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "hub_webhook_rejections" (
    "id" UUID NOT NULL,
    "outcome" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "webhook_id" TEXT,
    "path" TEXT NOT NULL,
    "received_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_webhook_rejections_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hub_webhook_rejections_received_at_idx" ON "hub_webhook_rejections"("received_at");

-- CreateIndex
CREATE INDEX "svc_webhook_deliveries_account_id_created_at_idx" ON "svc_webhook_deliveries"("account_id", "created_at");
