import { EDITABLE_MAIL_TEMPLATES, mailTemplateDetailSchema, mailTemplateInfo, mailTemplateKeyParam, mailTemplateMessages, mailTemplateWithRecordSchema, renderedMailSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { AuthUser } from '../auth/session.ts';
import { getMailTemplate, previewMailTemplate, resetMailTemplate, saveMailTemplate } from './mail-templates.editor.ts';

const tags = ['mail'];
const message = { 200: z.object({ message: z.string() }) };

/** Settings › Mail templates: the donor e-mails staff reword, previewed with a real record before saving. */
export const mailTemplatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jpanel/settings/mail_templates.json', {
    config: { permission: 'admin.general' },
    schema: { summary: 'The e-mail templates staff can edit', tags, response: { 200: z.object({ data: z.array(mailTemplateDetailSchema) }) } },
  }, async () => ({ data: await Promise.all(EDITABLE_MAIL_TEMPLATES.map((key) => getMailTemplate(app.ctx.db, key))) }));

  app.post('/jpanel/settings/mail_templates/:key/preview', {
    config: { permission: 'admin.general' },
    schema: { summary: 'Merge a draft template with a real record, as the mailer would', tags, params: mailTemplateKeyParam, body: mailTemplateWithRecordSchema, response: { 200: renderedMailSchema } },
  }, async (request) => previewMailTemplate(app.ctx.db, request.params.key, request.body, request.body.record_id));

  app.post('/jpanel/settings/mail_templates/:key', {
    config: { permission: 'admin.general' },
    schema: { summary: 'Save a template (it must merge with the record it was previewed with)', tags, params: mailTemplateKeyParam, body: mailTemplateWithRecordSchema, response: message },
  }, async (request) => {
    const { key } = request.params;
    await withActor(app.ctx.db, request.actor, (tx) => saveMailTemplate(tx, key, request.body, request.body.record_id, (request.user as AuthUser).id));
    return { message: mailTemplateMessages.saved(mailTemplateInfo[key].label) };
  });

  app.post('/jpanel/settings/mail_templates/:key/reset', {
    config: { permission: 'admin.general' },
    schema: { summary: 'Go back to the built-in wording of a template', tags, params: mailTemplateKeyParam, response: message },
  }, async (request) => {
    const { key } = request.params;
    await withActor(app.ctx.db, request.actor, (tx) => resetMailTemplate(tx, key));
    return { message: mailTemplateMessages.reset(mailTemplateInfo[key].label) };
  });
};
