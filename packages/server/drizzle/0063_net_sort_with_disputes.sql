-- The listing's Net column became what a gift keeps after refunds and disputes (0062,
-- keptAmountSql in contributions.status.ts); its sort index follows the same expression, so a
-- sort by net still reads an index rather than sorting the ledger (listing-indexes.test.ts).
DROP INDEX IF EXISTS "contributions_net_sort_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_net_sort_idx" ON "contributions" ((greatest("total_amount" - "refunded_amount" - "disputed_amount", 0)) DESC NULLS LAST, "id" DESC NULLS LAST);
