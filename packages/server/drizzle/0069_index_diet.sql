-- Issue 31: the ledger's index diet, by evidence. `npm run bench:indexes` at 1M contributions and
-- 250k supporters (every GET route, every listing sorted and searched, every exportable listing's
-- filters) scanned none of these; each was then checked against the writers and jobs the bench
-- does not run. Every gift, supporter and event written pays for each index it carries.
--
-- Dropped, nothing needs them:
-- - supporters_display_name_idx: nothing compares lower(display_name); searches use the trigram index.
-- - supporters_account_type_idx: the supporters filter by type walks the created order (a type is
--   a large share of supporters), and account types are never deleted.
-- - contribution_items_variant_idx: nothing looks items up by variant (a cart looks inside one
--   contribution); variants are only ever archived, so no foreign-key check needs it.
-- - contributions_refunded_idx, contributions_fulfilled_idx: the list filters on the stored
--   status (contributions_status_idx), which says refunded and fulfilled.
-- - contributions_referral_idx: referral source is shown, never filtered; its sort walks the table.
-- - domain_events_type_idx: consumers read events by id; nothing asks by type.
-- Dropped, another index serves them: supporters_email_idx (lower(email)), supporters_donor_id_idx
-- and supporters_referral_source_idx lead with the same column as the listing's sort indexes
-- (migration 0009: supporters_email_sort_idx, supporters_donor_id_sort_idx,
-- supporters_referral_source_sort_idx), which the planner already chose for an e-mail lookup.
DROP INDEX "supporters_email_idx";--> statement-breakpoint
DROP INDEX "supporters_donor_id_idx";--> statement-breakpoint
DROP INDEX "supporters_referral_source_idx";--> statement-breakpoint
DROP INDEX "supporters_display_name_idx";--> statement-breakpoint
DROP INDEX "supporters_account_type_idx";--> statement-breakpoint
DROP INDEX "contribution_items_variant_idx";--> statement-breakpoint
DROP INDEX "contributions_refunded_idx";--> statement-breakpoint
DROP INDEX "contributions_fulfilled_idx";--> statement-breakpoint
DROP INDEX "contributions_referral_idx";--> statement-breakpoint
DROP INDEX "domain_events_type_idx";--> statement-breakpoint
-- Replaced: the form's possible duplicates (supporters.edit.ts) compare names case-blind, which
-- the plain (last_name, first_name) index could not serve; it left each keystroke a full scan.
DROP INDEX "supporters_name_idx";--> statement-breakpoint
-- Made partial: read by a key most rows do not have (a referrer, a sponsorship, a fundraising
-- page, a recurring profile, a year-end run), so a row without one writes no entry.
-- supporters_referred_by_idx: erasing or merging a supporter clears the referrals naming it.
-- contribution_items_sponsorship_idx: a sponsorship's payments. contribution_items_fundraising_idx:
-- a fundraising page's gifts. contributions_profile_idx: a recurring profile's gifts.
-- tax_receipts_year_end_run_idx: a year-end run's receipts and totals.
DROP INDEX "supporters_referred_by_idx";--> statement-breakpoint
DROP INDEX "contribution_items_sponsorship_idx";--> statement-breakpoint
DROP INDEX "contribution_items_fundraising_idx";--> statement-breakpoint
DROP INDEX "contributions_profile_idx";--> statement-breakpoint
DROP INDEX "tax_receipts_year_end_run_idx";--> statement-breakpoint
CREATE INDEX "supporters_name_idx" ON "supporters" USING btree (lower("last_name"),lower("first_name"));--> statement-breakpoint
CREATE INDEX "supporters_referred_by_idx" ON "supporters" USING btree ("referred_by_supporter_id") WHERE "supporters"."referred_by_supporter_id" is not null;--> statement-breakpoint
CREATE INDEX "contribution_items_sponsorship_idx" ON "contribution_items" USING btree ("sponsorship_id") WHERE "contribution_items"."sponsorship_id" is not null;--> statement-breakpoint
CREATE INDEX "contribution_items_fundraising_idx" ON "contribution_items" USING btree ("fundraising_page_id") WHERE "contribution_items"."fundraising_page_id" is not null;--> statement-breakpoint
CREATE INDEX "contributions_profile_idx" ON "contributions" USING btree ("recurring_payment_profile_id") WHERE "contributions"."recurring_payment_profile_id" is not null;--> statement-breakpoint
CREATE INDEX "tax_receipts_year_end_run_idx" ON "tax_receipts" USING btree ("year_end_run_id") WHERE "tax_receipts"."year_end_run_id" is not null;
