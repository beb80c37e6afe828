import { idParam, paymentGroupInputSchema, paymentGroupListSchema, paymentGroupSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSettings } from '../settings/settings.service.ts';
import { createPaymentGroup, deletePaymentGroup, getPaymentGroup, listPaymentGroups, updatePaymentGroup } from './payment-groups.service.ts';

const tags = ['payment groups'];

/** Payment groups (spec part 1 §2 "Other forms", part 2 §3): a named options table. */
export const paymentGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/payment_groups.json',
    { config: { permission: 'paymentoption.edit' }, schema: { summary: 'List payment groups', tags, response: { 200: paymentGroupListSchema } } },
    async () => listPaymentGroups(ctx.db),
  );

  app.get(
    '/jpanel/payment_groups/:id',
    { config: { permission: 'paymentoption.edit' }, schema: { summary: 'Read a payment group and its options', tags, params: idParam, response: { 200: paymentGroupSchema } } },
    async (request) => getPaymentGroup(ctx.db, request.params.id, (await getSettings(ctx.db, ['site_currency'])).site_currency),
  );

  app.post(
    '/jpanel/payment_groups',
    { config: { permission: 'paymentoption.edit' }, schema: { summary: 'Create a payment group', tags, body: paymentGroupInputSchema, response: { 201: paymentGroupSchema } } },
    async (request, reply) => reply.status(201).send(await createPaymentGroup(ctx.db, request.actor, request.body)),
  );

  app.post(
    '/jpanel/payment_groups/destroy',
    { config: { permission: 'paymentoption.edit' }, schema: { summary: 'Delete a payment group', tags, body: z.object({ id: idParam.shape.id }), response: { 200: z.object({ message: z.string() }) } } },
    async (request) => deletePaymentGroup(ctx.db, request.actor, request.body.id),
  );

  app.post(
    '/jpanel/payment_groups/:id',
    { config: { permission: 'paymentoption.edit' }, schema: { summary: 'Update a payment group', tags, params: idParam, body: paymentGroupInputSchema, response: { 200: paymentGroupSchema } } },
    async (request) => updatePaymentGroup(ctx.db, request.actor, request.params.id, request.body),
  );
};
