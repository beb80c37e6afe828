import { logListQuerySchema, logListSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assertSystemManager } from '../jobs/jobs.routes.ts';
import { listLogEntries } from './logs.service.ts';

/** The transient log viewer: account administrators only (the same rule hides it in the sidebar). */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/logs.json',
    { config: { permission: null }, schema: { summary: 'List recent application log entries, newest first', tags: ['logs'], querystring: logListQuerySchema, response: { 200: logListSchema } } },
    async (request) => {
      assertSystemManager(request);
      return listLogEntries(app.ctx.db, request.query);
    },
  );
};
