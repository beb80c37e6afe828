import {
  idParam,
  webhookDeliverySchema,
  webhookDetailSchema,
  webhookInputSchema,
  webhookMessages,
  webhookSavedSchema,
  webhookSchema,
  webhookUpdateSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import { fieldError } from '../../http/errors.ts';
import type { AuthUser } from '../auth/session.ts';
import {
  createWebhook,
  deleteWebhook,
  findDelivery,
  findWebhook,
  listWebhooks,
  recentDeliveries,
  redeliver,
  setInsecureSsl,
  toDelivery,
  toWebhook,
  updateWebhook,
} from './webhooks.service.ts';

const tags = ['webhooks'];
const config = { permission: 'hooks.edit' } as const;

/** Settings › Webhooks (spec part 1 §2, §7): hooks, their deliveries and Redeliver. */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/jpanel/settings/hooks.json', {
    config,
    schema: { summary: 'List webhooks (the secret is never sent, only whether one is set)', tags, response: { 200: z.object({ data: z.array(webhookSchema) }) } },
  }, async () => ({ data: await listWebhooks(app.ctx.db) }));

  app.get('/jpanel/settings/hooks/:id.json', {
    config,
    schema: { summary: 'A webhook and its last 100 deliveries, newest first', tags, params: idParam, response: { 200: webhookDetailSchema } },
  }, async (request) => {
    const hook = await findWebhook(app.ctx.db, request.params.id);
    return { ...toWebhook(hook), deliveries: await recentDeliveries(app.ctx.db, hook.id) };
  });

  app.post('/jpanel/settings/hooks', {
    config,
    schema: {
      summary: 'Create a webhook (a blank secret gets a random one)',
      description: 'The payload URL must be a public http(s) address: private, loopback, link-local and metadata addresses are refused (422), and checked again on every connection.',
      tags,
      body: webhookInputSchema,
      response: { 200: webhookSavedSchema },
    },
  }, async (request) => {
    const id = await withActor(app.ctx.db, request.actor, (tx) => createWebhook(tx, request.body, (request.user as AuthUser).id));
    return { success: true as const, hook_id: id, message: webhookMessages.saved };
  });

  app.put('/jpanel/settings/hooks/:id', {
    config,
    schema: {
      summary: 'Update a webhook, or only toggle insecure SSL (a body with insecure_ssl alone)',
      description: 'insecure_ssl = true skips TLS certificate checks and nothing else; the change is audited. A blank secret keeps the stored one.',
      tags,
      params: idParam,
      body: webhookUpdateSchema,
      response: { 200: webhookSavedSchema },
    },
  }, async (request) => {
    const { id } = request.params;
    const body = request.body;
    const toggleOnly = body.insecure_ssl !== undefined && body.payload_url === undefined && body.events === undefined;
    if (toggleOnly) {
      await withActor(app.ctx.db, request.actor, (tx) => setInsecureSsl(tx, id, body.insecure_ssl as boolean));
      return { success: true as const, hook_id: id, message: webhookMessages.saved };
    }
    // A full update needs every field the create form needs: the same rules, the same messages.
    const full = webhookInputSchema.safeParse(body);
    if (!full.success) {
      const issue = full.error.issues[0];
      throw fieldError(String(issue?.path[0] ?? '_'), issue?.message ?? webhookMessages.urlRequired);
    }
    await withActor(app.ctx.db, request.actor, (tx) => updateWebhook(tx, id, full.data));
    return { success: true as const, hook_id: id, message: webhookMessages.saved };
  });

  app.delete('/jpanel/settings/hooks/:id/destroy', {
    config,
    schema: { summary: 'Delete a webhook (deliveries still due are given up)', tags, params: idParam, response: { 200: z.object({ success: z.literal(true), message: z.string() }) } },
  }, async (request) => {
    await withActor(app.ctx.db, request.actor, (tx) => deleteWebhook(tx, request.params.id));
    return { success: true as const, message: webhookMessages.deleted };
  });

  app.get('/jpanel/settings/hook-deliveries/:id', {
    config,
    schema: { summary: 'One delivery: request headers and body, response status, headers and body (cut at 64 KiB), duration', tags, params: idParam, response: { 200: webhookDeliverySchema } },
  }, async (request) => toDelivery(await findDelivery(app.ctx.db, request.params.id)));

  app.post('/jpanel/settings/hook-deliveries/:id/redeliver', {
    config,
    schema: {
      summary: 'Send the same event again (same guid and webhook-id, a new delivery row with its own tries)',
      tags,
      params: idParam,
      response: { 200: z.object({ message: z.string(), delivery_id: z.number() }) },
    },
  }, async (request) => {
    const deliveryId = await withActor(app.ctx.db, request.actor, (tx) => redeliver(tx, request.params.id));
    return { message: webhookMessages.redelivered, delivery_id: deliveryId };
  });
};
