ALTER TABLE "sponsors" ALTER COLUMN "started_at" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "sponsors" ALTER COLUMN "ended_at" SET DATA TYPE date;--> statement-breakpoint
CREATE UNIQUE INDEX "sponsors_one_open_unique" ON "sponsors" USING btree ("supporter_id","sponsorship_id") WHERE "sponsors"."deleted_at" is null and "sponsors"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_end_after_start_check" CHECK ("sponsors"."ended_at" is null or "sponsors"."ended_at" >= "sponsors"."started_at");