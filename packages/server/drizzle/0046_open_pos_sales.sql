-- Issue 41: a point-of-sale contribution opened and not paid (no payment tried) is an open sale:
-- it belongs to the POS (its list of open sales to resume or discard), not to the ledger, so the
-- kept counts leave it out as the listing does (contributions.status.ts, openSaleSql). Once a
-- payment is tried or it is paid, the update moves it into the counts like any other change.
CREATE OR REPLACE FUNCTION contribution_counts_kept() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if tg_op = 'INSERT' then
    insert into contribution_counts (status, n)
    select status, count(*) from new_rows
     where deleted_at is null and not (is_pos and paid_at is null and payment_status is null) group by status;
  elsif tg_op = 'DELETE' then
    insert into contribution_counts (status, n)
    select status, -count(*) from old_rows
     where deleted_at is null and not (is_pos and paid_at is null and payment_status is null) group by status;
  else
    insert into contribution_counts (status, n)
    select status, sum(d) from (select status, 1 as d from new_rows
                                 where deleted_at is null and not (is_pos and paid_at is null and payment_status is null)
                                union all
                                select status, -1 from old_rows
                                 where deleted_at is null and not (is_pos and paid_at is null and payment_status is null)) moved
     group by status having sum(d) <> 0;
  end if;
  return null;
end $$;
--> statement-breakpoint
-- Counted again under the new rule. The function's replacement and this recount commit together,
-- so a writer either counted under the old rule before (and is recounted here) or the new one after.
LOCK TABLE contributions IN SHARE MODE;
--> statement-breakpoint
DELETE FROM contribution_counts;
--> statement-breakpoint
INSERT INTO contribution_counts (status, n)
SELECT status, count(*) FROM contributions
 WHERE deleted_at IS NULL AND NOT (is_pos AND paid_at IS NULL AND payment_status IS NULL) GROUP BY status;
