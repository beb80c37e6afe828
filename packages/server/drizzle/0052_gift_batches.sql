CREATE TABLE "gift_batch_gifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"supporter_id" integer,
	"amount" bigint NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"payment_type" varchar(5) NOT NULL,
	"check_number" varchar(45),
	"variant_id" integer NOT NULL,
	"received_on" date NOT NULL,
	"note" text,
	"contribution_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_batch_gifts_type_check" CHECK ("gift_batch_gifts"."payment_type" in ('check', 'cash')),
	CONSTRAINT "gift_batch_gifts_amount_check" CHECK ("gift_batch_gifts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "gift_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"deposit_date" date NOT NULL,
	"currency_code" varchar(3) NOT NULL,
	"expected_count" integer NOT NULL,
	"expected_total" bigint NOT NULL,
	"status" varchar(6) DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_batches_status_check" CHECK ("gift_batches"."status" in ('open', 'closed')),
	CONSTRAINT "gift_batches_closed_check" CHECK (("gift_batches"."status" = 'closed') = ("gift_batches"."closed_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_batch_id_gift_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batch_gifts" ADD CONSTRAINT "gift_batch_gifts_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batches" ADD CONSTRAINT "gift_batches_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_batches" ADD CONSTRAINT "gift_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_batch_idx" ON "gift_batch_gifts" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_supporter_idx" ON "gift_batch_gifts" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_variant_idx" ON "gift_batch_gifts" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "gift_batch_gifts_contribution_idx" ON "gift_batch_gifts" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "gift_batches_status_idx" ON "gift_batches" USING btree ("status","deposit_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "gift_batches_closed_by_idx" ON "gift_batches" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "gift_batches_created_by_idx" ON "gift_batches" USING btree ("created_by");