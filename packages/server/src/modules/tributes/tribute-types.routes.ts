import { idParam, tributeTypeInputSchema, tributeTypeListSchema, tributeTypeMessages, tributeTypeSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTributeType, deleteTributeType, getTributeType, listTributeTypes, updateTributeType } from './tribute-types.admin.ts';

const tags = ['tributes'];
const config = { permission: 'tributetype.edit' };

/** Tribute types (issue 38 item 3): the kinds of tribute offered and the notices each sends. */
export const tributeTypesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/tribute-types.json',
    { config, schema: { summary: 'List tribute types in the order they are offered, with how many tributes use each', tags, response: { 200: tributeTypeListSchema } } },
    async () => listTributeTypes(ctx.db),
  );

  app.get(
    '/jpanel/tribute-types/:id',
    { config, schema: { summary: 'Read a tribute type', tags, params: idParam, response: { 200: tributeTypeSchema } } },
    async (request) => getTributeType(ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/tribute-types',
    { config, schema: { summary: 'Create a tribute type', tags, body: tributeTypeInputSchema, response: { 201: z.object({ message: z.string(), tribute_type: tributeTypeSchema }) } } },
    async (request, reply) => {
      const saved = await createTributeType(ctx.db, request.actor, request.body);
      return reply.status(201).send({ message: tributeTypeMessages.created(saved.label), tribute_type: saved });
    },
  );

  app.post(
    '/jpanel/tribute-types/:id/destroy',
    { config, schema: { summary: 'Delete a tribute type no tribute uses (soft)', tags, params: idParam, response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteTributeType(ctx.db, request.actor, request.params.id),
  );

  app.post(
    '/jpanel/tribute-types/:id',
    { config, schema: { summary: 'Update a tribute type', tags, params: idParam, body: tributeTypeInputSchema, response: { 200: z.object({ message: z.string(), tribute_type: tributeTypeSchema }) } } },
    async (request) => {
      const saved = await updateTributeType(ctx.db, request.actor, request.params.id, request.body);
      return { message: tributeTypeMessages.saved(saved.label), tribute_type: saved };
    },
  );
};
