import { idParam, shippingMethodInputSchema, shippingMethodSchema, shippingSettingsSchema, shippingTiersInputSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createShippingMethod,
  deleteShippingMethod,
  getShippingMethod,
  getShippingSettings,
  saveShippingTiers,
  updateShippingMethod,
} from './shipping.admin.ts';

const tags = ['shipping'];
const config = { permission: 'admin.general' };

/** Settings › Shipping: tiers, methods and the cost grid (incumbent §1.5, §6.4). */
export const shippingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/settings/shipping.json',
    { config, schema: { summary: 'Shipping tiers and methods with their regions and costs', tags, response: { 200: shippingSettingsSchema } } },
    async () => getShippingSettings(ctx.db),
  );

  app.post(
    '/jpanel/settings/shipping/tiers',
    { config, schema: { summary: 'Replace the shipping tiers (in order, no overlaps)', tags, body: shippingTiersInputSchema, response: { 200: shippingSettingsSchema } } },
    async (request) => saveShippingTiers(ctx.db, request.actor, request.body),
  );

  app.get(
    '/jpanel/settings/shipping/methods/:id',
    { config, schema: { summary: 'Read a shipping method', tags, params: idParam, response: { 200: shippingMethodSchema } } },
    async (request) => getShippingMethod(ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/settings/shipping/methods',
    { config, schema: { summary: 'Create a shipping method', tags, body: shippingMethodInputSchema, response: { 201: shippingMethodSchema } } },
    async (request, reply) => reply.status(201).send(await createShippingMethod(ctx.db, request.actor, request.body)),
  );

  app.post(
    '/jpanel/settings/shipping/methods/destroy',
    { config, schema: { summary: 'Delete a shipping method (soft)', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteShippingMethod(ctx.db, request.actor, request.body.id),
  );

  app.post(
    '/jpanel/settings/shipping/methods/:id',
    { config, schema: { summary: 'Update a shipping method', tags, params: idParam, body: shippingMethodInputSchema, response: { 200: shippingMethodSchema } } },
    async (request) => updateShippingMethod(ctx.db, request.actor, request.params.id, request.body),
  );
};
