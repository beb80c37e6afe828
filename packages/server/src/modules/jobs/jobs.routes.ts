import {
  JOB_FILTERS,
  JOBS_PAGE_SIZE,
  type JobList,
  type JobListRow,
  type JobRow,
  canManageSystem,
  jobListFiltersSchema,
  jobListQuerySchema,
  jobListRowSchema,
  jobMessages,
  type ListingResponse,
  listingRequestSchema,
  listingResponseOf,
  messages,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { listingSerializer, queryRows, readListingQuery, runListing } from '../../listing/engine.ts';
import type { AuthUser } from '../auth/session.ts';
import { jobsListing } from './jobs.listing.ts';

/** Background jobs and the mail outbox are for account administrators (the same rule as the sidebar). */
export function assertSystemManager(request: FastifyRequest): void {
  const user = request.user as AuthUser;
  if (!canManageSystem({ is_account_admin: user.isAccountAdmin, permissions: user.permissions })) throw new AppError('forbidden', messages.forbidden);
}

const jobRowSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(['created', 'retry', 'active', 'completed', 'cancelled', 'failed']),
  progress: z.number().nullable(),
  retry_count: z.number(),
  retry_limit: z.number(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  error: z.string().nullable(),
});
const jobListSchema = z.object({ data: z.array(jobRowSchema), total: z.number(), page: z.number(), page_size: z.number() });

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

/** The Background jobs page: running, failed and finished jobs with progress, errors and retry. */
export const jobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/jobs.listing',
    {
      config: { permission: null },
      serializerCompiler: listingSerializer,
      schema: { summary: 'List background jobs, 25 a page (DataTables paging, search, filters and sort)', tags: ['jobs'], body: listingRequestSchema(jobListFiltersSchema), response: { 200: listingResponseOf(jobListRowSchema) } },
    },
    async (request) => {
      assertSystemManager(request);
      return (await runListing(app.ctx.db, jobsListing, readListingQuery(jobsListing, request.body))) as ListingResponse<JobListRow>;
    },
  );

  app.get(
    '/jpanel/jobs.json',
    { config: { permission: null }, schema: { summary: 'List background jobs (running, failed or finished), newest first', tags: ['jobs'], querystring: jobListQuerySchema, response: { 200: jobListSchema } } },
    async (request): Promise<JobList> => {
      assertSystemManager(request);
      const { filter, page } = request.query;
      const states = sql.join(JOB_FILTERS[filter].map((s) => sql`${s}`), sql`, `);
      // Finished jobs move to the archive after a while; the page shows both.
      const jobs = sql`select id, name, state, retry_count, retry_limit, created_on, started_on, completed_on, output from pgboss.job where state::text in (${states})
                       union all
                       select id, name, state, retry_count, retry_limit, created_on, started_on, completed_on, output from pgboss.archive where state::text in (${states})`;
      const [count] = await queryRows(app.ctx.db, sql`select count(*)::int as n from (${jobs}) j`);
      const rows = await queryRows(
        app.ctx.db,
        sql`select j.id::text as id, j.name as queue, j.state::text as state, p.percent as progress, j.retry_count, j.retry_limit,
                   j.created_on, j.started_on, j.completed_on,
                   case when j.state::text = 'failed' then left(coalesce(j.output->>'message', j.output->>'value'), 500) end as error
              from (${jobs}) j left join job_progress p on p.job_id = j.id
             order by j.created_on desc, j.id limit ${JOBS_PAGE_SIZE} offset ${(page - 1) * JOBS_PAGE_SIZE}`,
      );
      return {
        data: rows.map(
          (r): JobRow => ({
            id: String(r.id),
            queue: String(r.queue),
            state: r.state as JobRow['state'],
            progress: r.progress === null || r.progress === undefined ? null : Number(r.progress),
            retry_count: Number(r.retry_count),
            retry_limit: Number(r.retry_limit),
            created_at: iso(r.created_on) as string,
            started_at: iso(r.started_on),
            completed_at: iso(r.completed_on),
            error: (r.error as string | null) ?? null,
          }),
        ),
        total: Number(count?.n ?? 0),
        page,
        page_size: JOBS_PAGE_SIZE,
      };
    },
  );

  app.post(
    '/jpanel/jobs/:id/retry',
    {
      config: { permission: null },
      schema: { summary: 'Run a failed background job again', tags: ['jobs'], params: z.object({ id: z.uuid({ error: messages.notFound }) }), response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      assertSystemManager(request);
      const [job] = await queryRows(app.ctx.db, sql`select name, state::text as state from pgboss.job where id = ${request.params.id}::uuid`);
      if (!job) throw new AppError('not_found', messages.notFound);
      if (job.state !== 'failed') throw new AppError('conflict', jobMessages.notFailed);
      await app.ctx.jobs.retry(String(job.name), request.params.id);
      return { message: jobMessages.retried };
    },
  );
};
