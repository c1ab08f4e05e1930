-- CreateTable
CREATE TABLE "hub_digest_runs" (
    "id" UUID NOT NULL,
    "tick" TEXT NOT NULL,
    "trigger" TEXT NOT NULL,
    "pending" INTEGER NOT NULL,
    "posts" JSONB NOT NULL,
    "failures" JSONB NOT NULL,
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_digest_runs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hub_digest_runs_finished_at_idx" ON "hub_digest_runs"("finished_at");
