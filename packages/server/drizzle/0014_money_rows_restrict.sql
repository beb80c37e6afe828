CREATE TABLE "refund_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"contribution_item_id" integer,
	"recurring_transaction_id" integer,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refund_items_amount_check" CHECK ("refund_items"."amount" > 0),
	CONSTRAINT "refund_items_target_check" CHECK (("refund_items"."contribution_item_id" is null) <> ("refund_items"."recurring_transaction_id" is null))
);
--> statement-breakpoint
ALTER TABLE "tributes" DROP CONSTRAINT "tributes_contribution_item_id_contribution_items_id_fk";
--> statement-breakpoint
ALTER TABLE "contribution_status_history" DROP CONSTRAINT "contribution_status_history_contribution_id_contributions_id_fk";
--> statement-breakpoint
ALTER TABLE "contribution_items" DROP CONSTRAINT "contribution_items_contribution_id_contributions_id_fk";
--> statement-breakpoint
ALTER TABLE "contribution_items" DROP CONSTRAINT "contribution_items_locked_to_item_id_contribution_items_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_contribution_id_contributions_id_fk";
--> statement-breakpoint
ALTER TABLE "payment_links" DROP CONSTRAINT "payment_links_recurring_transaction_id_recurring_transactions_id_fk";
--> statement-breakpoint
ALTER TABLE "refunds" DROP CONSTRAINT "refunds_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_fees" DROP CONSTRAINT "transaction_fees_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "transaction_fees" DROP CONSTRAINT "transaction_fees_refund_id_refunds_id_fk";
--> statement-breakpoint
ALTER TABLE "recurring_transactions" DROP CONSTRAINT "recurring_transactions_recurring_payment_profile_id_recurring_payment_profiles_id_fk";
--> statement-breakpoint
DROP INDEX "product_variants_sku_idx";--> statement-breakpoint
DROP INDEX "feeds_url_slug_unique";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" varchar(255);--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refund_items" ADD CONSTRAINT "refund_items_recurring_transaction_id_recurring_transactions_id_fk" FOREIGN KEY ("recurring_transaction_id") REFERENCES "public"."recurring_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refund_items_refund_idx" ON "refund_items" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "refund_items_item_idx" ON "refund_items" USING btree ("contribution_item_id");--> statement-breakpoint
ALTER TABLE "tributes" ADD CONSTRAINT "tributes_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_status_history" ADD CONSTRAINT "contribution_status_history_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_locked_to_item_id_contribution_items_id_fk" FOREIGN KEY ("locked_to_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_recurring_transaction_id_recurring_transactions_id_fk" FOREIGN KEY ("recurring_transaction_id") REFERENCES "public"."recurring_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_recurring_payment_profile_id_recurring_payment_profiles_id_fk" FOREIGN KEY ("recurring_payment_profile_id") REFERENCES "public"."recurring_payment_profiles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_unique" ON "product_variants" USING btree (lower("sku")) WHERE "product_variants"."sku" is not null and "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_unique" ON "refunds" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_url_slug_unique" ON "feeds" USING btree ("url_slug") WHERE "feeds"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "mediables" ADD CONSTRAINT "mediables_type_check" CHECK ("mediables"."mediable_type" in ('product', 'sponsorship', 'timeline_post', 'page', 'post', 'fundraising_page', 'virtual_event'));--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_sku_check" CHECK ("product_variants"."sku" is null or "product_variants"."sku" ~ '^[A-Za-z0-9-]{1,25}$');--> statement-breakpoint
ALTER TABLE "timeline_posts" ADD CONSTRAINT "timeline_posts_tag_check" CHECK ("timeline_posts"."tag" in ('admin', 'celebration', 'education', 'family', 'financial', 'general', 'gift', 'letter', 'medical', 'milestone', 'travel', 'update', 'weather'));--> statement-breakpoint
ALTER TABLE "timeline_posts" ADD CONSTRAINT "timeline_posts_parent_type_check" CHECK ("timeline_posts"."parent_type" in ('sponsorship'));--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_source_check" CHECK ("contributions"."source" is null or "contributions"."source" in ('Web', 'POS', 'Phone', 'Mail', 'Import', 'Kiosk', 'Messenger'));--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_dcc_type_check" CHECK ("contributions"."dcc_type" is null or "contributions"."dcc_type" in ('minimum_costs', 'more_costs', 'most_costs'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_cvc_check" CHECK ("payments"."card_cvc_check" is null or "payments"."card_cvc_check" in ('pass', 'fail', 'unavailable', 'unchecked'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_line1_check" CHECK ("payments"."card_address_line1_check" is null or "payments"."card_address_line1_check" in ('pass', 'fail', 'unavailable', 'unchecked'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_card_zip_check" CHECK ("payments"."card_address_zip_check" is null or "payments"."card_address_zip_check" in ('pass', 'fail', 'unavailable', 'unchecked'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reason_check" CHECK ("refunds"."reason" is null or "refunds"."reason" in ('duplicate', 'fraudulent', 'requested_by_customer'));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0);--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_dcc_type_check" CHECK ("recurring_payment_profiles"."dcc_type" is null or "recurring_payment_profiles"."dcc_type" in ('minimum_costs', 'more_costs', 'most_costs'));--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_dcc_type_check" CHECK ("recurring_transactions"."dcc_type" is null or "recurring_transactions"."dcc_type" in ('minimum_costs', 'more_costs', 'most_costs'));--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_content_type_check" CHECK ("webhooks"."content_type" in ('application/json', 'application/x-www-form-urlencoded'));--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_commentable_type_check" CHECK ("notes"."commentable_type" in ('supporter', 'contribution', 'sponsorship', 'recurring_payment_profile'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_kind_check" CHECK ("imports"."kind" in ('contributions', 'sponsorships', 'sponsorships-timeline', 'supporters', 'sponsee-photos'));