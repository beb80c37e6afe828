CREATE TABLE "log_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" varchar(500) NOT NULL,
	"source" varchar(100) NOT NULL,
	"level" varchar(10) NOT NULL,
	"user_id" integer,
	"ip_address" varchar(45),
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "log_entries_level_check" CHECK ("log_entries"."level" in ('info', 'warning', 'error'))
);
--> statement-breakpoint
ALTER TABLE "log_entries" ADD CONSTRAINT "log_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_entries_created_idx" ON "log_entries" USING btree ("created_at" DESC NULLS LAST);