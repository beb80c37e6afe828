import { type SQL, sql } from 'drizzle-orm';
import { withActor } from '../../db/actor.ts';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { defineJob } from '../jobs/jobs.queue.ts';
import { orgTodaySql, recountSponsorships } from './sponsors.service.ts';

/** Days looked back, so a worker that was down for a few days still catches every crossing. */
const LOOKBACK_DAYS = 7;

/**
 * A sponsor record stops counting the day after its end date, and starts counting on its start
 * date, with no write to mark either. This recounts the sponsees whose records crossed such a day
 * within the last week, as of `today` (the organisation's today unless a test fixes the date).
 * Idempotent: the recount rewrites only figures that differ. Returns the sponsees looked at.
 */
export async function recountCrossedSponsorships(q: Queryable, today: SQL = orgTodaySql): Promise<number[]> {
  const rows = await queryRows(q, sql`
    select distinct s.sponsorship_id as id
      from sponsors s
     where s.deleted_at is null
       and ((s.ended_at >= ${today} - ${LOOKBACK_DAYS}::int and s.ended_at < ${today})
         or (s.started_at > ${today} - ${LOOKBACK_DAYS}::int and s.started_at <= ${today}))
     order by 1`);
  const ids = rows.map((r) => Number(r.id));
  await recountSponsorships(q, ids, today);
  return ids;
}

/**
 * Hourly rather than at one midnight: the organisation's midnight falls at a different UTC hour
 * in each time zone, and a run finding nothing to change changes nothing.
 */
export const sponsorshipRecountJob = defineJob<Record<string, never>>({
  name: 'sponsorship_daily_recount',
  cron: '7 * * * *',
  retryLimit: 2,
  handler: async (run) => {
    await withActor(run.database.db, { userId: null, ip: null }, (tx) => recountCrossedSponsorships(tx));
  },
});
