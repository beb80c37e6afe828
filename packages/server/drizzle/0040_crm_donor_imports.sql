CREATE TABLE "crm_donor_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"create_login" boolean DEFAULT false NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"logins" integer DEFAULT 0 NOT NULL,
	"cursor" varchar(45),
	"error" text,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "crm_donor_imports_status_check" CHECK ("crm_donor_imports"."status" in ('queued', 'running', 'complete', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "crm_donor_imports" ADD CONSTRAINT "crm_donor_imports_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;