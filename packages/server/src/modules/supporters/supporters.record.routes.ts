import { activityAnswerSchema, activityQuerySchema, PAYMENT_METHOD_ACTIONS, paymentMethodSavedSchema, recordPageQuerySchema, supporterGiftsSchema, supporterPaymentMethodsSchema, supporterReceiptsSchema, supporterSponsorshipsSchema, supporterTributesSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AuthUser } from '../auth/session.ts';
import { listActivity } from './supporters.activity.ts';
import { changePaymentMethod, listPaymentMethods } from './supporters.payment-methods.ts';
import { listSupporterGifts, listSupporterReceipts, listSupporterSponsorships, listSupporterTributes } from './supporters.record.ts';

const id = z.coerce.number().int().positive().max(2 ** 31 - 1);
const idParams = z.object({ id });
const tags = ['supporters'];

/**
 * The sections of a supporter's page (issue 36 item 4): their activity timeline, gifts, receipts,
 * tributes, sponsorships and saved payment methods. Each section asks the permission of its area.
 */
export const supporterRecordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jpanel/supporters/:id/activity.json',
    {
      config: { permission: 'member.view' },
      schema: { summary: "A supporter's activity, every kind merged newest first and paged (each kind only for those who may see its area)", tags, params: idParams, querystring: activityQuerySchema, response: { 200: activityAnswerSchema } },
    },
    async (request) => {
      const user = request.user as AuthUser;
      return listActivity(app.ctx.db, request.params.id, { is_account_admin: user.isAccountAdmin, permissions: user.permissions }, request.query);
    },
  );

  app.get(
    '/jpanel/supporters/:id/gifts.json',
    { config: { permission: 'order.view' }, schema: { summary: "A supporter's gifts, newest first, 20 a page", tags, params: idParams, querystring: recordPageQuerySchema, response: { 200: supporterGiftsSchema } } },
    async (request) => listSupporterGifts(app.ctx.db, request.params.id, request.query.page),
  );

  app.get(
    '/jpanel/supporters/:id/receipts.json',
    { config: { permission: 'taxreceipt.view' }, schema: { summary: 'Tax receipts issued to a supporter', tags, params: idParams, response: { 200: supporterReceiptsSchema } } },
    async (request) => listSupporterReceipts(app.ctx.db, request.params.id),
  );

  app.get(
    '/jpanel/supporters/:id/tributes.json',
    { config: { permission: 'tribute.view' }, schema: { summary: "Tributes on a supporter's gifts", tags, params: idParams, response: { 200: supporterTributesSchema } } },
    async (request) => listSupporterTributes(app.ctx.db, request.params.id),
  );

  app.get(
    '/jpanel/supporters/:id/sponsorships.json',
    { config: { permission: 'sponsor.view' }, schema: { summary: 'Whom a supporter sponsors and sponsored', tags, params: idParams, response: { 200: supporterSponsorshipsSchema } } },
    async (request) => listSupporterSponsorships(app.ctx.db, request.params.id),
  );

  app.get(
    '/jpanel/supporters/:id/payment_methods.json',
    { config: { permission: 'member.view' }, schema: { summary: "A supporter's saved cards and bank accounts (masked)", tags, params: idParams, response: { 200: supporterPaymentMethodsSchema } } },
    async (request) => listPaymentMethods(app.ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/supporters/:id/payment_methods/:methodId/:action',
    {
      config: { permission: 'member.edit' },
      schema: {
        summary: "Make a saved payment method the supporter's default, or remove it (refused while a recurring profile pays with it)",
        tags,
        params: z.object({ id, methodId: id, action: z.enum(PAYMENT_METHOD_ACTIONS) }),
        response: { 200: paymentMethodSavedSchema },
      },
    },
    async (request) => changePaymentMethod(app.ctx.db, request.actor, request.params.id, request.params.methodId, request.params.action),
  );
};
