CREATE TABLE "billing_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" varchar(20) NOT NULL,
	"hosted_page_id" varchar(70) NOT NULL,
	"subscription_ref" varchar(70) NOT NULL,
	"plan_id" varchar(100) NOT NULL,
	"status" varchar(20) NOT NULL,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_subscriptions_hosted_page_id_unique" UNIQUE("hosted_page_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_billing_pages" (
	"hosted_page_id" varchar(70) PRIMARY KEY NOT NULL,
	"plan_id" varchar(100) NOT NULL,
	"state" varchar(20) DEFAULT 'created' NOT NULL,
	"redirect_url" text NOT NULL,
	"subscription_ref" varchar(70),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_subscriptions" ADD CONSTRAINT "billing_subscriptions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;