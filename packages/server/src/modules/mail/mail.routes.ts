import {
  type ListingResponse,
  listingRequestSchema,
  listingResponseOf,
  MAIL_PAGE_SIZE,
  MAIL_STATUSES,
  type MailListRow,
  type MailMessage,
  mailListFiltersSchema,
  mailListQuerySchema,
  mailListRowSchema,
  messages,
} from '@almoner/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { listingSerializer, readListingQuery, runListing } from '../../listing/engine.ts';
import { assertSystemManager } from '../jobs/jobs.routes.ts';
import { mailListing } from './mail.listing.ts';
import { mailOutbox } from './mail.tables.ts';

const summarySchema = z.object({ id: z.number(), to: z.string(), subject: z.string(), status: z.enum(MAIL_STATUSES), created_at: z.string(), sent_at: z.string().nullable() });
const messageSchema = summarySchema.extend({
  from: z.string().nullable(),
  cc: z.string().nullable(),
  html: z.string().nullable(),
  text: z.string().nullable(),
  error: z.string().nullable(),
  attempts: z.number(),
  attachments: z.array(z.object({ filename: z.string(), content_type: z.string(), size: z.number() })),
});

const summary = (row: typeof mailOutbox.$inferSelect) => ({
  id: row.id,
  to: row.to,
  subject: row.subject,
  status: row.status,
  created_at: row.createdAt.toISOString(),
  sent_at: row.sentAt ? row.sentAt.toISOString() : null,
});

/** The mail outbox: every message the app sent or kept, for account administrators. */
export const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/mail.listing',
    {
      config: { permission: null },
      serializerCompiler: listingSerializer,
      schema: { summary: 'List the mail outbox, 25 a page (DataTables paging, search, filters and sort)', tags: ['mail'], body: listingRequestSchema(mailListFiltersSchema), response: { 200: listingResponseOf(mailListRowSchema) } },
    },
    async (request) => {
      assertSystemManager(request);
      return (await runListing(app.ctx.db, mailListing, readListingQuery(mailListing, request.body))) as ListingResponse<MailListRow>;
    },
  );

  app.get(
    '/jpanel/mail.json',
    {
      config: { permission: null },
      schema: { summary: 'List the mail outbox, newest first', tags: ['mail'], querystring: mailListQuerySchema, response: { 200: z.object({ data: z.array(summarySchema), total: z.number(), page: z.number(), page_size: z.number() }) } },
    },
    async (request) => {
      assertSystemManager(request);
      const { page } = request.query;
      const [total] = await app.ctx.db.select({ n: count() }).from(mailOutbox);
      const rows = await app.ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(MAIL_PAGE_SIZE).offset((page - 1) * MAIL_PAGE_SIZE);
      return { data: rows.map(summary), total: total?.n ?? 0, page, page_size: MAIL_PAGE_SIZE };
    },
  );

  app.get(
    '/jpanel/mail/messages/:id',
    {
      config: { permission: null },
      schema: { summary: 'Read one message of the mail outbox', tags: ['mail'], params: z.object({ id: z.coerce.number({ error: messages.notFound }).int().positive().max(2 ** 53 - 1) }), response: { 200: messageSchema } },
    },
    async (request): Promise<MailMessage> => {
      assertSystemManager(request);
      const [row] = await app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.id, request.params.id));
      if (!row) throw new AppError('not_found', messages.notFound);
      return {
        ...summary(row),
        from: row.from,
        cc: row.cc,
        html: row.html,
        text: row.text,
        error: row.error,
        attempts: row.attempts,
        attachments: row.attachments.map((a) => ({ filename: a.filename, content_type: a.contentType, size: a.size })),
      };
    },
  );
};
