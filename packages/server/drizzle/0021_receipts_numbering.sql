CREATE TABLE "tax_receipt_number_sequences" (
	"key" varchar(60) PRIMARY KEY NOT NULL,
	"last_value" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_receipt_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"tax_receipt_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"number" varchar(60) NOT NULL,
	"previous_number" varchar(60) NOT NULL,
	"previous" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"reason" varchar(255),
	"revised_by" integer,
	"revised_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_receipt_revisions_revision_check" CHECK ("tax_receipt_revisions"."revision" >= 1)
);
--> statement-breakpoint
ALTER TABLE "tax_receipt_lines" ADD COLUMN "live" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD COLUMN "pdf_key" varchar(255);--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD COLUMN "pdf_number" varchar(60);--> statement-breakpoint
ALTER TABLE "tax_receipt_revisions" ADD CONSTRAINT "tax_receipt_revisions_tax_receipt_id_tax_receipts_id_fk" FOREIGN KEY ("tax_receipt_id") REFERENCES "public"."tax_receipts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipt_revisions" ADD CONSTRAINT "tax_receipt_revisions_revised_by_users_id_fk" FOREIGN KEY ("revised_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tax_receipt_revisions_receipt_revision_unique" ON "tax_receipt_revisions" USING btree ("tax_receipt_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_receipt_revisions_number_unique" ON "tax_receipt_revisions" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_receipt_lines_one_live_unique" ON "tax_receipt_lines" USING btree ("contribution_id") WHERE "tax_receipt_lines"."live";--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_status_dates_check" CHECK (case "tax_receipts"."status"
            when 'draft' then "tax_receipts"."voided_at" is null
            when 'issued' then "tax_receipts"."issued_at" is not null and "tax_receipts"."number" is not null and "tax_receipts"."voided_at" is null
            else "tax_receipts"."issued_at" is not null and "tax_receipts"."number" is not null and "tax_receipts"."voided_at" is not null end);--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_deleted_draft_check" CHECK ("tax_receipts"."deleted_at" is null or "tax_receipts"."status" = 'draft');