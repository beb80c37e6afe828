import { consentAnswerSchema, consentInputSchema, consentSavedSchema, mailListQuerySchema, supporterEmailSchema, supporterEmailSentSchema, supporterMailListSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getConsent, recordConsent } from './supporters.consent.ts';
import { emailSupporter, listSupporterMail } from './supporters.mail.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2 ** 31 - 1) });
const tags = ['supporters'];

/** A supporter's contact preferences and their history, e-mailing them, and the mail they were sent (issue 36 items 2 and 6). */
export const supporterConsentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/supporters/:id/consent.json',
    { config: { permission: 'member.view' }, schema: { summary: 'A supporter\'s contact preferences now and every change (date, source, who, note)', tags, params: idParams, response: { 200: consentAnswerSchema } } },
    async (request) => getConsent(app.ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/supporters/:id/consent',
    {
      config: { permission: 'member.edit' },
      schema: { summary: 'Record a change of contact preferences, "do not contact" or the deceased mark', tags, params: idParams, body: consentInputSchema, response: { 200: consentSavedSchema } },
    },
    async (request) => recordConsent(app.ctx.db, request.actor, request.params.id, request.body),
  );

  app.post(
    '/jpanel/supporters/:id/email',
    {
      config: { permission: 'member.edit' },
      schema: { summary: 'E-mail one supporter (plain text, through the mail outbox)', tags, params: idParams, body: supporterEmailSchema, response: { 200: supporterEmailSentSchema } },
    },
    async (request) => emailSupporter(app.ctx.db, request.actor, request.params.id, request.body),
  );

  app.get(
    '/jpanel/supporters/:id/mail.json',
    { config: { permission: 'member.view' }, schema: { summary: 'Every message Almoner sent the supporter, newest first', tags, params: idParams, querystring: mailListQuerySchema, response: { 200: supporterMailListSchema } } },
    async (request) => listSupporterMail(app.ctx.db, request.params.id, request.query.page),
  );
};
