CREATE TABLE "appeal_supporters" (
	"appeal_id" integer NOT NULL,
	"supporter_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appeal_supporters_appeal_id_supporter_id_pk" PRIMARY KEY("appeal_id","supporter_id")
);
--> statement-breakpoint
CREATE TABLE "appeals" (
	"id" serial PRIMARY KEY NOT NULL,
	"campaign_id" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"code" varchar(30) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"goal_amount" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"description" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_dates_check" CHECK ("campaigns"."ends_on" is null or "campaigns"."ends_on" >= "campaigns"."starts_on"),
	CONSTRAINT "campaigns_goal_check" CHECK ("campaigns"."goal_amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "campaign_id" integer;--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "appeal_id" integer;--> statement-breakpoint
ALTER TABLE "appeal_supporters" ADD CONSTRAINT "appeal_supporters_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeal_supporters" ADD CONSTRAINT "appeal_supporters_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appeals" ADD CONSTRAINT "appeals_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appeal_supporters_supporter_idx" ON "appeal_supporters" USING btree ("supporter_id");--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_code_unique" ON "appeals" USING btree ("code");--> statement-breakpoint
CREATE INDEX "appeals_campaign_idx" ON "appeals" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_name_unique" ON "campaigns" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contributions" ADD CONSTRAINT "contributions_appeal_id_appeals_id_fk" FOREIGN KEY ("appeal_id") REFERENCES "public"."appeals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contributions_campaign_idx" ON "contributions" USING btree ("campaign_id","ordered_at") WHERE "contributions"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "contributions_appeal_idx" ON "contributions" USING btree ("appeal_id") WHERE "contributions"."appeal_id" is not null;