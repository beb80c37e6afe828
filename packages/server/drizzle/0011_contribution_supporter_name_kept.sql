-- contributions.supporter_name: what the list shows in its Supporter column, stored so the sort
-- has an index (a sort across the supporters join can use none). One function derives it; the
-- triggers only decide when to run it. ENABLE ALWAYS: bulk loads in replica mode keep it too.
CREATE OR REPLACE FUNCTION contribution_supporter_name() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  new.supporter_name := coalesce((select nullif(s.display_name, '') from supporters s where s.id = new.supporter_id),
                                 person_name(new.bill_first_name, new.bill_last_name), 'Anonymous Donor');
  return new;
end $$;
--> statement-breakpoint
-- supporter_name is in the list so a hand-written value is recomputed, never kept.
CREATE TRIGGER contributions_supporter_name_trg BEFORE INSERT OR UPDATE OF supporter_id, bill_first_name, bill_last_name, supporter_name
  ON contributions FOR EACH ROW EXECUTE FUNCTION contribution_supporter_name();
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_supporter_name_trg;
--> statement-breakpoint
-- A renamed supporter renames their contributions (the trigger above recomputes each row).
CREATE OR REPLACE FUNCTION supporter_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  update contributions set supporter_name = supporter_name where supporter_id = new.id;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER supporters_renamed_trg AFTER UPDATE OF display_name ON supporters FOR EACH ROW
  WHEN (old.display_name IS DISTINCT FROM new.display_name) EXECUTE FUNCTION supporter_renamed();
--> statement-breakpoint
ALTER TABLE supporters ENABLE ALWAYS TRIGGER supporters_renamed_trg;
--> statement-breakpoint
-- The backfill is bookkeeping, not a change anyone made: no audit rows for it.
SELECT set_config('almoner.audit', 'off', true);
--> statement-breakpoint
UPDATE contributions SET supporter_name = supporter_name;
--> statement-breakpoint
SELECT set_config('almoner.audit', '', true);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contributions_supporter_sort_idx" ON "contributions" ("supporter_name" DESC NULLS LAST, "id" DESC NULLS LAST);
