-- Issue 40: a point-of-sale payment its sale did not keep (given back at its gateway) is marked, so its refund is not counted as a refund of the sale.
ALTER TABLE "payments" ADD COLUMN "not_kept" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Those recorded before the mark, by the words recordLetGo gave them; then their sales' refunded figures without them (refunds.derive.ts).
UPDATE "payments" SET "not_kept" = true WHERE "description" = 'Point of sale payment not kept for the sale';--> statement-breakpoint
UPDATE "contributions" c SET "refunded_amount" = f.amount
  FROM (SELECT l.contribution_id AS id, coalesce(sum(r.amount) FILTER (WHERE NOT p.not_kept), 0) AS amount
          FROM payment_links l JOIN payments p ON p.id = l.payment_id
          LEFT JOIN refunds r ON r.payment_id = l.payment_id AND r.status IN ('succeeded', 'pending')
         WHERE l.contribution_id IN (SELECT l2.contribution_id FROM payment_links l2 JOIN payments p2 ON p2.id = l2.payment_id WHERE p2.not_kept)
         GROUP BY l.contribution_id) f
 WHERE c.id = f.id AND c.refunded_amount <> f.amount;
