-- AlterTable
ALTER TABLE "svc_configurations" ADD COLUMN     "redaction" JSONB;

-- AlterTable
ALTER TABLE "hub_transcriptions" ADD COLUMN     "redaction_policies" TEXT[] DEFAULT ARRAY[]::TEXT[];
