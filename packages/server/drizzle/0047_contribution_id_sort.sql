-- Issue 41: lists name a contribution by its short number (#2401, its id), so the contributions
-- list's Contribution column sorts by id. The listing sorts `id DESC NULLS LAST` (or ASC NULLS
-- FIRST: nulls as the smallest value, see 0009), which the primary key (ASC NULLS LAST) serves in
-- neither direction; this index serves both. Checked by listing-indexes.test.ts.
CREATE INDEX IF NOT EXISTS "contributions_id_sort_idx" ON "contributions" ("id" DESC NULLS LAST);
--> statement-breakpoint
-- The invoice-number sort it replaces has no reader left (lists and reports sort the column by id).
DROP INDEX IF EXISTS "contributions_number_sort_idx";
