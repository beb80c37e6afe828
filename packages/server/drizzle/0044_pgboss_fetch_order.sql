-- pg-boss fetches a queue's next jobs with
--   where name = $1 and state < 'active' and start_after < now()
--   order by priority desc, created_on, id limit $2 for update skip locked
-- and its own index (job_i5: name, start_after) cannot give that order, so every fetch read and
-- sorted every waiting job of the queue: with 16,000 webhook deliveries queued, 146 ms a fetch,
-- and deliveries fell to 55/s. This index gives the order, so a fetch reads the first due jobs
-- and stops (0.3 ms). Made on the partitioned parent, it is made for every queue's partition,
-- including those pg-boss attaches later.
CREATE INDEX "job_fetch_order_i" ON "pgboss"."job" ("name", "priority" DESC, "created_on", "id") WHERE "state" < 'active';
