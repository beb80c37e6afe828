-- Every sortable listing column gets an index that matches its sort SQL exactly, so a deep page
-- walks an index instead of sorting the table. The listing engine sorts `<key> DESC NULLS LAST,
-- id DESC NULLS LAST` (or the same ascending, NULLS FIRST), which one `DESC NULLS LAST` index
-- serves read forwards or backwards (the schema's own indexes on date, total and created
-- already are; these are the sorts that had none).
-- Checked by listing-indexes.test.ts (no Sort node in any sortable column's plan).

-- The name a listing shows for a person: concat_ws is only STABLE, so an index cannot use it;
-- this is the same words in an IMMUTABLE function (SQL, so the planner inlines it).
CREATE OR REPLACE FUNCTION person_name(first_name text, last_name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ select nullif(trim(coalesce(first_name, '') || case when first_name is not null and last_name is not null then ' ' else '' end || coalesce(last_name, '')), '') $$;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_number_sort_idx" ON "contributions" ((upper(coalesce("invoice_number", "client_uuid"))) DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_location_sort_idx" ON "contributions" ("bill_country" DESC NULLS LAST, "bill_state" DESC NULLS LAST, "bill_city" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_net_sort_idx" ON "contributions" (("total_amount" - "refunded_amount") DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_payment_sort_idx" ON "contributions" ("payment_type" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_source_sort_idx" ON "contributions" ("source" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_gift_id_sort_idx" ON "contributions" ("gift_id" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_name_sort_idx" ON "supporters" ((lower(coalesce(nullif("display_name", ''), person_name("first_name", "last_name"), "email", 'Unnamed supporter'))) DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_email_sort_idx" ON "supporters" ((lower("email")) DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_last_payment_sort_idx" ON "supporters" ("last_payment_at" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_referral_source_sort_idx" ON "supporters" ("referral_source" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_nps_sort_idx" ON "supporters" ("nps" DESC NULLS LAST, "id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "supporters_donor_id_sort_idx" ON "supporters" ("donor_id" DESC NULLS LAST, "id" DESC NULLS LAST);
