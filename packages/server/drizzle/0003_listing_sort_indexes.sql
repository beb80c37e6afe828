-- The supporters listing sorts by lifetime giving (donations + purchases) and by payment count;
-- expression indexes let a deep page walk the index instead of sorting every supporter.
CREATE INDEX IF NOT EXISTS "supporters_lifetime_total_idx" ON "supporters" (("lifetime_donation_amount" + "lifetime_purchase_amount") DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_payments_idx" ON "supporters" (("lifetime_donation_count" + "lifetime_purchase_count") DESC NULLS LAST, "id" DESC NULLS LAST);
