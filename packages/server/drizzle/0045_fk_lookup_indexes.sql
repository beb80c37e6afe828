-- Foreign keys whose referencing column had no index: deleting supporters, contributions or their
-- items (an import's undo deletes thousands at once) looked each one up with a scan of the
-- referencing table: every item per item deleted (locked_to_item_id), every contribution per
-- supporter (referrals). Partial where the column is mostly empty.
CREATE INDEX "supporter_memberships_item_idx" ON "supporter_memberships" USING btree ("contribution_item_id") WHERE "supporter_memberships"."contribution_item_id" is not null;--> statement-breakpoint
CREATE INDEX "contributions_referred_by_idx" ON "contributions" USING btree ("referred_by_supporter_id") WHERE "contributions"."referred_by_supporter_id" is not null;--> statement-breakpoint
CREATE INDEX "contribution_items_locked_to_idx" ON "contribution_items" USING btree ("locked_to_item_id") WHERE "contribution_items"."locked_to_item_id" is not null;--> statement-breakpoint
CREATE INDEX "transaction_fees_refund_idx" ON "transaction_fees" USING btree ("refund_id") WHERE "transaction_fees"."refund_id" is not null;--> statement-breakpoint
CREATE INDEX "recurring_payment_profiles_contribution_idx" ON "recurring_payment_profiles" USING btree ("contribution_id") WHERE "recurring_payment_profiles"."contribution_id" is not null;--> statement-breakpoint
CREATE INDEX "messenger_conversations_supporter_idx" ON "messenger_conversations" USING btree ("supporter_id") WHERE "messenger_conversations"."supporter_id" is not null;--> statement-breakpoint
CREATE INDEX "messenger_conversations_contribution_idx" ON "messenger_conversations" USING btree ("contribution_id") WHERE "messenger_conversations"."contribution_id" is not null;--> statement-breakpoint
CREATE INDEX "crm_syncs_contribution_idx" ON "crm_syncs" USING btree ("contribution_id");