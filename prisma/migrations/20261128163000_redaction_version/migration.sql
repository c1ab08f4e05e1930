-- AlterTable: the masking rules' version each mirrored row was masked with (docs/redaction.md, "The hub").
ALTER TABLE "hub_transcriptions" ADD COLUMN "redaction_version" INTEGER NOT NULL DEFAULT 0;
