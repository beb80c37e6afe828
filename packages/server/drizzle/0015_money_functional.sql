CREATE TABLE "exchange_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency_code" char(3) NOT NULL,
	"rate" numeric(23, 10) NOT NULL,
	"effective_on" date NOT NULL,
	"source" varchar(10) NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('entered', 'imported'))
);
--> statement-breakpoint
ALTER TABLE "supporters" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "base_currency" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "promo_codes" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tributes" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_options" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sponsors" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "functional_currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "functional_exchange_rate" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contributions" ALTER COLUMN "functional_total_amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payment_methods" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transaction_fees" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "transaction_fees" ALTER COLUMN "settlement_currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tax_receipt_lines" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tax_receipts" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "virtual_events" ALTER COLUMN "currency_code" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "functional_rate_date" date;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "functional_amount" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "functional_rate" numeric(23, 10);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "functional_rate_date" date;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "functional_amount" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "functional_rate" numeric(23, 10);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "functional_rate_date" date;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD COLUMN "functional_amount" bigint;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD COLUMN "functional_rate" numeric(23, 10);--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD COLUMN "functional_rate_date" date;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exchange_rates_currency_day_unique" ON "exchange_rates" USING btree ("currency_code","effective_on");