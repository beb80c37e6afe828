CREATE TABLE "supporter_consent_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"topic" varchar(20) NOT NULL,
	"previous" boolean NOT NULL,
	"granted" boolean NOT NULL,
	"changed_on" date NOT NULL,
	"source" varchar(20) NOT NULL,
	"note" text,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_consent_changes_topic_check" CHECK ("supporter_consent_changes"."topic" in ('email', 'post', 'phone', 'sms', 'do_not_contact', 'deceased')),
	CONSTRAINT "supporter_consent_changes_source_check" CHECK ("supporter_consent_changes"."source" in ('donor', 'staff', 'unsubscribe', 'import'))
);
--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "post_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "phone_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "sms_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "do_not_contact" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "supporters" ADD COLUMN "deceased_on" date;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "supporter_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" varchar(30);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "supporter_consent_changes" ADD CONSTRAINT "supporter_consent_changes_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_consent_changes" ADD CONSTRAINT "supporter_consent_changes_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supporter_consent_changes_supporter_idx" ON "supporter_consent_changes" USING btree ("supporter_id","recorded_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "supporter_consent_changes_recorded_by_idx" ON "supporter_consent_changes" USING btree ("recorded_by");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_supporter_idx" ON "mail_outbox" USING btree ("supporter_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mail_outbox_created_by_idx" ON "mail_outbox" USING btree ("created_by");