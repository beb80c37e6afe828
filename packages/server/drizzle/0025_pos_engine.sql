CREATE TABLE "contribution_tax_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_id" integer NOT NULL,
	"contribution_item_id" integer,
	"tax_rate_id" integer,
	"code" varchar(45) NOT NULL,
	"rate" numeric(7, 4) NOT NULL,
	"amount" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_defaults" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contribution_items" ADD COLUMN "tax_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contribution_tax_lines" ADD CONSTRAINT "contribution_tax_lines_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_tax_lines" ADD CONSTRAINT "contribution_tax_lines_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_tax_lines" ADD CONSTRAINT "contribution_tax_lines_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_defaults" ADD CONSTRAINT "pos_defaults_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contribution_tax_lines_contribution_idx" ON "contribution_tax_lines" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "contribution_tax_lines_item_idx" ON "contribution_tax_lines" USING btree ("contribution_item_id");