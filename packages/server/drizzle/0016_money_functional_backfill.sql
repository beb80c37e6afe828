-- Existing money rows in the organisation currency convert at 1, dated their own day in the
-- organisation's zone. Rows in other currencies keep null functional amounts: no rate existed
-- when they were written, and guessing 1.0 would misstate every total (they are left out of
-- totals rather than counted at a made-up rate).
UPDATE "payments" p SET "functional_amount" = p."amount", "functional_rate" = 1,
  "functional_rate_date" = (p."created_at" AT TIME ZONE coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'time_zone'), 'UTC'))::date
 WHERE p."functional_amount" IS NULL
   AND p."currency_code" = coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'site_currency'), 'USD');--> statement-breakpoint
UPDATE "refunds" r SET "functional_amount" = r."amount", "functional_rate" = 1,
  "functional_rate_date" = (r."created_at" AT TIME ZONE coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'time_zone'), 'UTC'))::date
 WHERE r."functional_amount" IS NULL
   AND r."currency_code" = coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'site_currency'), 'USD');--> statement-breakpoint
UPDATE "recurring_transactions" t SET "functional_amount" = t."amount", "functional_rate" = 1,
  "functional_rate_date" = (t."ordered_at" AT TIME ZONE coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'time_zone'), 'UTC'))::date
 WHERE t."functional_amount" IS NULL
   AND t."currency_code" = coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'site_currency'), 'USD');--> statement-breakpoint
UPDATE "contributions" c SET "functional_rate_date" = (coalesce(c."paid_at", c."created_at") AT TIME ZONE coalesce((SELECT "value" #>> '{}' FROM "settings" WHERE "key" = 'time_zone'), 'UTC'))::date
 WHERE c."functional_rate_date" IS NULL;
