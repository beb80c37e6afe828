CREATE TABLE "tax_receipt_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"currency" char(3),
	"min_amount" numeric(14, 4),
	"planned" integer DEFAULT 0 NOT NULL,
	"issued" integer DEFAULT 0 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"job_id" uuid,
	"error" text,
	"skipped" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "tax_receipt_runs_status_check" CHECK ("tax_receipt_runs"."status" in ('queued', 'running', 'completed', 'failed')),
	CONSTRAINT "tax_receipt_runs_period_check" CHECK ("tax_receipt_runs"."period_from" <= "tax_receipt_runs"."period_to"),
	CONSTRAINT "tax_receipt_runs_progress_check" CHECK ("tax_receipt_runs"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "mail_templates" (
	"key" varchar(40) PRIMARY KEY NOT NULL,
	"subject" varchar(500) NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD COLUMN "year_end_run_id" integer;--> statement-breakpoint
ALTER TABLE "tax_receipt_runs" ADD CONSTRAINT "tax_receipt_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_templates" ADD CONSTRAINT "mail_templates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_receipt_runs_created_idx" ON "tax_receipt_runs" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_year_end_run_id_tax_receipt_runs_id_fk" FOREIGN KEY ("year_end_run_id") REFERENCES "public"."tax_receipt_runs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_receipt_revisions_previous_number_idx" ON "tax_receipt_revisions" USING btree ("previous_number");--> statement-breakpoint
CREATE INDEX "tax_receipts_year_end_run_idx" ON "tax_receipts" USING btree ("year_end_run_id");