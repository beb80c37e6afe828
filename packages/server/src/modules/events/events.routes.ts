import { idParam, virtualEventInputSchema, virtualEventListSchema, virtualEventSchema, virtualEventSlugSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appBaseUrl } from '../auth/password-reset.service.ts';
import { deleteVirtualEvent, getVirtualEvent, listVirtualEvents, saveVirtualEvent, updateVirtualEventSlug } from './events.service.ts';

const tags = ['virtual-events'];
const view = { permission: 'virtualevents.view' };
const edit = { permission: 'virtualevents.edit' };

/** Virtual events (spec part 3 §2.10, §7). */
export const virtualEventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  // Where the public site shows an event: the slug is appended to this.
  const baseUrl = `${appBaseUrl(ctx.config)}/live/`;

  app.get(
    '/jpanel/virtual-events.json',
    { config: view, schema: { summary: 'List virtual events, latest start first', tags, response: { 200: virtualEventListSchema } } },
    async () => listVirtualEvents(ctx.db),
  );

  app.get(
    '/jpanel/virtual-events/:id.json',
    { config: view, schema: { summary: 'Read a virtual event with its stream details', tags, params: idParam, response: { 200: virtualEventSchema } } },
    async (request) => getVirtualEvent(ctx.db, request.params.id, baseUrl),
  );

  app.post(
    '/jpanel/virtual-events/save',
    { config: edit, schema: { summary: 'Create (empty id) or update a virtual event', tags, body: virtualEventInputSchema, response: { 200: z.object({ id: z.number() }) } } },
    async (request) => saveVirtualEvent(ctx.db, request.actor, request.body),
  );

  app.post(
    '/jpanel/virtual-events/:id/update_slug',
    { config: edit, schema: { summary: "Change a virtual event's Public URL slug", tags, params: idParam, body: virtualEventSlugSchema, response: { 200: z.object({ id: z.number(), slug: z.string() }) } } },
    async (request) => updateVirtualEventSlug(ctx.db, request.actor, request.params.id, request.body.slug),
  );

  app.post(
    '/jpanel/virtual-events/:id/destroy',
    { config: edit, schema: { summary: 'Delete a virtual event (soft)', tags, params: idParam, response: { 200: z.object({ id: z.number() }) } } },
    async (request) => deleteVirtualEvent(ctx.db, request.actor, request.params.id),
  );
};
