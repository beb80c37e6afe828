import { supporterEraseAnswerSchema, supporterEraseSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { storageFor } from '../../integrations/storage/index.ts';
import { eraseSupporter } from './supporters.erase.ts';
import { exportSupporter, exportSupporterZip } from './supporters.export.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const tags = ['supporters'];
const fileName = (id: number, ext: string) => `supporter-${id}-data-${new Date().toISOString().slice(0, 10)}.${ext}`;

/**
 * A person's data on request (issue 36 item 9). Exporting needs "Edit supporters" (member.edit),
 * not just "View": it hands over the whole record at once, notes and history included, which
 * is the job of the staff who look after supporters' records. Erasing needs "Erase supporters"
 * (member.erase), a grant of its own that no other permission implies, because it cannot be
 * undone; account admins hold it like every permission.
 */
export const supporterPrivacyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/supporters/:id/export.json',
    { config: { permission: 'member.edit' }, schema: { summary: 'Everything Almoner keeps about a supporter (their data on request), as JSON', tags, params: idParams } },
    async (request, reply) => {
      const data = await exportSupporter(app.ctx.db, request.params.id);
      return reply.header('content-disposition', `attachment; filename="${fileName(request.params.id, 'json')}"`).send(data);
    },
  );

  app.get(
    '/jpanel/supporters/:id/export.zip',
    { config: { permission: 'member.edit' }, schema: { summary: 'The same export as a ZIP with one CSV per kind of record', tags, params: idParams } },
    async (request, reply) => {
      const zip = await exportSupporterZip(app.ctx.db, request.params.id);
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${fileName(request.params.id, 'zip')}"`).send(zip);
    },
  );

  app.post(
    '/jpanel/supporters/:id/erase',
    {
      config: { permission: 'member.erase' },
      schema: {
        summary: 'Erase a supporter\'s personal data on their request (typed confirmation "ERASE #id"); gifts, receipts and amounts are kept',
        tags,
        params: idParams,
        body: supporterEraseSchema,
        response: { 200: supporterEraseAnswerSchema },
      },
    },
    async (request) => {
      const { answer, pdfKeys } = await eraseSupporter(app.ctx.db, request.actor, request.params.id, request.body.confirmation);
      // The receipts' stored PDFs still carry the old name: gone now the erase is committed (drawn again on request).
      const storage = storageFor(app.ctx.config);
      for (const key of pdfKeys) await storage.remove(key).catch(() => undefined);
      return answer;
    },
  );
};
