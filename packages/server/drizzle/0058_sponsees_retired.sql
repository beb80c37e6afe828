ALTER TABLE "sponsorships" ADD COLUMN "retired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD COLUMN "retired_reason" varchar(250);