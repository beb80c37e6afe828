-- The supporters listing sorts by membership number (issue 36): the listing engine sorts
-- `lower(membership_number) DESC NULLS LAST, id DESC NULLS LAST` (or the same ascending, NULLS
-- FIRST), which one index read either way serves, as for the other sortable columns (0009).
CREATE INDEX IF NOT EXISTS "supporters_membership_number_sort_idx" ON "supporters" ((lower("membership_number")) DESC NULLS LAST, "id" DESC NULLS LAST);
