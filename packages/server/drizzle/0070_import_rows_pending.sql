-- Issue 31: the import job reads its next batch as an import's pending rows in id order. Through
-- the other indexes that read went over every later row of the import for each batch (5.8 s of a
-- 100,000-row apply); this index holds only the rows still pending.
CREATE INDEX "import_rows_pending_idx" ON "import_rows" USING btree ("import_id","id") WHERE "import_rows"."outcome" = 'pending';
