-- Disputes (issue 40 item 4): payment_disputes, the contributions' derived disputed figures, and
-- the status rule's "disputed" and "dispute_lost". PostgreSQL 15 cannot change a generated
-- column's expression, so status is dropped and added again with the new rule (its index with it);
-- no row has a dispute yet, so every status and the kept counts (contribution_counts) stay as they are.
CREATE TABLE "payment_disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"reference_number" varchar(100) NOT NULL,
	"amount" bigint NOT NULL,
	"currency_code" char(3) NOT NULL,
	"status" varchar(10) NOT NULL,
	"reason" varchar(50),
	"opened_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_disputes_status_check" CHECK ("payment_disputes"."status" in ('open', 'won', 'lost')),
	CONSTRAINT "payment_disputes_amount_check" CHECK ("payment_disputes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payment_disputes" ADD CONSTRAINT "payment_disputes_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payment_disputes_payment_idx" ON "payment_disputes" USING btree ("payment_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_disputes_reference_unique" ON "payment_disputes" USING btree ("reference_number");
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "disputed_amount" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "dispute_status" varchar(10);
--> statement-breakpoint
ALTER TABLE "contributions" drop column "status";
--> statement-breakpoint
ALTER TABLE "contributions" ADD COLUMN "status" text GENERATED ALWAYS AS (case
  when is_spam then 'spam'
  when payment_status = 'failed' then 'failed'
  when payment_status = 'pending' or paid_at is null then 'pending'
  when dispute_status = 'open' then 'disputed'
  when dispute_status = 'lost' then 'dispute_lost'
  when refunded_amount > 0 and refunded_amount >= total_amount then 'refunded'
  when refunded_amount > 0 then 'partially_refunded'
  when shippable_items > 0 and is_fulfilled then 'fulfilled'
  when shippable_items > 0 then 'unfulfilled'
  else 'paid' end) STORED NOT NULL;
--> statement-breakpoint
CREATE INDEX "contributions_status_idx" ON "contributions" USING btree ("status","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "contribution_status_history" DROP CONSTRAINT "contribution_status_history_event_check";
--> statement-breakpoint
ALTER TABLE "contribution_status_history" ADD CONSTRAINT "contribution_status_history_event_check" CHECK ("contribution_status_history"."event" in ('created', 'paid', 'payment_pending', 'payment_failed', 'fulfilled', 'unfulfilled', 'refunded', 'partially_refunded', 'marked_spam', 'unmarked_spam', 'deleted', 'restored', 'note', 'confirmation_sent', 'thanked', 'disputed', 'dispute_won', 'dispute_lost'));
