-- A gift can leave a receipt it shares with others (issue 37): given to another donor, or dated
-- outside the receipt's period. Its line stays, marked removed, and is no longer live.
ALTER TABLE "tax_receipt_lines" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE FUNCTION tax_receipt_lines_set_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.status <> 'void' AND r.deleted_at IS NULL AND NEW.removed_at IS NULL INTO NEW.live FROM tax_receipts r WHERE r.id = NEW.tax_receipt_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER tax_receipt_lines_live ON tax_receipt_lines;--> statement-breakpoint
CREATE TRIGGER tax_receipt_lines_live BEFORE INSERT OR UPDATE OF tax_receipt_id, live, removed_at ON tax_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION tax_receipt_lines_set_live();
