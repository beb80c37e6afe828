-- A receipt line is live while its receipt is neither void nor deleted: the partial unique index
-- tax_receipt_lines_one_live_unique then allows one live receipt per contribution. The flag is
-- kept here, by the database, whichever code changes a receipt or adds a line.
CREATE OR REPLACE FUNCTION tax_receipt_lines_set_live() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT r.status <> 'void' AND r.deleted_at IS NULL INTO NEW.live FROM tax_receipts r WHERE r.id = NEW.tax_receipt_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_receipt_lines_live BEFORE INSERT OR UPDATE OF tax_receipt_id, live ON tax_receipt_lines
  FOR EACH ROW EXECUTE FUNCTION tax_receipt_lines_set_live();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION tax_receipts_sync_live_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE tax_receipt_lines SET live = live WHERE tax_receipt_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tax_receipts_live_lines AFTER UPDATE OF status, deleted_at ON tax_receipts
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION tax_receipts_sync_live_lines();
--> statement-breakpoint
UPDATE tax_receipt_lines l SET live = false FROM tax_receipts r WHERE r.id = l.tax_receipt_id AND (r.status = 'void' OR r.deleted_at IS NOT NULL);
