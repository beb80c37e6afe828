import { idParam, taxRateInputSchema, taxRateListSchema, taxRateSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTaxRate, deleteTaxRate, getTaxRate, listTaxRates, updateTaxRate } from './taxes.admin.ts';

const tags = ['taxes'];
const config = { permission: 'admin.general' };

/** Settings › Taxes: the tax rates the order engine charges (incumbent §1.5, §6.4). */
export const taxesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/settings/taxes.json',
    { config, schema: { summary: 'List tax rates with their regions and products', tags, response: { 200: taxRateListSchema } } },
    async () => listTaxRates(ctx.db),
  );

  app.get(
    '/jpanel/settings/taxes/:id',
    { config, schema: { summary: 'Read a tax rate', tags, params: idParam, response: { 200: taxRateSchema } } },
    async (request) => getTaxRate(ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/settings/taxes',
    { config, schema: { summary: 'Create a tax rate', tags, body: taxRateInputSchema, response: { 201: taxRateSchema } } },
    async (request, reply) => reply.status(201).send(await createTaxRate(ctx.db, request.actor, request.body)),
  );

  app.post(
    '/jpanel/settings/taxes/destroy',
    { config, schema: { summary: 'Delete a tax rate (soft)', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteTaxRate(ctx.db, request.actor, request.body.id),
  );

  app.post(
    '/jpanel/settings/taxes/:id',
    { config, schema: { summary: 'Update a tax rate', tags, params: idParam, body: taxRateInputSchema, response: { 200: taxRateSchema } } },
    async (request) => updateTaxRate(ctx.db, request.actor, request.params.id, request.body),
  );
};
