-- Issue 39: a recurring gift sold at the point of sale for cash, by check or otherwise kept no
-- payment method, yet its profile was not manual, so each billing run tried to charge it, failed
-- and counted a failure towards suspending it. The point of sale now makes such profiles manual
-- (charged by staff only, who record each instalment); this marks the ones made before it the
-- same way: no method on file, and their first gift was paid by hand at the point of sale.
UPDATE "recurring_payment_profiles" AS rp
   SET "is_manual" = true, "updated_at" = now()
  FROM "contributions" AS c
 WHERE c."id" = rp."contribution_id"
   AND c."is_pos"
   AND c."payment_type" IN ('cash', 'cheque', 'unknown')
   AND rp."payment_method_id" IS NULL
   AND NOT rp."is_manual";
