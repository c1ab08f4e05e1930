-- Full-text search over the mirrored transcripts (docs/console.md "The calls page"): an expression
-- GIN index on every string of the conversation (src/hub/review/find-calls.ts queries the same
-- expression, so PostgreSQL uses the index).
CREATE INDEX "hub_transcriptions_search_idx" ON "hub_transcriptions"
  USING gin (jsonb_to_tsvector('english'::regconfig, "conversation", '["string"]'::jsonb));

-- The calls page's tabs: newest first within a review group.
CREATE INDEX "hub_transcriptions_group_recorded_idx" ON "hub_transcriptions" ("review_group", "recorded_at" DESC, "id" DESC);
