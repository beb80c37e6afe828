CREATE TABLE "crm_code_cache" (
	"field_name" varchar(40) PRIMARY KEY NOT NULL,
	"codes" jsonb NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_connection" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"provider" varchar(20) DEFAULT 'sandbox' NOT NULL,
	"api_url" varchar(500) DEFAULT '' NOT NULL,
	"web_url" varchar(500) DEFAULT '' NOT NULL,
	"username" varchar(100) DEFAULT '' NOT NULL,
	"password_sealed" text,
	"apikey_sealed" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_connection_single" CHECK ("crm_connection"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "crm_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) NOT NULL,
	"contribution_id" integer NOT NULL,
	"refund_id" integer DEFAULT 0 NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"donor_id" varchar(45),
	"gift_id" varchar(45),
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crm_syncs_kind_check" CHECK ("crm_syncs"."kind" in ('gift', 'refund')),
	CONSTRAINT "crm_syncs_status_check" CHECK ("crm_syncs"."status" in ('pending', 'sending', 'synced', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "crm_sandbox_codes" (
	"field_name" varchar(40) NOT NULL,
	"code" varchar(200) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"inactive" boolean DEFAULT false NOT NULL,
	CONSTRAINT "crm_sandbox_codes_field_name_code_pk" PRIMARY KEY("field_name","code")
);
--> statement-breakpoint
CREATE TABLE "crm_sandbox_donors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"first_name" varchar(50) DEFAULT '' NOT NULL,
	"last_name" varchar(75) DEFAULT '' NOT NULL,
	"email" varchar(100) DEFAULT '' NOT NULL,
	"address" varchar(450) DEFAULT '' NOT NULL,
	"city" varchar(200) DEFAULT '' NOT NULL,
	"state" varchar(45) DEFAULT '' NOT NULL,
	"zip" varchar(45) DEFAULT '' NOT NULL,
	"country" varchar(45) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_sandbox_gifts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"donor_id" integer NOT NULL,
	"record_type" varchar(1) DEFAULT 'G' NOT NULL,
	"gift_date" date NOT NULL,
	"amount" varchar(30) NOT NULL,
	"gl_code" varchar(200) DEFAULT '' NOT NULL,
	"campaign" varchar(200) DEFAULT '' NOT NULL,
	"solicit_code" varchar(200) DEFAULT '' NOT NULL,
	"reference" varchar(100) DEFAULT '' NOT NULL,
	"gift_narrative" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crm_syncs" ADD CONSTRAINT "crm_syncs_contribution_id_contributions_id_fk" FOREIGN KEY ("contribution_id") REFERENCES "public"."contributions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crm_syncs_record_unique" ON "crm_syncs" USING btree ("kind","contribution_id","refund_id");--> statement-breakpoint
CREATE INDEX "crm_sandbox_donors_email_idx" ON "crm_sandbox_donors" USING btree ("email");--> statement-breakpoint
CREATE INDEX "crm_sandbox_gifts_donor_idx" ON "crm_sandbox_gifts" USING btree ("donor_id");--> statement-breakpoint
CREATE INDEX "crm_sandbox_gifts_reference_idx" ON "crm_sandbox_gifts" USING btree ("reference");