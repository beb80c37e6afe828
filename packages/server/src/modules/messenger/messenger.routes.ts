import { giftPaidSchema, giftPaySchema, giftLinkViewSchema, MAX_ATTACHMENT_BYTES, messengerAnswerSchema, messengerMessages, messengerWebhookSchema } from '@almoner/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../http/errors.ts';
import { completeDepsFor } from '../pos/pos.complete.deps.ts';
import { giftView, payGift } from './gift-payment.ts';
import { handleMessage, type IncomingFile } from './messenger.service.ts';
import { cardFieldsConfig } from '../../integrations/payments/index.ts';

/** The file of a multipart message, kept beside the parsed fields until the handler reads it. */
const files = new WeakMap<FastifyRequest, File>();

/**
 * The messenger console's webhook (spec part 3 §7): BotMan's web driver posts multipart fields.
 * The console is a staff tool (it can speak as any phone number), so it needs messenger.edit and
 * the CSRF token like every other call from the app.
 */
export const messengerRoutes: FastifyPluginAsyncZod = async (app) => {
  // Multipart through the platform's own parser (undici's FormData): no extra dependency.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: MAX_ATTACHMENT_BYTES + 64_000 }, (request, body, done) => {
    new Request('http://messenger.local/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: body as Buffer })
      .formData()
      .then((form) => {
        const fields: Record<string, string> = {};
        for (const [name, value] of form) {
          if (typeof value === 'string') fields[name] = value;
          else if (name === 'attachment_data') {
            files.set(request, value);
            fields[name] = value.name;
          }
        }
        done(null, fields);
      })
      .catch(() => done(new AppError('validation', 'The message could not be read.', { _: ['The message could not be read.'] })));
  });

  app.post('/webhook/messenger', {
    config: { permission: 'messenger.edit' },
    bodyLimit: MAX_ATTACHMENT_BYTES + 64_000,
    schema: {
      summary: 'Send a message to the text-to-give bot as a phone number (web driver); the bot\'s replies come back',
      tags: ['messenger'],
      consumes: ['multipart/form-data', 'application/json', 'application/x-www-form-urlencoded'],
      body: messengerWebhookSchema,
      response: { 200: messengerAnswerSchema },
    },
  }, async (request) => {
    const body = request.body;
    const file = files.get(request);
    let attachment: IncomingFile | null = null;
    if (file) {
      if (file.size > MAX_ATTACHMENT_BYTES) throw fieldError('attachment_data', messengerMessages.tooLarge);
      const type = body.attachment ?? kindOf(file.type);
      attachment = { type, name: file.name || 'attachment', contentType: file.type || 'application/octet-stream', data: Buffer.from(await file.arrayBuffer()) };
    }
    if (!body.message.trim() && !attachment) throw fieldError('message', 'Type a message or attach a file.');
    const linkBase = app.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const messages = await handleMessage(app.ctx.db, app.ctx.config, request.actor, { sender: body.userId, text: body.message, attachment }, linkBase);
    return { status: 200, messages };
  });

  // A gift link (sent by text) opens the app's public gift page, which reads and pays the gift below.
  app.get('/give/:token', {
    config: { public: true },
    schema: { hide: true, params: z.object({ token: z.string().max(2000) }) },
  }, async (request, reply) => reply.header('cache-control', 'no-store').redirect(`/jpanel/give/${encodeURIComponent(request.params.token)}`, 302));

  const token = z.object({ token: z.string().max(2000) });
  // Public: the supporter is not signed in; the link's signature is the key.
  app.get('/jpanel/api/v1/give/:token', {
    config: { public: true },
    schema: { summary: 'The gift a text-to-give link stands for: amount, organisation, whether it is paid', tags: ['messenger'], params: token, response: { 200: giftLinkViewSchema } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return giftView(app.ctx.db, app.ctx.config.appKey, request.params.token, await cardFieldsConfig(app.ctx.db));
  });

  const deps = await completeDepsFor(app);
  app.post('/jpanel/api/v1/give/:token/pay', {
    config: { public: true },
    schema: {
      summary: 'Pay a text-to-give link with a card capture token (once, however often it is sent)',
      tags: ['messenger'],
      params: token,
      body: giftPaySchema,
      response: { 200: giftPaidSchema },
    },
  }, async (request) => payGift(deps, request.actor, request.params.token, request.body.token));
};

function kindOf(contentType: string): IncomingFile['type'] {
  const major = contentType.split('/')[0];
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'file';
}
