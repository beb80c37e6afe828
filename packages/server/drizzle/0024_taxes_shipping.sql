CREATE TABLE "product_tax_rates" (
	"product_id" integer NOT NULL,
	"tax_rate_id" integer NOT NULL,
	CONSTRAINT "product_tax_rates_product_id_tax_rate_id_pk" PRIMARY KEY("product_id","tax_rate_id")
);
--> statement-breakpoint
CREATE TABLE "tax_rate_regions" (
	"tax_rate_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"region" varchar(10) NOT NULL,
	CONSTRAINT "tax_rate_regions_tax_rate_id_country_region_pk" PRIMARY KEY("tax_rate_id","country","region")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(45) NOT NULL,
	"description" varchar(255),
	"rate" numeric(7, 4) NOT NULL,
	"city" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tax_rates_rate_check" CHECK ("tax_rates"."rate" >= 0 and "tax_rates"."rate" <= 100)
);
--> statement-breakpoint
CREATE TABLE "shipping_method_regions" (
	"shipping_method_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"region" varchar(10) DEFAULT '' NOT NULL,
	CONSTRAINT "shipping_method_regions_shipping_method_id_country_region_pk" PRIMARY KEY("shipping_method_id","country","region")
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(45),
	"is_default" boolean DEFAULT false NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"show_on_web" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "shipping_rates" (
	"shipping_method_id" integer NOT NULL,
	"shipping_tier_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	CONSTRAINT "shipping_rates_shipping_method_id_shipping_tier_id_pk" PRIMARY KEY("shipping_method_id","shipping_tier_id"),
	CONSTRAINT "shipping_rates_amount_check" CHECK ("shipping_rates"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipping_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"min_value" bigint DEFAULT 0 NOT NULL,
	"max_value" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "shipping_tiers_range_check" CHECK ("shipping_tiers"."min_value" >= 0 and ("shipping_tiers"."max_value" is null or "shipping_tiers"."max_value" >= "shipping_tiers"."min_value"))
);
--> statement-breakpoint
ALTER TABLE "product_tax_rates" ADD CONSTRAINT "product_tax_rates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tax_rates" ADD CONSTRAINT "product_tax_rates_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rate_regions" ADD CONSTRAINT "tax_rate_regions_tax_rate_id_tax_rates_id_fk" FOREIGN KEY ("tax_rate_id") REFERENCES "public"."tax_rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_method_regions" ADD CONSTRAINT "shipping_method_regions_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_rates" ADD CONSTRAINT "shipping_rates_shipping_tier_id_shipping_tiers_id_fk" FOREIGN KEY ("shipping_tier_id") REFERENCES "public"."shipping_tiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_tax_rates_rate_idx" ON "product_tax_rates" USING btree ("tax_rate_id");--> statement-breakpoint
CREATE INDEX "tax_rate_regions_place_idx" ON "tax_rate_regions" USING btree ("country","region");--> statement-breakpoint
CREATE INDEX "shipping_method_regions_place_idx" ON "shipping_method_regions" USING btree ("country","region");--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_shipping_method_id_shipping_methods_id_fk" FOREIGN KEY ("shipping_method_id") REFERENCES "public"."shipping_methods"("id") ON DELETE set null ON UPDATE no action;