import { availableNumberSchema, numberMessages, idParam, keywordSchema, numberSearchSchema, phoneNumberSchema, provisionNumberSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { numberProviderFor } from '../../integrations/numbers/index.ts';
import { addKeyword, listNumbers, provisionNumber, releaseNumber, removeKeyword, searchNumbers } from './numbers.service.ts';

const tags = ['numbers'];
const config = { permission: 'messenger.edit' } as const;
const base = '/jpanel/api/v1/messenger/phone-numbers';
const done = z.object({ id: z.number(), message: z.string() });

/** The text-to-give number modal's calls (spec part 2 §7; incumbent §2.7), plus keywords. */
export const numbersRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = () => numberProviderFor(app.ctx.config, app.ctx.db);

  app.get(base, {
    config,
    schema: { summary: 'Text-to-give numbers in use, with their keywords', tags, response: { 200: z.object({ data: z.array(phoneNumberSchema), provider: z.enum(['sandbox', 'twilio']) }) } },
  }, async () => ({ data: await listNumbers(app.ctx.db), provider: provider().name }));

  app.get(`${base}/search`, {
    config,
    schema: {
      summary: 'Numbers for sale at the provider (204 when there are none)',
      tags,
      querystring: numberSearchSchema,
      response: { 200: z.array(availableNumberSchema), 204: z.null() },
    },
  }, async (request, reply) => {
    const found = await searchNumbers(provider(), request.query);
    return found.length ? found : reply.status(204).send(null);
  });

  app.post(base, {
    config,
    schema: { summary: 'Provision a number (toll-free ones with their verification)', tags, body: provisionNumberSchema, response: { 200: phoneNumberSchema.extend({ message: z.string() }) } },
  }, async (request) => {
    const number = await provisionNumber(app.ctx.db, request.actor, provider(), request.body);
    return { ...number, message: numberMessages.provisioned(number.short) };
  });

  app.delete(`${base}/:id`, {
    config,
    schema: { summary: 'Release a number back to the provider', tags, params: idParam, response: { 200: done } },
  }, async (request) => releaseNumber(app.ctx.db, request.actor, provider(), request.params.id));

  app.post(`${base}/:id/keywords`, {
    config,
    schema: { summary: 'Add a keyword that starts a gift on this number', tags, params: idParam, body: keywordSchema, response: { 200: done.extend({ keyword: z.string() }) } },
  }, async (request) => addKeyword(app.ctx.db, request.actor, request.params.id, request.body.keyword));

  app.delete('/jpanel/api/v1/messenger/keywords/:id', {
    config,
    schema: { summary: 'Remove a keyword', tags, params: idParam, response: { 200: done } },
  }, async (request) => removeKeyword(app.ctx.db, request.actor, request.params.id));
};
