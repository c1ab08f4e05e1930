-- AlterTable
ALTER TABLE "hub_report_snapshots" ALTER COLUMN "data" SET DATA TYPE JSON;
