ALTER TABLE "contributions" ADD COLUMN "status" text GENERATED ALWAYS AS (case
  when is_spam then 'spam'
  when payment_status = 'failed' then 'failed'
  when payment_status = 'pending' or paid_at is null then 'pending'
  when refunded_amount > 0 and refunded_amount >= total_amount then 'refunded'
  when refunded_amount > 0 then 'partially_refunded'
  when shippable_items > 0 and is_fulfilled then 'fulfilled'
  when shippable_items > 0 then 'unfulfilled'
  else 'paid' end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contributions_status_idx" ON "contributions" USING btree ("status","ordered_at" DESC NULLS LAST,"id" DESC NULLS LAST);