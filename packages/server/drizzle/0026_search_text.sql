-- searchable_text (what the list search boxes match) was only ever written by the demo seed:
-- a supporter added on a form or a sale made at the POS could not be found by name or number.
-- The database now derives it on every write, as it does supporter_name (0011), so no writer
-- can forget it. ENABLE ALWAYS: bulk loads in replica mode keep it too.
CREATE OR REPLACE FUNCTION supporter_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  new.searchable_text := nullif(lower(concat_ws(' ', nullif(new.display_name, ''), new.first_name, new.last_name,
    new.bill_organization_name, new.email, new.bill_phone, new.donor_id)), '');
  return new;
end $$;
--> statement-breakpoint
CREATE TRIGGER supporters_search_text_trg BEFORE INSERT OR UPDATE OF display_name, first_name, last_name,
  bill_organization_name, email, bill_phone, donor_id, searchable_text
  ON supporters FOR EACH ROW EXECUTE FUNCTION supporter_search_text();
--> statement-breakpoint
ALTER TABLE supporters ENABLE ALWAYS TRIGGER supporters_search_text_trg;
--> statement-breakpoint
-- The contribution's number as the list writes it (invoice number, else the cart's id), the name
-- the list shows and the billing names and e-mail. Named so it runs after
-- contributions_supporter_name_trg (triggers fire in name order) and reads the fresh name; a
-- renamed supporter reaches here through that trigger's update of supporter_name.
CREATE OR REPLACE FUNCTION contribution_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  new.searchable_text := lower(concat_ws(' ', coalesce(new.invoice_number, new.client_uuid), new.supporter_name,
    new.bill_first_name, new.bill_last_name, new.bill_organization_name, new.bill_email));
  return new;
end $$;
--> statement-breakpoint
CREATE TRIGGER contributions_text_search_trg BEFORE INSERT OR UPDATE OF invoice_number, client_uuid, supporter_id,
  supporter_name, bill_first_name, bill_last_name, bill_organization_name, bill_email, searchable_text
  ON contributions FOR EACH ROW EXECUTE FUNCTION contribution_search_text();
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_text_search_trg;
--> statement-breakpoint
-- The backfill is bookkeeping, not a change anyone made: no audit rows for it.
SELECT set_config('almoner.audit', 'off', true);
--> statement-breakpoint
UPDATE supporters SET searchable_text = searchable_text;
--> statement-breakpoint
UPDATE contributions SET searchable_text = searchable_text;
--> statement-breakpoint
SELECT set_config('almoner.audit', '', true);
