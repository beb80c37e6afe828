-- Issue 36 items 5 and 7: follow-up tasks on supporters, and tags (supporter_tags is kept out of
-- the trigger trail; tag changes are written to the supporter's own history by tags.history.ts).
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"due_on" date,
	"assigned_to" integer,
	"completed_at" timestamp with time zone,
	"completed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supporter_tags" (
	"supporter_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "supporter_tags_supporter_id_tag_id_pk" PRIMARY KEY("supporter_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(45) NOT NULL,
	"colour" varchar(10) DEFAULT 'gray' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_colour_check" CHECK ("tags"."colour" in ('gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'lime', 'yellow', 'orange'))
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_tags" ADD CONSTRAINT "supporter_tags_supporter_id_supporters_id_fk" FOREIGN KEY ("supporter_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_tags" ADD CONSTRAINT "supporter_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_tags" ADD CONSTRAINT "supporter_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_assigned_open_idx" ON "tasks" USING btree ("assigned_to","due_on") WHERE "tasks"."completed_at" is null;--> statement-breakpoint
CREATE INDEX "tasks_supporter_idx" ON "tasks" USING btree ("supporter_id","due_on");--> statement-breakpoint
CREATE INDEX "tasks_completed_by_idx" ON "tasks" USING btree ("completed_by");--> statement-breakpoint
CREATE INDEX "tasks_created_by_idx" ON "tasks" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "supporter_tags_tag_idx" ON "supporter_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "supporter_tags_created_by_idx" ON "supporter_tags" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_name_unique" ON "tags" USING btree (lower("name"));