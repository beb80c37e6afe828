CREATE TABLE "duplicate_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"supporter_a_id" integer NOT NULL,
	"supporter_b_id" integer NOT NULL,
	"score" smallint NOT NULL,
	"reasons" jsonb NOT NULL,
	"dismissed_at" timestamp with time zone,
	"dismissed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "duplicate_candidates_ordered" CHECK ("duplicate_candidates"."supporter_a_id" < "duplicate_candidates"."supporter_b_id")
);
--> statement-breakpoint
CREATE TABLE "duplicate_scans" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(10) DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "supporter_merges" (
	"id" serial PRIMARY KEY NOT NULL,
	"winner_id" integer NOT NULL,
	"loser_id" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"merged_by" integer,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" integer
);
--> statement-breakpoint
ALTER TABLE "duplicate_candidates" ADD CONSTRAINT "duplicate_candidates_supporter_a_id_supporters_id_fk" FOREIGN KEY ("supporter_a_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_candidates" ADD CONSTRAINT "duplicate_candidates_supporter_b_id_supporters_id_fk" FOREIGN KEY ("supporter_b_id") REFERENCES "public"."supporters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_candidates" ADD CONSTRAINT "duplicate_candidates_dismissed_by_users_id_fk" FOREIGN KEY ("dismissed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "duplicate_scans" ADD CONSTRAINT "duplicate_scans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_merges" ADD CONSTRAINT "supporter_merges_winner_id_supporters_id_fk" FOREIGN KEY ("winner_id") REFERENCES "public"."supporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_merges" ADD CONSTRAINT "supporter_merges_loser_id_supporters_id_fk" FOREIGN KEY ("loser_id") REFERENCES "public"."supporters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_merges" ADD CONSTRAINT "supporter_merges_merged_by_users_id_fk" FOREIGN KEY ("merged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supporter_merges" ADD CONSTRAINT "supporter_merges_undone_by_users_id_fk" FOREIGN KEY ("undone_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_candidates_pair_unique" ON "duplicate_candidates" USING btree ("supporter_a_id","supporter_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_candidates_b_idx" ON "duplicate_candidates" USING btree ("supporter_b_id");--> statement-breakpoint
CREATE INDEX "duplicate_candidates_score_idx" ON "duplicate_candidates" USING btree ("score" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "supporter_merges_winner_idx" ON "supporter_merges" USING btree ("winner_id");--> statement-breakpoint
CREATE INDEX "supporter_merges_loser_idx" ON "supporter_merges" USING btree ("loser_id");