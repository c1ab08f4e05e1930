-- AlterTable
ALTER TABLE "hub_assignments" ALTER COLUMN "assigned_by" DROP NOT NULL;
