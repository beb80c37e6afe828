import { historyQuerySchema, historyResponseSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertPermission, type AuthUser } from '../auth/session.ts';
import { historyTables, listHistory, type HistoryTable } from './audit.service.ts';

const params = z.object({
  table: z.enum(Object.keys(historyTables) as [HistoryTable, ...HistoryTable[]]),
  id: z.string().regex(/^[\w.-]{1,64}$/),
});

export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  // The permission depends on the record kind, so it is checked in the handler.
  app.get(
    '/jpanel/history/:table/:id',
    {
      config: { permission: null },
      schema: { summary: 'A record\'s change history', tags: ['audit'], params, querystring: historyQuerySchema, response: { 200: historyResponseSchema } },
    },
    async (request) => {
      assertPermission(request.user as AuthUser, historyTables[request.params.table]);
      return listHistory(app.ctx.db, request.params.table, request.params.id, request.query);
    },
  );
};
