import { idParam, segmentInputSchema, segmentSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createSegment, deleteSegment, getSegment, listSegments, updateSegment } from './segments.service.ts';

const tags = ['segments'];
const permission = 'segment.edit';

/** Sponsorship segments (spec part 1 §2 "Segment form"). */
export const segmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  app.get(
    '/jpanel/segments.json',
    { config: { permission }, schema: { summary: 'List segments', tags, response: { 200: z.object({ data: z.array(z.object({ id: z.number(), name: z.string(), type: z.string(), items: z.number() })) }) } } },
    async () => listSegments(ctx.db),
  );
  app.get('/jpanel/segments/:id', { config: { permission }, schema: { summary: 'Read a segment with its items', tags, params: idParam, response: { 200: segmentSchema } } }, async (request) => getSegment(ctx.db, request.params.id));
  app.post(
    '/jpanel/segments',
    { config: { permission }, schema: { summary: 'Create a segment', tags, body: segmentInputSchema, response: { 201: segmentSchema } } },
    async (request, reply) => reply.status(201).send(await createSegment(ctx.db, request.actor, request.body)),
  );
  app.post(
    '/jpanel/segments/destroy',
    { config: { permission }, schema: { summary: 'Delete a segment', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deleteSegment(ctx.db, request.actor, request.body.id),
  );
  app.post(
    '/jpanel/segments/:id',
    { config: { permission }, schema: { summary: 'Update a segment', tags, params: idParam, body: segmentInputSchema, response: { 200: segmentSchema } } },
    async (request) => updateSegment(ctx.db, request.actor, request.params.id, request.body),
  );
};
