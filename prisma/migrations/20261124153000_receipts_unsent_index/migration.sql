-- Hand-written: an index of only the receipts whose mirror job is not queued yet, read by the
-- receipt sweeper every few seconds and counted by the admin API.
CREATE INDEX "hub_webhook_receipts_unsent_idx" ON "hub_webhook_receipts" ("received_at") WHERE "enqueued_at" IS NULL;
