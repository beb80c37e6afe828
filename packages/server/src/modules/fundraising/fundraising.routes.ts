import { fundraisePageEditSchema, fundraisePageFeatureSchema, fundraisePageStatusSchema, fundraisePreviewSchema, idParam } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { editFundraisePage, setFundraisePageFeatured, setFundraisePageStatus } from './fundraising.moderation.ts';

const tags = ['lists'];
const config = { permission: 'fundraisingpages.edit' };
const answer = z.object({ message: z.string(), page: fundraisePreviewSchema });

/** Moderating fundraising pages (issue 38 item 4), beside the fundraise listing's tabs and preview. */
export const fundraisingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/fundraise/pages/:id/status',
    { config, schema: { summary: 'Suspend an active fundraising page (it takes no gifts) or reactivate a suspended one', tags, params: idParam, body: fundraisePageStatusSchema, response: { 200: answer } } },
    async (request) => setFundraisePageStatus(app.ctx.db, request.actor, request.params.id, request.body.status),
  );

  app.post(
    '/jpanel/fundraise/pages/:id/feature',
    { config, schema: { summary: 'Feature an active fundraising page (first in the point of sale page picker) or stop featuring it', tags, params: idParam, body: fundraisePageFeatureSchema, response: { 200: answer } } },
    async (request) => setFundraisePageFeatured(app.ctx.db, request.actor, request.params.id, request.body.featured),
  );

  app.post(
    '/jpanel/fundraise/pages/:id',
    { config, schema: { summary: "Correct a fundraising page's title, goal and story (the story through the HTML sanitiser)", tags, params: idParam, body: fundraisePageEditSchema, response: { 200: answer } } },
    async (request) => editFundraisePage(app.ctx.db, request.actor, request.params.id, request.body),
  );
};
