-- The receipt sweeper claims unsent receipts under a lease (short statements, no transaction open
-- while it calls Redis), and a lease left by a sweeper that died runs out.
-- AlterTable
ALTER TABLE "hub_webhook_receipts" ADD COLUMN     "lease_until" TIMESTAMPTZ(3);
