import { JOB_FILTERS, JOB_LIST_PAGE_SIZE, JOBS_DEFAULT_SORT, type JobListFilters, jobListColumns, jobListFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { everyWordIn } from '../../listing/search-words.ts';

/** Finished jobs move to pg-boss's archive after a while: the list reads both. */
const jobs = sql`(select id, name, state::text as state, retry_count, retry_limit, created_on, completed_on, output from pgboss.job
                  union all
                  select id, name, state::text as state, retry_count, retry_limit, created_on, completed_on, output from pgboss.archive) j
                 left join job_progress p on p.job_id = j.id`;

/** The attempt a job is on (or ended on): its first run is attempt 1, each retry one more. */
const attempts = sql`least(j.retry_count + 1, j.retry_limit + 1)`;
const error = sql`case when j.state = 'failed' then left(coalesce(j.output->>'message', j.output->>'value'), 500) end`;

function where(f: JobListFilters): (SQL | undefined)[] {
  const states = f.status ? JOB_FILTERS[f.status] : undefined;
  return [
    states ? sql`j.state in (${sql.join(states.map((s) => sql`${s}`), sql`, `)})` : undefined,
    f.queue ? sql`j.name = ${f.queue}` : undefined,
    f.from ? sql`j.created_on >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`j.created_on < ${startOfOrgDaySql(f.to, 1)}` : undefined,
  ];
}

/** Every word in the job's name or its error. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(j.name || ' ' || coalesce(${error}, ''))`, term);
}

/** Background jobs, 25 a page, newest first, with progress, the attempt and a failed job's error. */
export const jobsListing: ListingDefinition<JobListFilters> = {
  columns: jobListColumns,
  fields: {
    queue: { select: sql`j.name`, sort: sql`j.name` },
    state: { select: sql`j.state`, sort: sql`j.state` },
    progress: { select: sql`p.percent` },
    attempts: { select: attempts, sort: attempts },
    created_at: { select: sql`j.created_on`, sort: sql`j.created_on` },
    completed_at: { select: sql`j.completed_on`, sort: sql`j.completed_on` },
    error: { select: error },
  },
  rowExtras: { id: sql`j.id::text`, retry_count: sql`j.retry_count`, retry_limit: sql`j.retry_limit` },
  from: jobs,
  baseWhere: sql`true`,
  filters: jobListFiltersSchema,
  where,
  search,
  tiebreak: sql`j.id`,
  defaultOrder: [...JOBS_DEFAULT_SORT],
  pageSize: JOB_LIST_PAGE_SIZE,
  csv: () => [
    { header: 'Job', value: sql`j.name`, kind: 'text' },
    { header: 'State', value: sql`j.state`, kind: 'text' },
    { header: 'Progress', value: sql`p.percent`, kind: 'number' },
    { header: 'Attempt', value: attempts, kind: 'number' },
    { header: 'Attempts Allowed', value: sql`j.retry_limit + 1`, kind: 'number' },
    { header: 'Queued', value: orgDateTimeTextSql(sql`j.created_on`), kind: 'text' },
    { header: 'Ended', value: orgDateTimeTextSql(sql`j.completed_on`), kind: 'text' },
    { header: 'Error', value: error, kind: 'text' },
  ],
};
