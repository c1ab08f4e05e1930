-- AlterTable
ALTER TABLE "hub_transcriptions" ADD COLUMN     "upstream_answer" JSONB,
ALTER COLUMN "configuration_id" DROP NOT NULL,
ALTER COLUMN "configuration_tag" DROP NOT NULL,
ALTER COLUMN "duration" DROP NOT NULL;

-- CreateTable
CREATE TABLE "hub_quarantined_items" (
    "id" UUID NOT NULL,
    "operation" TEXT NOT NULL,
    "item_key" TEXT NOT NULL,
    "reason" TEXT NOT NULL,
    "issues" JSONB NOT NULL,
    "raw" JSONB,
    "first_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "times_seen" INTEGER NOT NULL DEFAULT 1,
    "resolved_at" TIMESTAMPTZ(3),

    CONSTRAINT "hub_quarantined_items_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hub_quarantined_items_resolved_at_last_seen_at_idx" ON "hub_quarantined_items"("resolved_at", "last_seen_at" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "hub_quarantined_items_operation_item_key_key" ON "hub_quarantined_items"("operation", "item_key");
