import {
  ajaxModalAnswerSchema,
  ajaxModalSchema,
  supportRequestListSchema,
  upgradeRequestFormQuerySchema,
  upgradeRequestSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getEditionFlags } from '../settings/settings.service.ts';
import {
  createUpgradeRequest,
  listUpgradeRequests,
  upgradeRequestModal,
} from './support.service.ts';

const tags = ['support'];

/** "Request an Upgrade" (spec part 1 §1): any staff member may ask; administrators see the list. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/support/upgrade-requests/new.ajax',
    {
      config: { permission: null },
      schema: {
        summary: 'The upgrade request form',
        tags,
        querystring: upgradeRequestFormQuerySchema,
        response: { 200: ajaxModalSchema },
      },
    },
    async (request) => upgradeRequestModal(await getEditionFlags(ctx.db), request.query.feature),
  );

  app.post(
    '/jpanel/support/upgrade-requests',
    {
      config: { permission: null },
      schema: { summary: 'Send an upgrade request', tags, body: upgradeRequestSchema, response: { 200: ajaxModalAnswerSchema } },
    },
    async (request) =>
      createUpgradeRequest(ctx.db, request.actor, await getEditionFlags(ctx.db), request.body),
  );

  app.get(
    '/jpanel/support/upgrade-requests.json',
    {
      config: { permission: 'admin.general' },
      schema: {
        summary: 'List upgrade requests',
        tags,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) }),
        response: { 200: supportRequestListSchema },
      },
    },
    async (request) => ({ data: await listUpgradeRequests(ctx.db, request.query.limit) }),
  );
};
