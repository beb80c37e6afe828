import { cancelProfileSchema, cardUpdatedSchema, cardUpdateSchema, cardUpdateViewSchema, idParam, recurringChangeSchema, recurringChargeSchema, recurringRecordPaymentSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { AuthUser } from '../auth/session.ts';
import { cardUpdateView, sendCardLink, updateCard } from './recurring.card-link.ts';
import { changeTerms } from './recurring.change.ts';
import { billingDepsFor } from './recurring.job.ts';
import { chargeNow } from './recurring.charge.ts';
import { recordPayment } from './recurring.record.ts';
import { changeProfile, getProfile } from './recurring.service.ts';
import { cardFieldsConfig } from '../../integrations/payments/index.ts';

const tags = ['recurring'];
const answer = { 200: z.object({ id: z.number(), status: z.string(), message: z.string() }) };

const chargeAnswer = { 200: z.object({ id: z.number(), outcome: z.enum(['charged', 'declined']), contribution_id: z.number().nullable(), message: z.string() }) };

/** A recurring profile's page, its status changes, its terms and charging it now. */
export const recurringRoutes: FastifyPluginAsyncZod = async (app) => {
  const actorId = (request: { user?: unknown }) => (request.user as AuthUser).id;
  app.get('/jpanel/recurring/:id', {
    config: { permission: 'recurringpaymentprofile.view' },
    schema: { summary: 'Read a recurring payment profile with its charges', tags, params: idParam },
  }, async (request) => getProfile(app.ctx.db, request.params.id));

  app.post('/jpanel/recurring/:id/suspend', {
    config: { permission: 'recurringpaymentprofile.edit' },
    schema: { summary: 'Suspend an active recurring profile', tags, params: idParam, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => changeProfile(tx, request.params.id, 'suspend', actorId(request))));

  app.post('/jpanel/recurring/:id/cancel', {
    config: { permission: 'recurringpaymentprofile.edit' },
    schema: { summary: 'Cancel a recurring profile, with a reason', tags, params: idParam, body: cancelProfileSchema, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => changeProfile(tx, request.params.id, 'cancel', actorId(request), request.body.reason)));

  app.post('/jpanel/recurring/:id/enable', {
    config: { permission: 'recurringpaymentprofile.edit' },
    schema: { summary: 'Re-enable a suspended or cancelled recurring profile', tags, params: idParam, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => changeProfile(tx, request.params.id, 'enable', actorId(request))));

  app.post('/jpanel/recurring/:id', {
    config: { permission: 'recurringpaymentprofile.edit' },
    schema: { summary: 'Change a recurring profile\'s amount, frequency, next billing date or payment method (the donor is e-mailed the new terms)', tags, params: idParam, body: recurringChangeSchema, response: answer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => changeTerms(tx, request.params.id, request.body)));

  app.post('/jpanel/recurring/:id/charge', {
    config: { permission: 'recurringpaymentprofile.charge' },
    schema: { summary: 'Charge the period due on a billing date now (once per billing date)', tags, params: idParam, body: recurringChargeSchema, response: chargeAnswer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => chargeNow(app.ctx.database, tx, request.params.id, request.body.billing_date)));

  app.post('/jpanel/recurring/:id/record-payment', {
    config: { permission: 'recurringpaymentprofile.charge' },
    schema: { summary: 'Record an instalment paid in cash, by check or otherwise on a manual profile (once per billing date)', tags, params: idParam, body: recurringRecordPaymentSchema, response: chargeAnswer },
  }, async (request) => withActor(app.ctx.db, request.actor, (tx) => recordPayment(app.ctx.database, tx, request.params.id, request.body)));

  app.post('/jpanel/recurring/:id/card-link', {
    config: { permission: 'recurringpaymentprofile.edit' },
    schema: { summary: 'E-mail the donor their link to put a new card on this recurring gift', tags, params: idParam, response: { 200: z.object({ message: z.string() }) } },
  }, async (request) => {
    const deps = billingDepsFor(app.ctx.database);
    return withActor(app.ctx.db, request.actor, (tx) => sendCardLink(tx, deps.appKey, deps.linkBase ?? '', request.params.id));
  });

  // Public: the donor is not signed in; the link's signature is the key (recurring.card-link.ts).
  const link = z.object({ token: z.string().max(2000) });
  app.get('/jpanel/api/v1/update-card/:token', {
    config: { public: true },
    schema: { summary: 'The recurring gift an "update your card" link stands for', tags, params: link, response: { 200: cardUpdateViewSchema } },
  }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return cardUpdateView(app.ctx.db, app.ctx.config.appKey, request.params.token, await cardFieldsConfig(app.ctx.db));
  });

  app.post('/jpanel/api/v1/update-card/:token', {
    config: { public: true },
    schema: { summary: 'Put a new card (a capture token) on the recurring gift a link stands for', tags, params: link, body: cardUpdateSchema, response: { 200: cardUpdatedSchema } },
  }, async (request) => {
    const deps = billingDepsFor(app.ctx.database);
    // A new card is kept at the gateway the organisation takes cards with now (null: the chosen one).
    const outcome = await withActor(app.ctx.db, request.actor, async (tx) => updateCard(tx, { appKey: deps.appKey, gateway: await deps.gateway(tx, null) }, request.params.token, request.body.token, request.body.setup_intent));
    if ('refused' in outcome) throw outcome.refused;
    return outcome;
  });
};
