ALTER TABLE "memberships" ADD COLUMN "price" bigint;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "renewal_rule" varchar(12) DEFAULT 'from_expiry' NOT NULL;--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD COLUMN "reason" varchar(250);--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_renewal_rule_check" CHECK ("memberships"."renewal_rule" in ('from_expiry', 'from_today'));