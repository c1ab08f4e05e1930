-- CreateEnum
CREATE TYPE "hub_report_kind" AS ENUM ('account', 'evaluator', 'participant');

-- CreateEnum
CREATE TYPE "hub_report_run_status" AS ENUM ('planned', 'skipped', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "hub_quota_ledger" (
    "scope" TEXT NOT NULL,
    "endpoint" TEXT NOT NULL,
    "month" DATE NOT NULL,
    "limit" INTEGER NOT NULL,
    "reserved" INTEGER NOT NULL DEFAULT 0,
    "used" INTEGER NOT NULL DEFAULT 0,
    "exhausted_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_quota_ledger_pkey" PRIMARY KEY ("scope","endpoint","month")
);

-- CreateTable
CREATE TABLE "hub_report_runs" (
    "id" UUID NOT NULL,
    "scope" TEXT NOT NULL,
    "kind" "hub_report_kind" NOT NULL,
    "subject_id" TEXT NOT NULL,
    "subject_tag" TEXT,
    "period" TEXT NOT NULL,
    "period_start" DATE NOT NULL,
    "period_end" DATE NOT NULL,
    "quota_month" DATE NOT NULL,
    "due_at" TIMESTAMPTZ(3) NOT NULL,
    "priority" INTEGER NOT NULL,
    "status" "hub_report_run_status" NOT NULL,
    "reason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "hub_report_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hub_report_snapshots" (
    "id" UUID NOT NULL,
    "run_id" UUID NOT NULL,
    "endpoint" TEXT NOT NULL,
    "request" JSONB NOT NULL,
    "data" JSONB NOT NULL,
    "kpis" JSONB NOT NULL,
    "row_count" INTEGER NOT NULL,
    "fetched_at" TIMESTAMPTZ(3) NOT NULL,
    "export_target" TEXT,
    "exported_at" TIMESTAMPTZ(3),
    "export_error" TEXT,

    CONSTRAINT "hub_report_snapshots_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "hub_report_runs_scope_quota_month_status_idx" ON "hub_report_runs"("scope", "quota_month", "status");

-- CreateIndex
CREATE INDEX "hub_report_runs_status_due_at_idx" ON "hub_report_runs"("status", "due_at");

-- CreateIndex
CREATE UNIQUE INDEX "hub_report_runs_scope_kind_subject_id_period_key" ON "hub_report_runs"("scope", "kind", "subject_id", "period");

-- CreateIndex
CREATE UNIQUE INDEX "hub_report_snapshots_run_id_key" ON "hub_report_snapshots"("run_id");

-- AddForeignKey
ALTER TABLE "hub_report_snapshots" ADD CONSTRAINT "hub_report_snapshots_run_id_fkey" FOREIGN KEY ("run_id") REFERENCES "hub_report_runs"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written: counts never go negative (settling clamps at 0, and this catches any other mistake).
ALTER TABLE "hub_quota_ledger" ADD CONSTRAINT "hub_quota_ledger_counts_check" CHECK ("reserved" >= 0 AND "used" >= 0 AND "limit" >= 0);
