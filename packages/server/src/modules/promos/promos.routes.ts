import { idParam, promoInputSchema, promoListSchema, promoSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createPromo, deletePromo, duplicatePromo, getPromo, listPromos, updatePromo } from './promos.service.ts';

const tags = ['promos'];

/** Promo codes (spec part 1 §2 "Promo form", §3, §4). */
export const promosRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const permission = 'promocode.edit';

  app.get('/jpanel/promos.json', { config: { permission }, schema: { summary: 'List promo codes', tags, response: { 200: promoListSchema } } }, async () => listPromos(ctx.db));

  app.get(
    '/jpanel/promos/:id',
    { config: { permission }, schema: { summary: 'Read a promo code', tags, params: idParam, response: { 200: promoSchema } } },
    async (request) => getPromo(ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/promos',
    { config: { permission }, schema: { summary: 'Create a promo code', tags, body: promoInputSchema, response: { 201: promoSchema } } },
    async (request, reply) => reply.status(201).send(await createPromo(ctx.db, request.actor, request.body)),
  );

  app.post(
    '/jpanel/promos/destroy',
    { config: { permission }, schema: { summary: 'Delete a promo code', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deletePromo(ctx.db, request.actor, request.body.id),
  );

  app.post(
    '/jpanel/promos/:id/duplicate',
    { config: { permission }, schema: { summary: 'Duplicate a promo code under a new code', tags, params: idParam, response: { 201: promoSchema.extend({ message: z.string() }) } } },
    async (request, reply) => reply.status(201).send(await duplicatePromo(ctx.db, request.actor, request.params.id)),
  );

  app.post(
    '/jpanel/promos/:id',
    { config: { permission }, schema: { summary: 'Update a promo code', tags, params: idParam, body: promoInputSchema, response: { 200: promoSchema } } },
    async (request) => updatePromo(ctx.db, request.actor, request.params.id, request.body),
  );
};
