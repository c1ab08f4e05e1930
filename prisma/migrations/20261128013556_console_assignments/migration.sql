-- CreateTable
CREATE TABLE "hub_assignments" (
    "transcription_id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "assigned_by" UUID NOT NULL,
    "assigned_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "hub_assignments_pkey" PRIMARY KEY ("transcription_id")
);

-- CreateIndex
CREATE INDEX "hub_assignments_user_id_idx" ON "hub_assignments"("user_id");
