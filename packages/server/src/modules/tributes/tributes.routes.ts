import { editTributeSchema, idParam, tributeDetailSchema, tributeIdsQuerySchema, tributeMessages } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { printUnsentLetters, sendUnsentLetters } from './tributes.letters.ts';
import { destroyTribute, editTribute, getTribute, notifyTribute } from './tributes.service.ts';

const tags = ['tributes'];

/** The tribute modal's calls (spec part 2 §7). */
export const tributesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/jpanel/tributes/:id/modal', {
    config: { permission: 'tribute.view' },
    schema: { summary: 'Read a tribute for its modal', tags, params: idParam, response: { 200: tributeDetailSchema } },
  }, async (request) => getTribute(app.ctx.db, request.params.id));

  app.post('/jpanel/tributes/:id/edit', {
    config: { permission: 'tribute.edit' },
    schema: { summary: 'Edit a tribute', tags, params: idParam, body: editTributeSchema, response: { 200: z.object({ id: z.number(), name: z.string(), message: z.string() }) } },
  }, async (request) => {
    const saved = await withActor(app.ctx.db, request.actor, (tx) => editTribute(tx, request.params.id, request.body));
    return { ...saved, message: tributeMessages.revised(saved.name) };
  });

  app.post('/jpanel/tributes/:id/destroy', {
    config: { permission: 'tribute.edit' },
    schema: { summary: 'Delete a tribute', tags, params: idParam, response: { 200: z.object({ id: z.number(), message: z.string() }) } },
  }, async (request) => ({ ...(await withActor(app.ctx.db, request.actor, (tx) => destroyTribute(tx, request.params.id))), message: tributeMessages.deleted }));

  app.post('/jpanel/tributes/:id/notify', {
    config: { permission: 'tribute.view' },
    schema: { summary: 'Notify a tribute\'s recipient (a letter is marked notified)', tags, params: idParam, response: { 200: z.object({ id: z.number(), notify: z.string(), notify_name: z.string().nullable(), message: z.string() }) } },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => notifyTribute(tx, request.params.id)));

  // Incumbent: GET tributes/printUnsentLetters?ids= (an HTML page to print, max 500 letters).
  app.get('/jpanel/tributes/printUnsentLetters', {
    config: { permission: 'tribute.view' },
    schema: { summary: 'A printable page of the unsent tribute letters (at most 500)', tags, querystring: tributeIdsQuerySchema },
  }, async (request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(await printUnsentLetters(app.ctx.db, request.query.ids)));

  // The incumbent's GET sendUnsentLetters changed data on a GET; here it is a POST, so the CSRF check covers it.
  app.post('/jpanel/tributes/sendUnsentLetters', {
    config: { permission: 'tribute.edit' },
    schema: {
      summary: 'Notify every unsent tribute (letters marked notified, e-mails sent)',
      tags,
      body: tributeIdsQuerySchema.default({}),
      response: { 200: z.object({ message: z.string(), sent: z.number(), failed: z.number() }) },
    },
  }, async (request) => sendUnsentLetters(app.ctx.database, request.actor, request.body.ids));
};
