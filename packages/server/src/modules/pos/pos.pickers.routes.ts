import { fundraiserOptionSchema, pickerQuerySchema, posDefaultsAnswerSchema, posMessages, posSaveDefaultsRequestSchema, promoCodeOptionSchema, sponseeOptionSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { clearDefaults, saveDefaults } from './pos.defaults.ts';
import { fundraiserOptions, promoCodeOptions, sponseeOptions } from './pos.pickers.ts';
import { permission, tags } from './pos.routes.ts';

/** A cashier's saved defaults and the point of sale's pickers (promo codes, fundraising pages, sponsees). */
export const posPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const storage = () => storageFor(ctx.config);

  app.post('/jpanel/pos/defaults/save', { config: { permission }, schema: { summary: 'Keep the open contribution\'s settings as this user\'s point-of-sale defaults', tags, body: posSaveDefaultsRequestSchema.optional(), response: { 200: posDefaultsAnswerSchema } } },
    async (request) => {
      const defaults = await withActor(ctx.db, request.actor, (tx) => saveDefaults(tx, request.user!.id, request.body?.order_id));
      return { message: posMessages.defaultsSaved, defaults };
    });

  app.post('/jpanel/pos/defaults/clear', { config: { permission }, schema: { summary: 'Forget this user\'s point-of-sale defaults', tags, response: { 200: posDefaultsAnswerSchema } } },
    async (request) => {
      await withActor(ctx.db, request.actor, (tx) => clearDefaults(tx, request.user!.id));
      return { message: posMessages.defaultsCleared, defaults: null };
    });

  app.get('/jpanel/promocodes.json', { config: { permission }, schema: { summary: 'Find promo codes that have not ended (picker)', tags, querystring: pickerQuerySchema, response: { 200: z.array(promoCodeOptionSchema) } } },
    async (request) => promoCodeOptions(ctx.db, request.query.query ?? ''));

  app.get('/jpanel/fundraisers.json', { config: { permission }, schema: { summary: 'Find active fundraising pages (picker)', tags, querystring: pickerQuerySchema, response: { 200: z.array(fundraiserOptionSchema) } } },
    async (request) => fundraiserOptions(ctx.db, storage(), request.query.query ?? ''));

  app.get('/jpanel/sponsees.json', { config: { permission }, schema: { summary: 'Find sponsees by reference or name, with their payment options (picker)', tags, querystring: pickerQuerySchema, response: { 200: z.array(sponseeOptionSchema) } } },
    async (request) => sponseeOptions(ctx.db, storage(), request.query.query ?? ''));
};
