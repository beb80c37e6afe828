-- contribution_counts: live contributions per status, kept by statement-level triggers that add
-- one signed row per status a statement changes (never an UPDATE of a shared row, so parallel
-- writers never queue or deadlock on a counter). ENABLE ALWAYS: bulk loads in replica mode keep
-- them too. Readers sum the rows; contributions.listing.ts folds them when they pile up.
CREATE OR REPLACE FUNCTION contribution_counts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'INSERT' then
    insert into contribution_counts (status, n)
    select status, count(*) from new_rows where deleted_at is null group by status;
  elsif tg_op = 'DELETE' then
    insert into contribution_counts (status, n)
    select status, -count(*) from old_rows where deleted_at is null group by status;
  else
    insert into contribution_counts (status, n)
    select status, sum(d) from (select status, 1 as d from new_rows where deleted_at is null
                                union all
                                select status, -1 from old_rows where deleted_at is null) moved
     group by status having sum(d) <> 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contribution_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  delete from contribution_counts;
  return null;
end $$;
--> statement-breakpoint
CREATE TRIGGER contributions_counts_insert_trg AFTER INSERT ON contributions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contribution_counts_kept();
--> statement-breakpoint
CREATE TRIGGER contributions_counts_update_trg AFTER UPDATE ON contributions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contribution_counts_kept();
--> statement-breakpoint
CREATE TRIGGER contributions_counts_delete_trg AFTER DELETE ON contributions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contribution_counts_kept();
--> statement-breakpoint
CREATE TRIGGER contributions_counts_truncate_trg AFTER TRUNCATE ON contributions
  FOR EACH STATEMENT EXECUTE FUNCTION contribution_counts_truncated();
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_counts_insert_trg;
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_counts_update_trg;
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_counts_delete_trg;
--> statement-breakpoint
ALTER TABLE contributions ENABLE ALWAYS TRIGGER contributions_counts_truncate_trg;
--> statement-breakpoint
-- The starting counts. Creating the triggers locked out writers until this commits, so nothing
-- is counted twice or missed.
INSERT INTO contribution_counts (status, n) SELECT status, count(*) FROM contributions WHERE deleted_at IS NULL GROUP BY status;
--> statement-breakpoint
-- Counters and caches are bookkeeping: the audit trail leaves them out (audit.sql.ts), and the
-- cache's trigger from before that is removed.
DROP TRIGGER IF EXISTS almoner_audit_trg ON listing_counts;
