-- Trigram indexes let the listings' search box ("contains these words") use an index instead of
-- reading every row: staff search a million contributions by name, email or number.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_search_trgm_idx" ON "contributions" USING gin ("searchable_text" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_search_trgm_idx" ON "supporters" USING gin ("searchable_text" gin_trgm_ops);
