CREATE TABLE "import_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"row_number" integer NOT NULL,
	"raw" jsonb NOT NULL,
	"errors" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secret" text,
	"outcome" varchar(10) DEFAULT 'pending' NOT NULL,
	"record_id" integer,
	"previous" jsonb,
	"record_stamp" timestamp (6) with time zone,
	"note" text,
	CONSTRAINT "import_rows_outcome_check" CHECK ("import_rows"."outcome" in ('pending', 'created', 'updated', 'skipped', 'rejected', 'undone'))
);
--> statement-breakpoint
ALTER TABLE "imports" DROP CONSTRAINT "imports_status_check";--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "mode" varchar(6) DEFAULT 'create' NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "dry_run" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "filename" varchar(255);--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "created_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "updated_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "skipped_rows" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "rejected_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_rows_import_row_key" ON "import_rows" USING btree ("import_id","row_number");--> statement-breakpoint
CREATE INDEX "import_rows_record_idx" ON "import_rows" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "imports_kind_reference_key" ON "imports" USING btree ("kind","external_reference");--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_mode_check" CHECK ("imports"."mode" in ('create', 'update', 'skip'));--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('acknowledged', 'processing', 'completed', 'failed', 'undone'));