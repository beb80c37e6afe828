import { campaignAnswerSchema, campaignChoiceSchema, campaignInputSchema, campaignListSchema, campaignSchema, idParam } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignChoices, getCampaign, listCampaigns, saveCampaign } from './campaigns.service.ts';

const tags = ['campaigns'];

/**
 * Campaigns and appeals (issue 37 item 5). Reading needs `campaign.view`, saving `campaign.edit`.
 * The choices a gift can be credited to are also read by whoever credits gifts (the point of
 * sale, the gift edit, imports) and by the reports' campaign choice.
 */
export const campaignsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jpanel/campaigns.json', {
    config: { permission: 'campaign.view' },
    schema: { summary: 'Campaigns with their appeals, goal and raised so far', tags, response: { 200: campaignListSchema } },
  }, async () => ({ data: await listCampaigns(app.ctx.db) }));

  app.get('/jpanel/campaigns/choices.json', {
    config: { permission: ['campaign.view', 'order.edit', 'pos.edit', 'imports.edit', 'reports.payments_details'] },
    schema: { summary: 'What a gift can be credited to: each campaign and its appeals', tags, response: { 200: z.array(campaignChoiceSchema) } },
  }, async () => campaignChoices(app.ctx.db));

  app.get('/jpanel/campaigns/:id', {
    config: { permission: 'campaign.view' },
    schema: { summary: 'One campaign with its appeals and progress', tags, params: idParam, response: { 200: campaignSchema } },
  }, async (request) => getCampaign(app.ctx.db, request.params.id));

  app.post('/jpanel/campaigns', {
    config: { permission: 'campaign.edit' },
    schema: { summary: 'Add a campaign with its appeals', tags, body: campaignInputSchema, response: { 201: campaignAnswerSchema } },
  }, async (request, reply) => reply.status(201).send(await saveCampaign(app.ctx.db, request.actor, null, request.body)));

  app.post('/jpanel/campaigns/:id', {
    config: { permission: 'campaign.edit' },
    schema: { summary: 'Change a campaign and its appeals (an appeal with gifts cannot be removed)', tags, params: idParam, body: campaignInputSchema, response: { 200: campaignAnswerSchema } },
  }, async (request) => saveCampaign(app.ctx.db, request.actor, request.params.id, request.body));
};
