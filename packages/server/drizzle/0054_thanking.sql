ALTER TABLE "contribution_status_history" DROP CONSTRAINT "contribution_status_history_event_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "thank_you_letter" text;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "acknowledged_on" date;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD COLUMN "appeal_id" integer;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributions_unacknowledged_idx" ON "contributions" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contributions"."acknowledged_on" is null and "contributions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_campaign_idx" ON "gift_batch_gifts" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_appeal_idx" ON "gift_batch_gifts" USING btree ("appeal_id");--> statement-breakpoint
ALTER TABLE "contribution_status_history" ADD CONSTRAINT "contribution_status_history_event_check" CHECK ("contribution_status_history"."event" in ('created', 'paid', 'payment_pending', 'payment_failed', 'fulfilled', 'unfulfilled', 'refunded', 'partially_refunded', 'marked_spam', 'unmarked_spam', 'deleted', 'restored', 'note', 'confirmation_sent', 'thanked'));