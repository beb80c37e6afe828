import { type AuditLogRow, type ListingResponse, auditLogFiltersSchema, auditLogRowSchema, auditLogUsersSchema, listingRequestSchema, listingResponseOf } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../listing/csv-reply.ts';
import { listingSerializer, queryRows, readListingQuery, runListing } from '../../listing/engine.ts';
import { auditLogListing } from './audit.listing.ts';

const tags = ['audit'];
const body = listingRequestSchema(auditLogFiltersSchema);

/** The audit view: every recorded change across the system, listed, filtered and exported. */
export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/jpanel/audit.ajax', {
    config: { permission: 'audit.view' },
    serializerCompiler: listingSerializer,
    schema: { summary: 'Every recorded change, one row per field (DataTables paging, search and filters)', tags, body, response: { 200: listingResponseOf(auditLogRowSchema) } },
  }, async (request) => {
    const query = readListingQuery(auditLogListing, request.body as Record<string, unknown>);
    return (await runListing(app.ctx.db, auditLogListing, query)) as ListingResponse<AuditLogRow>;
  });

  app.get('/jpanel/audit.csv', {
    config: { permission: 'audit.view' },
    schema: { summary: 'Export the recorded changes the filters select as CSV', tags, querystring: body },
  }, async (request, reply) => sendCsv(app, reply, auditLogListing, readListingQuery(auditLogListing, request.query as Record<string, unknown>), 'audit-log'));

  app.get('/jpanel/audit/users.json', {
    config: { permission: 'audit.view' },
    schema: { summary: 'The staff the audit view can be filtered by (deleted ones too: their changes stay)', tags, response: { 200: auditLogUsersSchema } },
  }, async () => {
    const rows = await queryRows(app.ctx.db, sql`select id, coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email)
      || case when deleted_at is not null then ' (deleted)' else '' end as name from users order by lower(last_name), lower(first_name), id`);
    return { data: rows.map((r) => ({ id: Number(r.id), name: String(r.name) })) };
  });
};
