ALTER TABLE "webhook_deliveries" ADD COLUMN "parked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "failures_in_a_row" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "probe_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "probe_queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_parked_idx" ON "webhook_deliveries" USING btree ("webhook_id","id") WHERE "webhook_deliveries"."parked_at" is not null;