-- Issue 36 item 9: a supporter erased on their request keeps their row (gifts and receipts add up
-- to it) with when and by whom; searches, pickers and edits leave it alone.
ALTER TABLE "supporters" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "erased_by" integer;--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_erased_by_users_id_fk" FOREIGN KEY ("erased_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;