-- A pending bank payment was recorded as 'paid' in the status history; it was awaiting payment.
UPDATE "contribution_status_history" h
   SET "event" = 'payment_pending'
  FROM "contributions" c
 WHERE c."id" = h."contribution_id" AND h."event" = 'paid' AND c."payment_status" = 'pending';
