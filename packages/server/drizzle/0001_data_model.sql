CREATE TABLE "account_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(45) NOT NULL,
	"is_organization" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"crm_code" varchar(45),
	"on_web" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text,
	"duration_days" integer,
	"crm_id" varchar(45),
	"is_public" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supporter_memberships" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	"starts_on" date NOT NULL,
	"expires_on" date,
	"contribution_item_id" integer,
	"source" varchar(50),
	"end_reason" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "supporter_memberships_dates" CHECK ("supporter_memberships"."expires_on" is null or "supporter_memberships"."expires_on" >= "supporter_memberships"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "supporters" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_type_id" integer,
	"title" varchar(45),
	"first_name" varchar(45),
	"last_name" varchar(45),
	"display_name" varchar(150),
	"email" varchar(45),
	"password_hash" text,
	"last_login_at" timestamp with time zone,
	"bill_title" varchar(45),
	"bill_first_name" varchar(45),
	"bill_last_name" varchar(45),
	"bill_organization_name" varchar(100),
	"bill_email" varchar(45),
	"bill_address_01" varchar(450),
	"bill_address_02" varchar(450),
	"bill_city" varchar(45),
	"bill_state" varchar(45),
	"bill_zip" varchar(45),
	"bill_country" varchar(2),
	"bill_phone" varchar(45),
	"ship_title" varchar(45),
	"ship_first_name" varchar(45),
	"ship_last_name" varchar(45),
	"ship_organization_name" varchar(100),
	"ship_email" varchar(45),
	"ship_address_01" varchar(450),
	"ship_address_02" varchar(450),
	"ship_city" varchar(45),
	"ship_state" varchar(45),
	"ship_zip" varchar(45),
	"ship_country" varchar(2),
	"ship_phone" varchar(45),
	"referral_source" varchar(100),
	"referred_by_supporter_id" integer,
	"nps" smallint,
	"donor_id" varchar(45),
	"sf_id" varchar(45),
	"is_active" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"is_spam" boolean DEFAULT false NOT NULL,
	"verified_status" varchar(10),
	"email_opt_in" boolean DEFAULT false NOT NULL,
	"email_opt_in_changed_at" timestamp with time zone,
	"sign_up_method" varchar(20),
	"language" varchar(10),
	"timezone" varchar(50),
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"lifetime_donation_amount" bigint DEFAULT 0 NOT NULL,
	"lifetime_donation_count" integer DEFAULT 0 NOT NULL,
	"lifetime_purchase_amount" bigint DEFAULT 0 NOT NULL,
	"lifetime_purchase_count" integer DEFAULT 0 NOT NULL,
	"lifetime_fundraising_amount" bigint DEFAULT 0 NOT NULL,
	"lifetime_fundraising_count" integer DEFAULT 0 NOT NULL,
	"first_payment_at" timestamp with time zone,
	"last_payment_at" timestamp with time zone,
	"searchable_text" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporters_nps_range" CHECK ("supporters"."nps" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "download_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" serial PRIMARY KEY NOT NULL,
	"collection_name" varchar(50) DEFAULT 'files' NOT NULL,
	"name" varchar(255) NOT NULL,
	"filename" varchar(255) NOT NULL,
	"storage_key" varchar(500) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"caption" varchar(191),
	"width" integer,
	"height" integer,
	"parent_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mediables" (
	"media_id" integer NOT NULL,
	"mediable_type" varchar(50) NOT NULL,
	"mediable_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mediables_media_id_mediable_type_mediable_id_pk" PRIMARY KEY("media_id","mediable_type","mediable_id")
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"name" varchar(100) NOT NULL,
	"url_name" varchar(150),
	"description" text,
	"media_id" integer,
	"sequence" integer DEFAULT 0 NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_category_links" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_category_links_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "product_custom_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sequence" smallint DEFAULT 0 NOT NULL,
	"type" varchar(20) DEFAULT 'text' NOT NULL,
	"name" varchar(200) NOT NULL,
	"hint" varchar(200),
	"is_required" boolean DEFAULT false NOT NULL,
	"format" varchar(10) DEFAULT 'simple' NOT NULL,
	"choices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"default_value" text,
	"body" text,
	"map_to_product_meta" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_custom_fields_type_check" CHECK ("product_custom_fields"."type" in ('text', 'lg_text', 'select', 'multi-select', 'check', 'date', 'email', 'phone', 'html', 'hidden')),
	CONSTRAINT "product_custom_fields_format_check" CHECK ("product_custom_fields"."format" in ('simple', 'advanced')),
	CONSTRAINT "product_custom_fields_sequence_check" CHECK ("product_custom_fields"."sequence" between 0 and 999)
);
--> statement-breakpoint
CREATE TABLE "product_tribute_types" (
	"product_id" integer NOT NULL,
	"tribute_type_id" integer NOT NULL,
	CONSTRAINT "product_tribute_types_product_id_tribute_type_id_pk" PRIMARY KEY("product_id","tribute_type_id")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_name" varchar(255) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"billing_period" varchar(12) DEFAULT 'onetime' NOT NULL,
	"total_billing_cycles" integer,
	"billing_starts_on" date,
	"billing_ends_on" date,
	"is_donation" boolean DEFAULT false NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"sale_price" bigint,
	"cost" bigint,
	"fair_market_value" bigint,
	"price_presets" bigint[],
	"price_minimum" bigint,
	"redirects_to_product_id" integer,
	"is_shippable" boolean DEFAULT false NOT NULL,
	"is_shipping_free" boolean DEFAULT false NOT NULL,
	"weight_lbs" numeric(10, 3),
	"shipping_expectation_threshold" bigint,
	"shipping_expectation_over" varchar(255),
	"shipping_expectation_under" varchar(255),
	"sku" varchar(25),
	"barcode" varchar(45),
	"quantity" integer DEFAULT 0 NOT NULL,
	"quantity_restock" integer,
	"quantity_modified_at" timestamp with time zone,
	"quantity_modified_by" integer,
	"membership_id" integer,
	"file_type" varchar(10),
	"file_id" integer,
	"external_resource_uri" varchar(2048),
	"download_expiry_seconds" integer,
	"download_address_limit" smallint,
	"download_limit" smallint,
	"file_description" text,
	"crm_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "product_variants_billing_period_check" CHECK ("product_variants"."billing_period" in ('onetime', 'weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually')),
	CONSTRAINT "product_variants_cycles_check" CHECK ("product_variants"."total_billing_cycles" is null or "product_variants"."total_billing_cycles" >= 1),
	CONSTRAINT "product_variants_file_type_check" CHECK ("product_variants"."file_type" is null or "product_variants"."file_type" in ('file', 'external'))
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(20) DEFAULT 'standard' NOT NULL,
	"name" varchar(255) NOT NULL,
	"code" varchar(45) NOT NULL,
	"permalink" varchar(255),
	"summary" text,
	"description" text,
	"media_id" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"show_in_pos" boolean DEFAULT true NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"outofstock_allow" boolean DEFAULT true NOT NULL,
	"outofstock_message" varchar(255),
	"limit_sales" integer,
	"hide_qty" boolean DEFAULT false NOT NULL,
	"hide_price" boolean DEFAULT false NOT NULL,
	"ach_only" boolean DEFAULT false NOT NULL,
	"base_currency" char(3) DEFAULT 'USD' NOT NULL,
	"publish_start_at" timestamp with time zone,
	"publish_end_at" timestamp with time zone,
	"goal_amount" bigint,
	"goal_progress_offset" bigint DEFAULT 0 NOT NULL,
	"goal_deadline" date,
	"designation_options" jsonb,
	"is_tax_receiptable" boolean DEFAULT false NOT NULL,
	"is_dcc_enabled" boolean DEFAULT false NOT NULL,
	"allow_tributes" boolean DEFAULT false NOT NULL,
	"allow_tribute_notification" boolean DEFAULT false NOT NULL,
	"recurring_type" varchar(10),
	"allow_check_in" boolean DEFAULT false NOT NULL,
	"notify_email" varchar(255),
	"alt_button_label" varchar(100),
	"alt_button_url" varchar(2048),
	"template_suffix" varchar(100),
	"gl_code" varchar(200),
	"crm_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "products_type_check" CHECK ("products"."type" in ('standard', 'donation_form', 'template'))
);
--> statement-breakpoint
CREATE TABLE "variant_bundles" (
	"variant_id" integer NOT NULL,
	"linked_variant_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_bundles_variant_id_linked_variant_id_pk" PRIMARY KEY("variant_id","linked_variant_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_categories" (
	"promo_code_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "promo_code_categories_promo_code_id_category_id_pk" PRIMARY KEY("promo_code_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_memberships" (
	"promo_code_id" integer NOT NULL,
	"membership_id" integer NOT NULL,
	CONSTRAINT "promo_code_memberships_promo_code_id_membership_id_pk" PRIMARY KEY("promo_code_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_products" (
	"promo_code_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	CONSTRAINT "promo_code_products_promo_code_id_product_id_pk" PRIMARY KEY("promo_code_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(15) NOT NULL,
	"description" varchar(255),
	"discount_type" varchar(12) DEFAULT 'percent' NOT NULL,
	"discount_percent" numeric(6, 3),
	"discount_amount" bigint,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"buy_quantity" integer,
	"allocation_limit" integer,
	"usage_limit" integer,
	"usage_limit_per_account" integer,
	"usage_count" integer DEFAULT 0 NOT NULL,
	"is_free_shipping" boolean DEFAULT false NOT NULL,
	"free_shipping_label" varchar(25),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promo_codes_discount_type_check" CHECK ("promo_codes"."discount_type" in ('percent', 'dollar', 'bxgy_percent', 'bxgy_dollar')),
	CONSTRAINT "promo_codes_discount_check" CHECK (("promo_codes"."discount_type" in ('percent', 'bxgy_percent') and "promo_codes"."discount_percent" between 0 and 100)
        or ("promo_codes"."discount_type" in ('dollar', 'bxgy_dollar') and "promo_codes"."discount_amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "tribute_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"label" varchar(100) NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"email_subject" varchar(255),
	"email_cc" varchar(255),
	"email_bcc" varchar(255),
	"email_template" text,
	"letter_template" text,
	"crm_id" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tributes" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_item_id" integer,
	"tribute_type_id" integer,
	"name" varchar(100) NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"message" varchar(5000),
	"notify" varchar(10),
	"notify_name" varchar(100),
	"notify_email" varchar(255),
	"notify_address" varchar(450),
	"notify_city" varchar(45),
	"notify_state" varchar(45),
	"notify_zip" varchar(45),
	"notify_country" varchar(2),
	"notify_on" date,
	"notified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tributes_notify_check" CHECK ("tributes"."notify" is null or "tributes"."notify" in ('email', 'letter'))
);
--> statement-breakpoint
CREATE TABLE "payment_option_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"amount" bigint,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"is_custom" boolean DEFAULT false NOT NULL,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"recurring_frequency" varchar(12),
	"recurring_day" smallint,
	"recurring_day_of_week" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_options_frequency_check" CHECK ("payment_options"."recurring_frequency" is null or "payment_options"."recurring_frequency" in ('weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually')),
	CONSTRAINT "payment_options_day_check" CHECK ("payment_options"."recurring_day" is null or "payment_options"."recurring_day" between 1 and 28),
	CONSTRAINT "payment_options_dow_check" CHECK ("payment_options"."recurring_day_of_week" is null or "payment_options"."recurring_day_of_week" between 1 and 7),
	CONSTRAINT "payment_options_amount_check" CHECK ("payment_options"."is_custom" or "payment_options"."amount" is not null)
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"sponsorship_id" integer NOT NULL,
	"contribution_item_id" integer,
	"source" varchar(50),
	"started_at" timestamp with time zone NOT NULL,
	"started_by" integer,
	"ended_at" timestamp with time zone,
	"ended_by" integer,
	"ended_reason" varchar(100),
	"ended_note" varchar(2500),
	"last_payment_at" timestamp with time zone,
	"last_payment_amount" bigint,
	"lifetime_amount" bigint DEFAULT 0 NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sponsorships" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_number" varchar(25) NOT NULL,
	"first_name" varchar(45),
	"last_name" varchar(45),
	"gender" char(1),
	"birth_date" date,
	"enrollment_date" date,
	"biography" text,
	"private_notes" text,
	"media_id" integer,
	"payment_option_group_id" integer,
	"street_number" varchar(45),
	"street_name" varchar(100),
	"village" varchar(100),
	"region" varchar(100),
	"country" varchar(100),
	"project" varchar(100),
	"school" varchar(100),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"is_enabled" boolean DEFAULT false NOT NULL,
	"is_sponsored" boolean DEFAULT false NOT NULL,
	"is_sponsored_auto" boolean DEFAULT true NOT NULL,
	"sponsor_count" integer DEFAULT 0 NOT NULL,
	"gl_code" varchar(200),
	"crm_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_timeline_update_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sponsorships_gender_check" CHECK ("sponsorships"."gender" is null or "sponsorships"."gender" in ('M', 'F'))
);
--> statement-breakpoint
CREATE TABLE "segment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"segment_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"summary" varchar(2500),
	"latitude" numeric(9, 6),
	"longitude" numeric(9, 6),
	"link" varchar(2048),
	"target" varchar(10),
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(25) DEFAULT 'text' NOT NULL,
	"name" varchar(100) NOT NULL,
	"name_plural" varchar(100),
	"description" text,
	"is_geographic" boolean DEFAULT false NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"show_as_filter" boolean DEFAULT true NOT NULL,
	"show_in_detail" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "segments_type_check" CHECK ("segments"."type" in ('text', 'date', 'multi-select', 'advanced-multi-select'))
);
--> statement-breakpoint
CREATE TABLE "sponsorship_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sponsorship_id" integer NOT NULL,
	"segment_id" integer NOT NULL,
	"segment_item_id" integer,
	"value" text,
	CONSTRAINT "sponsorship_segments_value_check" CHECK ("sponsorship_segments"."segment_item_id" is not null or "sponsorship_segments"."value" is not null)
);
--> statement-breakpoint
CREATE TABLE "timeline_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_type" varchar(50) DEFAULT 'sponsorship' NOT NULL,
	"parent_id" integer NOT NULL,
	"headline" varchar(500) NOT NULL,
	"message" varchar(5000) NOT NULL,
	"tag" varchar(500) DEFAULT 'general' NOT NULL,
	"posted_on" date NOT NULL,
	"is_private" boolean DEFAULT false NOT NULL,
	"sponsors_notified_at" timestamp with time zone,
	"data" jsonb,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fundraising_page_views" (
	"fundraising_page_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "fundraising_page_views_fundraising_page_id_day_pk" PRIMARY KEY("fundraising_page_id","day")
);
--> statement-breakpoint
CREATE TABLE "fundraising_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"url" varchar(255) NOT NULL,
	"author_supporter_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"status" varchar(10) DEFAULT 'active' NOT NULL,
	"category" varchar(100),
	"description" text,
	"media_id" integer,
	"video_url" varchar(2048),
	"goal_amount" bigint,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"amount_raised" bigint DEFAULT 0 NOT NULL,
	"donation_count" integer DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"deadline" date,
	"activated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "fundraising_pages_status_check" CHECK ("fundraising_pages"."status" in ('draft', 'pending', 'active', 'suspended', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "contribution_item_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_item_id" integer NOT NULL,
	"file_id" integer,
	"external_resource_uri" varchar(2048),
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"download_limit" smallint,
	"address_limit" smallint,
	"access_count" integer DEFAULT 0 NOT NULL,
	"addresses" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contribution_item_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_item_id" integer NOT NULL,
	"product_custom_field_id" integer,
	"value" text,
	"original_value" text
);
--> statement-breakpoint
CREATE TABLE "contribution_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"contribution_id" integer NOT NULL,
	"variant_id" integer,
	"product_id" integer,
	"sponsorship_id" integer,
	"fundraising_page_id" integer,
	"locked_to_item_id" integer,
	"original_variant_id" integer,
	"description" varchar(255) NOT NULL,
	"code" varchar(45),
	"qty" integer DEFAULT 1 NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"original_price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"fair_market_value" bigint,
	"is_donation" boolean DEFAULT false NOT NULL,
	"requires_shipping" boolean DEFAULT false NOT NULL,
	"promo_code" varchar(15),
	"gl_code" varchar(200),
	"gift_aid" boolean DEFAULT false NOT NULL,
	"recurring_amount" bigint,
	"recurring_frequency" varchar(12),
	"recurring_day" smallint,
	"recurring_day_of_week" smallint,
	"recurring_with_initial_charge" boolean,
	"recurring_cycles" integer,
	"recurring_starts_on" date,
	"recurring_ends_on" date,
	"dcc_eligible" boolean DEFAULT false NOT NULL,
	"dcc_amount" bigint DEFAULT 0 NOT NULL,
	"dcc_recurring_amount" bigint DEFAULT 0 NOT NULL,
	"is_tribute" boolean DEFAULT false NOT NULL,
	"tribute_type_id" integer,
	"tribute_name" varchar(100),
	"tribute_message" varchar(5000),
	"tribute_notify" varchar(10),
	"tribute_notify_name" varchar(100),
	"tribute_notify_email" varchar(255),
	"tribute_notify_address" varchar(450),
	"tribute_notify_city" varchar(45),
	"tribute_notify_state" varchar(45),
	"tribute_notify_zip" varchar(45),
	"tribute_notify_country" varchar(2),
	"tribute_notify_on" date,
	"public_message" varchar(500),
	"additional_notes" text,
	"sponsorship_expired_at" timestamp with time zone,
	"sponsorship_expired_reason" varchar(100),
	"crm_metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contribution_items_frequency_check" CHECK ("contribution_items"."recurring_frequency" is null or "contribution_items"."recurring_frequency" in ('weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually')),
	CONSTRAINT "contribution_items_tribute_notify_check" CHECK ("contribution_items"."tribute_notify" is null or "contribution_items"."tribute_notify" in ('email', 'letter'))
);
--> statement-breakpoint
CREATE TABLE "contribution_promo_codes" (
	"contribution_id" integer NOT NULL,
	"promo_code_id" integer NOT NULL,
	CONSTRAINT "contribution_promo_codes_contribution_id_promo_code_id_pk" PRIMARY KEY("contribution_id","promo_code_id")
);
--> statement-breakpoint
CREATE TABLE "contribution_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contribution_id" integer NOT NULL,
	"event" varchar(32) NOT NULL,
	"amount" bigint,
	"note" varchar(500),
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	CONSTRAINT "contribution_status_history_event_check" CHECK ("contribution_status_history"."event" in ('created', 'paid', 'payment_failed', 'fulfilled', 'unfulfilled', 'refunded', 'partially_refunded', 'marked_spam', 'unmarked_spam', 'deleted', 'restored', 'note'))
);
--> statement-breakpoint
CREATE TABLE "contributions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_uuid" varchar(48) NOT NULL,
	"invoice_number" varchar(48),
	"confirmation_number" varchar(100),
	"supporter_id" integer,
	"account_type_id" integer,
	"recurring_payment_profile_id" integer,
	"referred_by_supporter_id" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ordered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"is_pos" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"spam_marked_at" timestamp with time zone,
	"spam_marked_by" integer,
	"is_fulfilled" boolean DEFAULT false NOT NULL,
	"fulfilled_at" timestamp with time zone,
	"is_recurring" boolean DEFAULT false NOT NULL,
	"is_anonymous" boolean DEFAULT false NOT NULL,
	"email_opt_in" boolean DEFAULT false NOT NULL,
	"send_confirmation_emails" boolean DEFAULT true NOT NULL,
	"ship_to_billing" boolean DEFAULT true NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded_by" integer,
	"refund_reference" varchar(100),
	"is_refunded" boolean GENERATED ALWAYS AS (refunded_amount > 0) STORED,
	"voided_at" timestamp with time zone,
	"total_items" smallint DEFAULT 0 NOT NULL,
	"total_qty" integer DEFAULT 0 NOT NULL,
	"shippable_items" smallint DEFAULT 0 NOT NULL,
	"download_items" smallint DEFAULT 0 NOT NULL,
	"recurring_items" smallint DEFAULT 0 NOT NULL,
	"sponsorship_items" smallint DEFAULT 0 NOT NULL,
	"fundraising_items" smallint DEFAULT 0 NOT NULL,
	"membership_items" smallint DEFAULT 0 NOT NULL,
	"total_weight_lbs" numeric(10, 3),
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"subtotal_amount" bigint DEFAULT 0 NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"dcc_amount" bigint DEFAULT 0 NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"total_savings" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"functional_currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"functional_exchange_rate" numeric(23, 10) DEFAULT '1' NOT NULL,
	"functional_total_amount" bigint DEFAULT 0 NOT NULL,
	"dcc_enabled_by_customer" boolean DEFAULT false NOT NULL,
	"dcc_type" varchar(32),
	"payment_type" varchar(10),
	"payment_status" varchar(10),
	"payment_card_brand" varchar(20),
	"payment_card_last4" varchar(4),
	"payment_wallet" varchar(20),
	"payment_gateway" varchar(32),
	"payment_provider_id" integer,
	"payment_method_id" integer,
	"check_number" varchar(45),
	"check_date" date,
	"check_amount" bigint,
	"cash_received" bigint,
	"cash_change" bigint,
	"payment_other_reference" varchar(25),
	"payment_other_note" varchar(255),
	"response_text" varchar(255),
	"bill_title" varchar(45),
	"bill_first_name" varchar(45),
	"bill_last_name" varchar(45),
	"bill_organization_name" varchar(100),
	"bill_email" varchar(45),
	"bill_address_01" varchar(450),
	"bill_address_02" varchar(450),
	"bill_city" varchar(45),
	"bill_state" varchar(45),
	"bill_zip" varchar(45),
	"bill_country" varchar(2),
	"bill_phone" varchar(45),
	"ship_title" varchar(45),
	"ship_first_name" varchar(45),
	"ship_last_name" varchar(45),
	"ship_organization_name" varchar(100),
	"ship_email" varchar(45),
	"ship_address_01" varchar(450),
	"ship_address_02" varchar(450),
	"ship_city" varchar(45),
	"ship_state" varchar(45),
	"ship_zip" varchar(45),
	"ship_country" varchar(2),
	"ship_phone" varchar(45),
	"tax_address_01" varchar(450),
	"tax_address_02" varchar(450),
	"tax_city" varchar(45),
	"tax_state" varchar(45),
	"tax_zip" varchar(45),
	"tax_country" varchar(2),
	"shipping_method_id" integer,
	"shipping_method_name" varchar(100),
	"courier_method" varchar(100),
	"is_free_shipping" boolean DEFAULT false NOT NULL,
	"source" varchar(50),
	"referral_source" varchar(100),
	"http_referer" varchar(2048),
	"tracking_source" varchar(100),
	"tracking_medium" varchar(100),
	"tracking_campaign" varchar(100),
	"tracking_term" varchar(100),
	"tracking_content" varchar(100),
	"client_ip" "inet",
	"ip_country" varchar(2),
	"client_browser" varchar(255),
	"donor_id" varchar(45),
	"gift_id" varchar(255),
	"sf_id" varchar(45),
	"crm_sync_enabled" boolean DEFAULT false NOT NULL,
	"customer_notes" text,
	"comments" text,
	"tax_receipt_type" varchar(12) DEFAULT 'single' NOT NULL,
	"searchable_text" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" integer,
	CONSTRAINT "contributions_payment_type_check" CHECK ("contributions"."payment_type" is null or "contributions"."payment_type" in ('card', 'bank', 'paypal', 'cheque', 'cash', 'unknown')),
	CONSTRAINT "contributions_payment_status_check" CHECK ("contributions"."payment_status" is null or "contributions"."payment_status" in ('succeeded', 'pending', 'failed')),
	CONSTRAINT "contributions_refund_check" CHECK ("contributions"."refunded_amount" between 0 and "contributions"."total_amount"),
	CONSTRAINT "contributions_receipt_type_check" CHECK ("contributions"."tax_receipt_type" in ('single', 'none', 'consolidated'))
);
--> statement-breakpoint
CREATE TABLE "payment_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"contribution_id" integer,
	"recurring_payment_profile_id" integer,
	"recurring_transaction_id" integer,
	CONSTRAINT "payment_links_target_check" CHECK ("payment_links"."contribution_id" is not null or "payment_links"."recurring_transaction_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"payment_provider_id" integer,
	"status" varchar(12) DEFAULT 'ACTIVE' NOT NULL,
	"display_name" varchar(100),
	"token" text,
	"use_as_default" boolean DEFAULT false NOT NULL,
	"type" varchar(10) DEFAULT 'card' NOT NULL,
	"card_brand" varchar(20),
	"account_last_four" varchar(4),
	"card_expiry_month" smallint,
	"card_expiry_year" smallint,
	"card_wallet" varchar(20),
	"bank_name" varchar(100),
	"bank_account_type" varchar(10),
	"bank_account_holder_type" varchar(10),
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"bill_title" varchar(45),
	"bill_first_name" varchar(45),
	"bill_last_name" varchar(45),
	"bill_organization_name" varchar(100),
	"bill_email" varchar(45),
	"bill_address_01" varchar(450),
	"bill_address_02" varchar(450),
	"bill_city" varchar(45),
	"bill_state" varchar(45),
	"bill_zip" varchar(45),
	"bill_country" varchar(2),
	"bill_phone" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_providers" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(32) NOT NULL,
	"provider_type" varchar(20) NOT NULL,
	"display_name" varchar(100),
	"enabled" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT true NOT NULL,
	"credentials" text,
	"is_ach_allowed" boolean DEFAULT false NOT NULL,
	"is_wallet_pay_allowed" boolean DEFAULT false NOT NULL,
	"require_cvv" boolean DEFAULT true NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) NOT NULL,
	"status" varchar(10) NOT NULL,
	"livemode" boolean DEFAULT true NOT NULL,
	"amount" bigint NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"captured" boolean DEFAULT false NOT NULL,
	"captured_at" timestamp with time zone,
	"refunded" boolean DEFAULT false NOT NULL,
	"reference_number" varchar(100),
	"description" varchar(255),
	"failure_code" varchar(50),
	"failure_message" varchar(255),
	"outcome" varchar(20),
	"is_spam" boolean DEFAULT false NOT NULL,
	"supporter_id" integer,
	"payment_method_id" integer,
	"payment_provider_id" integer,
	"gateway" varchar(32),
	"card_brand" varchar(20),
	"card_last4" varchar(4),
	"card_exp_month" smallint,
	"card_exp_year" smallint,
	"card_country" varchar(2),
	"card_funding" varchar(10),
	"card_wallet" varchar(20),
	"card_cvc_check" varchar(12),
	"card_address_line1_check" varchar(12),
	"card_address_zip_check" varchar(12),
	"bank_name" varchar(100),
	"bank_last4" varchar(4),
	"bank_account_type" varchar(10),
	"bank_account_holder_type" varchar(10),
	"cheque_number" varchar(45),
	"cheque_date" date,
	"ip_address" "inet",
	"ip_country" varchar(2),
	"platform_fee_type" varchar(20),
	"application_fee_amount" bigint,
	"gateway_fee_amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_type_check" CHECK ("payments"."type" in ('card', 'bank', 'paypal', 'cheque', 'cash', 'unknown')),
	CONSTRAINT "payments_status_check" CHECK ("payments"."status" in ('succeeded', 'pending', 'failed')),
	CONSTRAINT "payments_refund_check" CHECK ("payments"."amount_refunded" between 0 and "payments"."amount")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"status" varchar(10) NOT NULL,
	"reference_number" varchar(100),
	"amount" bigint NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"reason" varchar(30),
	"failure_reason" varchar(255),
	"refunded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('succeeded', 'pending', 'failed', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "transaction_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"period" char(7) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"payment_id" integer,
	"refund_id" integer,
	"source_amount" bigint NOT NULL,
	"rate" numeric(6, 4) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"exchange_rate" numeric(23, 10) DEFAULT '1' NOT NULL,
	"settlement_amount" bigint NOT NULL,
	"settlement_currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"description" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_fees_source_check" CHECK (("transaction_fees"."payment_id" is null) <> ("transaction_fees"."refund_id" is null))
);
--> statement-breakpoint
CREATE TABLE "recurring_payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"profile_id" varchar(14) NOT NULL,
	"status" varchar(10) DEFAULT 'Active' NOT NULL,
	"is_manual" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"supporter_id" integer,
	"contribution_id" integer,
	"contribution_item_id" integer,
	"product_id" integer,
	"variant_id" integer,
	"sponsorship_id" integer,
	"payment_method_id" integer,
	"payment_provider_id" integer,
	"subscriber_name" varchar(150),
	"description" varchar(255),
	"gl_code" varchar(200),
	"start_date" date NOT NULL,
	"billing_period" varchar(12) NOT NULL,
	"billing_frequency" smallint DEFAULT 1 NOT NULL,
	"recurring_day" smallint,
	"recurring_day_of_week" smallint,
	"total_billing_cycles" integer,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"amount" bigint NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"initial_amount" bigint DEFAULT 0 NOT NULL,
	"dcc_enabled_by_customer" boolean DEFAULT false NOT NULL,
	"dcc_type" varchar(32),
	"dcc_amount" bigint DEFAULT 0 NOT NULL,
	"next_billing_date" date,
	"next_attempt_date" date,
	"final_payment_due_date" date,
	"num_cycles_completed" integer DEFAULT 0 NOT NULL,
	"num_cycles_remaining" integer,
	"aggregate_amount" bigint DEFAULT 0 NOT NULL,
	"outstanding_balance" bigint DEFAULT 0 NOT NULL,
	"failed_payment_count" integer DEFAULT 0 NOT NULL,
	"max_failed_payments" integer DEFAULT 3 NOT NULL,
	"last_payment_at" timestamp with time zone,
	"last_payment_amount" bigint,
	"cancel_reason" varchar(64),
	"cancelled_at" timestamp with time zone,
	"cancelled_by" integer,
	"suspended_at" timestamp with time zone,
	"crm_pledge_id" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "recurring_payment_profiles_status_check" CHECK ("recurring_payment_profiles"."status" in ('Active', 'Suspended', 'Cancelled', 'Expired')),
	CONSTRAINT "recurring_payment_profiles_period_check" CHECK ("recurring_payment_profiles"."billing_period" in ('weekly', 'biweekly', 'monthly', 'quarterly', 'biannually', 'annually'))
);
--> statement-breakpoint
CREATE TABLE "recurring_transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"recurring_payment_profile_id" integer NOT NULL,
	"contribution_id" integer,
	"transaction_reference" varchar(100),
	"payment_status" varchar(10) NOT NULL,
	"reason_code" varchar(255),
	"payment_method_id" integer,
	"payment_method_type" varchar(10),
	"payment_method_description" varchar(100),
	"ordered_at" timestamp with time zone NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"amount" bigint NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"dcc_type" varchar(32),
	"dcc_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_at" timestamp with time zone,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_by" integer,
	"refund_reference" varchar(100),
	"gift_id" varchar(45),
	"refund_gift_id" varchar(45),
	"crm_sync_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recurring_transactions_status_check" CHECK ("recurring_transactions"."payment_status" in ('succeeded', 'pending', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "tax_receipt_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"tax_receipt_id" integer NOT NULL,
	"contribution_id" integer,
	"description" varchar(255) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"donated_at" timestamp with time zone,
	"gl_code" varchar(200)
);
--> statement-breakpoint
CREATE TABLE "tax_receipt_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"body" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tax_receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_type" varchar(12) DEFAULT 'single' NOT NULL,
	"status" varchar(6) DEFAULT 'issued' NOT NULL,
	"number" varchar(50),
	"issued_at" timestamp with time zone,
	"amount" bigint DEFAULT 0 NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"supporter_id" integer,
	"template_id" integer,
	"name" varchar(150),
	"first_name" varchar(45),
	"last_name" varchar(45),
	"email" varchar(45),
	"address_01" varchar(450),
	"address_02" varchar(450),
	"city" varchar(45),
	"state" varchar(45),
	"zip" varchar(45),
	"country" varchar(2),
	"phone" varchar(45),
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"versions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notified_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"voided_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "tax_receipts_status_check" CHECK ("tax_receipts"."status" in ('draft', 'issued', 'void')),
	CONSTRAINT "tax_receipts_type_check" CHECK ("tax_receipts"."receipt_type" in ('single', 'consolidated'))
);
--> statement-breakpoint
CREATE TABLE "page_revisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"page_id" integer NOT NULL,
	"is_autosave" boolean DEFAULT false NOT NULL,
	"title" varchar(255) NOT NULL,
	"body" text,
	"snapshot" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" varchar(10) DEFAULT 'html' NOT NULL,
	"parent_id" integer,
	"sequence" integer DEFAULT 0 NOT NULL,
	"title" varchar(255) NOT NULL,
	"page_title" varchar(255),
	"url" varchar(255),
	"category_id" integer,
	"body" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_hidden" boolean DEFAULT false NOT NULL,
	"requires_login" boolean DEFAULT false NOT NULL,
	"target" varchar(10),
	"template_suffix" varchar(100),
	"meta_description" text,
	"meta_keywords" text,
	"featured_image_id" integer,
	"alt_image_id" integer,
	"background_options" jsonb,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "pages_type_check" CHECK ("pages"."type" in ('html', 'advanced', 'liquid', 'category', 'menu'))
);
--> statement-breakpoint
CREATE TABLE "feed_posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_id" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"url_slug" varchar(255),
	"body" text,
	"embed_code" text,
	"url" varchar(2048),
	"author" varchar(100),
	"location" varchar(255),
	"fine_print" text,
	"tags" varchar(500),
	"posted_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"featured_image_id" integer,
	"alt_image_id" integer,
	"media_id" integer,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"post_type" varchar(10) DEFAULT 'blog' NOT NULL,
	"url_slug" varchar(150),
	"description" text,
	"is_podcast" boolean DEFAULT false NOT NULL,
	"podcast_options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"show_social_share_links" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "feeds_post_type_check" CHECK ("feeds"."post_type" in ('video', 'audio', 'blog', 'event', 'slide', 'coupon'))
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"webhook_id" integer NOT NULL,
	"guid" uuid NOT NULL,
	"event" varchar(50) NOT NULL,
	"request_url" varchar(255) NOT NULL,
	"request_headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"request_body" text NOT NULL,
	"response_status" integer,
	"response_headers" jsonb,
	"response_body" text,
	"duration_ms" integer,
	"attempt" integer DEFAULT 1 NOT NULL,
	"next_retry_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhooks" (
	"id" serial PRIMARY KEY NOT NULL,
	"payload_url" varchar(255) NOT NULL,
	"content_type" varchar(50) DEFAULT 'application/json' NOT NULL,
	"events" text[] DEFAULT '{}'::text[] NOT NULL,
	"secret" text,
	"active" boolean DEFAULT false NOT NULL,
	"insecure_ssl" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"identifier" varchar(34) NOT NULL,
	"short_form" varchar(40) NOT NULL,
	"type" varchar(10) NOT NULL,
	"country" varchar(2) NOT NULL,
	"area_code" varchar(10),
	"provider_reference" varchar(64),
	"provisioned_by" integer,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_numbers_type_check" CHECK ("phone_numbers"."type" in ('toll_free', 'local'))
);
--> statement-breakpoint
CREATE TABLE "theme_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"theme_id" integer NOT NULL,
	"key" varchar(255) NOT NULL,
	"content_type" varchar(100) NOT NULL,
	"value" text,
	"storage_key" varchar(500),
	"size" bigint DEFAULT 0 NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "themes" (
	"id" serial PRIMARY KEY NOT NULL,
	"handle" varchar(100) NOT NULL,
	"title" varchar(255) NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"is_locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"commentable_type" varchar(50) NOT NULL,
	"commentable_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "virtual_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"slug" varchar(255) NOT NULL,
	"start_date" timestamp with time zone,
	"logo" varchar(2048),
	"background_image" varchar(2048),
	"theme_style" varchar(5) DEFAULT 'dark' NOT NULL,
	"theme_primary_color" varchar(10) DEFAULT 'blue' NOT NULL,
	"video_source" varchar(20),
	"video_id" varchar(255),
	"chat_id" varchar(255),
	"is_chat_enabled" boolean DEFAULT true NOT NULL,
	"is_amount_tally_enabled" boolean DEFAULT true NOT NULL,
	"is_honor_roll_enabled" boolean DEFAULT true NOT NULL,
	"is_emoji_reaction_enabled" boolean DEFAULT true NOT NULL,
	"is_celebration_enabled" boolean DEFAULT true NOT NULL,
	"celebration_threshold" bigint DEFAULT 100000 NOT NULL,
	"currency_code" char(3) DEFAULT 'USD' NOT NULL,
	"prestream_message_line_1" varchar(255),
	"prestream_message_line_2" varchar(255),
	"tab_one_label" varchar(45),
	"tab_one_product_id" integer,
	"tab_two_label" varchar(45),
	"tab_two_product_id" integer,
	"tab_three_label" varchar(45),
	"tab_three_product_id" integer,
	"stream_reference" varchar(255),
	"stream_key" text,
	"is_demo_mode_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "virtual_events_theme_style_check" CHECK ("virtual_events"."theme_style" in ('dark', 'light'))
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"cc" text,
	"bcc" text,
	"from_address" varchar(255),
	"subject" varchar(500) NOT NULL,
	"html" text,
	"text" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"kind" varchar(30) NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pos_bookmarks" (
	"user_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pos_bookmarks_user_id_product_id_pk" PRIMARY KEY("user_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"status" varchar(12) DEFAULT 'acknowledged' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"external_reference" varchar(100),
	"total_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "imports_status_check" CHECK ("imports"."status" in ('acknowledged', 'processing', 'completed', 'failed')),
	CONSTRAINT "imports_progress_check" CHECK ("imports"."progress" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_memberships" ADD CONSTRAINT "supporter_memberships_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_account_type_id_account_types_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."account_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_referred_by_supporter_id_supporters_id_fk" FOREIGN KEY ("referred_by_supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporters" ADD CONSTRAINT "supporters_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_files" ADD CONSTRAINT "download_files_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_parent_id_media_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mediables" ADD CONSTRAINT "mediables_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_parent_id_product_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_category_links" ADD CONSTRAINT "product_category_links_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_custom_fields" ADD CONSTRAINT "product_custom_fields_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tribute_types" ADD CONSTRAINT "product_tribute_types_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tribute_types" ADD CONSTRAINT "product_tribute_types_tribute_type_id_tribute_types_id_fk" FOREIGN KEY ("tribute_type_id") REFERENCES "public"."tribute_types"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_redirects_to_product_id_products_id_fk" FOREIGN KEY ("redirects_to_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_quantity_modified_by_users_id_fk" FOREIGN KEY ("quantity_modified_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_file_id_download_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."download_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_bundles" ADD CONSTRAINT "variant_bundles_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_bundles" ADD CONSTRAINT "variant_bundles_linked_variant_id_product_variants_id_fk" FOREIGN KEY ("linked_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_categories" ADD CONSTRAINT "promo_code_categories_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_memberships" ADD CONSTRAINT "promo_code_memberships_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_memberships" ADD CONSTRAINT "promo_code_memberships_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_products" ADD CONSTRAINT "promo_code_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributes" ADD CONSTRAINT "tributes_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tributes" ADD CONSTRAINT "tributes_tribute_type_id_tribute_types_id_fk" FOREIGN KEY ("tribute_type_id") REFERENCES "public"."tribute_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_options" ADD CONSTRAINT "payment_options_group_id_payment_option_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."payment_option_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_ended_by_users_id_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorships" ADD CONSTRAINT "sponsorships_payment_option_group_id_payment_option_groups_id_fk" FOREIGN KEY ("payment_option_group_id") REFERENCES "public"."payment_option_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "segment_items" ADD CONSTRAINT "segment_items_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_segments" ADD CONSTRAINT "sponsorship_segments_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_segments" ADD CONSTRAINT "sponsorship_segments_segment_id_segments_id_fk" FOREIGN KEY ("segment_id") REFERENCES "public"."segments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsorship_segments" ADD CONSTRAINT "sponsorship_segments_segment_item_id_segment_items_id_fk" FOREIGN KEY ("segment_item_id") REFERENCES "public"."segment_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_posts" ADD CONSTRAINT "timeline_posts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timeline_posts" ADD CONSTRAINT "timeline_posts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraising_page_views" ADD CONSTRAINT "fundraising_page_views_fundraising_page_id_fundraising_pages_id_fk" FOREIGN KEY ("fundraising_page_id") REFERENCES "public"."fundraising_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ADD CONSTRAINT "fundraising_pages_author_supporter_id_supporters_id_fk" FOREIGN KEY ("author_supporter_id") REFERENCES "public"."supporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ADD CONSTRAINT "fundraising_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fundraising_pages" ADD CONSTRAINT "fundraising_pages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_downloads" ADD CONSTRAINT "contribution_item_downloads_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_downloads" ADD CONSTRAINT "contribution_item_downloads_file_id_download_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."download_files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_fields" ADD CONSTRAINT "contribution_item_fields_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_item_fields" ADD CONSTRAINT "contribution_item_fields_product_custom_field_id_product_custom_fields_id_fk" FOREIGN KEY ("product_custom_field_id") REFERENCES "public"."product_custom_fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_fundraising_page_id_fundraising_pages_id_fk" FOREIGN KEY ("fundraising_page_id") REFERENCES "public"."fundraising_pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_locked_to_item_id_contribution_items_id_fk" FOREIGN KEY ("locked_to_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_original_variant_id_product_variants_id_fk" FOREIGN KEY ("original_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_items" ADD CONSTRAINT "contribution_items_tribute_type_id_tribute_types_id_fk" FOREIGN KEY ("tribute_type_id") REFERENCES "public"."tribute_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_promo_codes" ADD CONSTRAINT "contribution_promo_codes_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_promo_codes" ADD CONSTRAINT "contribution_promo_codes_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_status_history" ADD CONSTRAINT "contribution_status_history_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contribution_status_history" ADD CONSTRAINT "contribution_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_account_type_id_account_types_id_fk" FOREIGN KEY ("account_type_id") REFERENCES "public"."account_types"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_recurring_payment_profile_id_recurring_payment_profiles_id_fk" FOREIGN KEY ("recurring_payment_profile_id") REFERENCES "public"."recurring_payment_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_referred_by_supporter_id_supporters_id_fk" FOREIGN KEY ("referred_by_supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_spam_marked_by_users_id_fk" FOREIGN KEY ("spam_marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_payment_provider_id_payment_providers_id_fk" FOREIGN KEY ("payment_provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_recurring_payment_profile_id_recurring_payment_profiles_id_fk" FOREIGN KEY ("recurring_payment_profile_id") REFERENCES "public"."recurring_payment_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_links" ADD CONSTRAINT "payment_links_recurring_transaction_id_recurring_transactions_id_fk" FOREIGN KEY ("recurring_transaction_id") REFERENCES "public"."recurring_transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_payment_provider_id_payment_providers_id_fk" FOREIGN KEY ("payment_provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_provider_id_payment_providers_id_fk" FOREIGN KEY ("payment_provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_fees" ADD CONSTRAINT "transaction_fees_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_contribution_item_id_contribution_items_id_fk" FOREIGN KEY ("contribution_item_id") REFERENCES "public"."contribution_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_sponsorship_id_sponsorships_id_fk" FOREIGN KEY ("sponsorship_id") REFERENCES "public"."sponsorships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_payment_provider_id_payment_providers_id_fk" FOREIGN KEY ("payment_provider_id") REFERENCES "public"."payment_providers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_payment_profiles" ADD CONSTRAINT "recurring_payment_profiles_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_recurring_payment_profile_id_recurring_payment_profiles_id_fk" FOREIGN KEY ("recurring_payment_profile_id") REFERENCES "public"."recurring_payment_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_transactions" ADD CONSTRAINT "recurring_transactions_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipt_lines" ADD CONSTRAINT "tax_receipt_lines_tax_receipt_id_tax_receipts_id_fk" FOREIGN KEY ("tax_receipt_id") REFERENCES "public"."tax_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipt_lines" ADD CONSTRAINT "tax_receipt_lines_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_template_id_tax_receipt_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."tax_receipt_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_receipts" ADD CONSTRAINT "tax_receipts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_page_id_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_revisions" ADD CONSTRAINT "page_revisions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_parent_id_pages_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."pages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_category_id_product_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."product_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_featured_image_id_media_id_fk" FOREIGN KEY ("featured_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_alt_image_id_media_id_fk" FOREIGN KEY ("alt_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pages" ADD CONSTRAINT "pages_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_feed_id_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_featured_image_id_media_id_fk" FOREIGN KEY ("featured_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_alt_image_id_media_id_fk" FOREIGN KEY ("alt_image_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_posts" ADD CONSTRAINT "feed_posts_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."webhooks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_provisioned_by_users_id_fk" FOREIGN KEY ("provisioned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_assets" ADD CONSTRAINT "theme_assets_theme_id_themes_id_fk" FOREIGN KEY ("theme_id") REFERENCES "public"."themes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theme_assets" ADD CONSTRAINT "theme_assets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_events" ADD CONSTRAINT "virtual_events_tab_one_product_id_products_id_fk" FOREIGN KEY ("tab_one_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_events" ADD CONSTRAINT "virtual_events_tab_two_product_id_products_id_fk" FOREIGN KEY ("tab_two_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "virtual_events" ADD CONSTRAINT "virtual_events_tab_three_product_id_products_id_fk" FOREIGN KEY ("tab_three_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bookmarks" ADD CONSTRAINT "pos_bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_bookmarks" ADD CONSTRAINT "pos_bookmarks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supporter_memberships_supporter_idx" ON "supporter_memberships" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "supporter_memberships_membership_idx" ON "supporter_memberships" USING btree ("membership_id","expires_on");--> statement-breakpoint
CREATE INDEX "supporters_created_idx" ON "supporters" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supporters_active_created_idx" ON "supporters" USING btree ("is_active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supporters_email_idx" ON "supporters" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "supporters_name_idx" ON "supporters" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "supporters_display_name_idx" ON "supporters" USING btree (lower("display_name"));--> statement-breakpoint
CREATE INDEX "supporters_referral_source_idx" ON "supporters" USING btree ("referral_source");--> statement-breakpoint
CREATE INDEX "supporters_account_type_idx" ON "supporters" USING btree ("account_type_id");--> statement-breakpoint
CREATE INDEX "supporters_donor_id_idx" ON "supporters" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "supporters_referred_by_idx" ON "supporters" USING btree ("referred_by_supporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "download_files_storage_key_unique" ON "download_files" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "download_files_filename_idx" ON "download_files" USING btree ("filename");--> statement-breakpoint
CREATE UNIQUE INDEX "media_storage_key_unique" ON "media" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "media_collection_idx" ON "media" USING btree ("collection_name","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "media_parent_idx" ON "media" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "mediables_target_idx" ON "mediables" USING btree ("mediable_type","mediable_id","sequence");--> statement-breakpoint
CREATE INDEX "product_categories_parent_idx" ON "product_categories" USING btree ("parent_id","sequence");--> statement-breakpoint
CREATE INDEX "product_category_links_category_idx" ON "product_category_links" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_custom_fields_product_idx" ON "product_custom_fields" USING btree ("product_id","sequence");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","sequence");--> statement-breakpoint
CREATE INDEX "product_variants_sku_idx" ON "product_variants" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "product_variants_membership_idx" ON "product_variants" USING btree ("membership_id");--> statement-breakpoint
CREATE INDEX "product_variants_file_idx" ON "product_variants" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_default" ON "product_variants" USING btree ("product_id") WHERE "product_variants"."is_default" and "product_variants"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "products_code_unique" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "products_type_idx" ON "products" USING btree ("type");--> statement-breakpoint
CREATE INDEX "promo_code_products_product_idx" ON "promo_code_products" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree (lower("code")) WHERE "promo_codes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "promo_codes_ends_idx" ON "promo_codes" USING btree ("ends_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tributes_item_unique" ON "tributes" USING btree ("contribution_item_id");--> statement-breakpoint
CREATE INDEX "tributes_created_idx" ON "tributes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tributes_unsent_idx" ON "tributes" USING btree ("notify","notify_on") WHERE "tributes"."notified_at" is null and "tributes"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "payment_options_group_idx" ON "payment_options" USING btree ("group_id","sequence");--> statement-breakpoint
CREATE INDEX "sponsors_sponsorship_idx" ON "sponsors" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "sponsors_supporter_idx" ON "sponsors" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "sponsors_started_idx" ON "sponsors" USING btree ("started_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sponsors_item_idx" ON "sponsors" USING btree ("contribution_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorships_reference_unique" ON "sponsorships" USING btree (lower("reference_number")) WHERE "sponsorships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "sponsorships_name_idx" ON "sponsorships" USING btree ("last_name","first_name");--> statement-breakpoint
CREATE INDEX "sponsorships_status_idx" ON "sponsorships" USING btree ("is_enabled","is_sponsored");--> statement-breakpoint
CREATE INDEX "segment_items_segment_idx" ON "segment_items" USING btree ("segment_id","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "sponsorship_segments_unique" ON "sponsorship_segments" USING btree ("sponsorship_id","segment_id",coalesce("segment_item_id", 0));--> statement-breakpoint
CREATE INDEX "sponsorship_segments_filter_idx" ON "sponsorship_segments" USING btree ("segment_id","segment_item_id");--> statement-breakpoint
CREATE INDEX "timeline_posts_parent_idx" ON "timeline_posts" USING btree ("parent_type","parent_id","posted_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "fundraising_pages_url_unique" ON "fundraising_pages" USING btree (lower("url")) WHERE "fundraising_pages"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "fundraising_pages_author_idx" ON "fundraising_pages" USING btree ("author_supporter_id");--> statement-breakpoint
CREATE INDEX "fundraising_pages_status_idx" ON "fundraising_pages" USING btree ("status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contribution_item_downloads_item_idx" ON "contribution_item_downloads" USING btree ("contribution_item_id");--> statement-breakpoint
CREATE INDEX "contribution_item_fields_item_idx" ON "contribution_item_fields" USING btree ("contribution_item_id");--> statement-breakpoint
CREATE INDEX "contribution_items_contribution_idx" ON "contribution_items" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "contribution_items_variant_idx" ON "contribution_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "contribution_items_product_idx" ON "contribution_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "contribution_items_sponsorship_idx" ON "contribution_items" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "contribution_items_fundraising_idx" ON "contribution_items" USING btree ("fundraising_page_id");--> statement-breakpoint
CREATE INDEX "contribution_promo_codes_promo_idx" ON "contribution_promo_codes" USING btree ("promo_code_id");--> statement-breakpoint
CREATE INDEX "contribution_status_history_contribution_idx" ON "contribution_status_history" USING btree ("contribution_id","occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_client_uuid_unique" ON "contributions" USING btree ("client_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "contributions_invoice_number_unique" ON "contributions" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "contributions_ordered_idx" ON "contributions" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_supporter_idx" ON "contributions" USING btree ("supporter_id","ordered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_profile_idx" ON "contributions" USING btree ("recurring_payment_profile_id");--> statement-breakpoint
CREATE INDEX "contributions_refunded_idx" ON "contributions" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "contributions"."refunded_amount" > 0;--> statement-breakpoint
CREATE INDEX "contributions_fulfilled_idx" ON "contributions" USING btree ("is_fulfilled","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_payment_type_idx" ON "contributions" USING btree ("payment_type","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_source_idx" ON "contributions" USING btree ("source","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_recurring_idx" ON "contributions" USING btree ("is_recurring","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_total_idx" ON "contributions" USING btree ("total_amount" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contributions_unpaid_idx" ON "contributions" USING btree ("started_at" DESC NULLS LAST) WHERE "contributions"."paid_at" is null;--> statement-breakpoint
CREATE INDEX "contributions_referral_idx" ON "contributions" USING btree ("referral_source");--> statement-breakpoint
CREATE INDEX "payment_links_payment_idx" ON "payment_links" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payment_links_contribution_idx" ON "payment_links" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "payment_links_transaction_idx" ON "payment_links" USING btree ("recurring_transaction_id");--> statement-breakpoint
CREATE INDEX "payment_methods_supporter_idx" ON "payment_methods" USING btree ("supporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_providers_provider_unique" ON "payment_providers" USING btree ("provider");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payments_supporter_idx" ON "payments" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "payments_reference_idx" ON "payments" USING btree ("reference_number");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "transaction_fees_period_idx" ON "transaction_fees" USING btree ("period","created_at");--> statement-breakpoint
CREATE INDEX "transaction_fees_payment_idx" ON "transaction_fees" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_payment_profiles_profile_id_unique" ON "recurring_payment_profiles" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "recurring_payment_profiles_status_idx" ON "recurring_payment_profiles" USING btree ("status","next_billing_date");--> statement-breakpoint
CREATE INDEX "recurring_payment_profiles_supporter_idx" ON "recurring_payment_profiles" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "recurring_payment_profiles_sponsorship_idx" ON "recurring_payment_profiles" USING btree ("sponsorship_id");--> statement-breakpoint
CREATE INDEX "recurring_payment_profiles_item_idx" ON "recurring_payment_profiles" USING btree ("contribution_item_id");--> statement-breakpoint
CREATE INDEX "recurring_transactions_profile_idx" ON "recurring_transactions" USING btree ("recurring_payment_profile_id","ordered_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "recurring_transactions_ordered_idx" ON "recurring_transactions" USING btree ("ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "recurring_transactions_contribution_unique" ON "recurring_transactions" USING btree ("contribution_id");--> statement-breakpoint
CREATE INDEX "tax_receipt_lines_receipt_idx" ON "tax_receipt_lines" USING btree ("tax_receipt_id");--> statement-breakpoint
CREATE INDEX "tax_receipt_lines_contribution_idx" ON "tax_receipt_lines" USING btree ("contribution_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tax_receipts_number_unique" ON "tax_receipts" USING btree ("number");--> statement-breakpoint
CREATE INDEX "tax_receipts_issued_idx" ON "tax_receipts" USING btree ("issued_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_receipts_status_idx" ON "tax_receipts" USING btree ("status","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "tax_receipts_supporter_idx" ON "tax_receipts" USING btree ("supporter_id");--> statement-breakpoint
CREATE INDEX "page_revisions_page_idx" ON "page_revisions" USING btree ("page_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "page_revisions_one_autosave" ON "page_revisions" USING btree ("page_id") WHERE "page_revisions"."is_autosave";--> statement-breakpoint
CREATE UNIQUE INDEX "pages_url_unique" ON "pages" USING btree (lower("url")) WHERE "pages"."deleted_at" is null and "pages"."url" is not null;--> statement-breakpoint
CREATE INDEX "pages_parent_idx" ON "pages" USING btree ("parent_id","sequence");--> statement-breakpoint
CREATE INDEX "feed_posts_feed_idx" ON "feed_posts" USING btree ("feed_id","sequence");--> statement-breakpoint
CREATE INDEX "feed_posts_posted_idx" ON "feed_posts" USING btree ("feed_id","posted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "feeds_url_slug_unique" ON "feeds" USING btree ("url_slug");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_webhook_idx" ON "webhook_deliveries" USING btree ("webhook_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "webhook_deliveries_guid_idx" ON "webhook_deliveries" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_retry_idx" ON "webhook_deliveries" USING btree ("next_retry_at") WHERE "webhook_deliveries"."next_retry_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_identifier_unique" ON "phone_numbers" USING btree ("identifier") WHERE "phone_numbers"."released_at" is null;--> statement-breakpoint
CREATE INDEX "phone_numbers_type_idx" ON "phone_numbers" USING btree ("type");--> statement-breakpoint
CREATE UNIQUE INDEX "theme_assets_key_unique" ON "theme_assets" USING btree ("theme_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "themes_handle_unique" ON "themes" USING btree ("handle");--> statement-breakpoint
CREATE INDEX "notes_commentable_idx" ON "notes" USING btree ("commentable_type","commentable_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "virtual_events_slug_unique" ON "virtual_events" USING btree ("slug") WHERE "virtual_events"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "virtual_events_start_idx" ON "virtual_events" USING btree ("start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "support_requests_created_idx" ON "support_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST);