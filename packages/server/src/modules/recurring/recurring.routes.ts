import { cancelProfileSchema, idParam } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { withActor } from '../../db/actor.ts';
import type { AuthUser } from '../auth/session.ts';
import { changeProfile, getProfile } from './recurring.service.ts';

const tags = ['recurring'];
const answer = { 200: z.object({ id: z.number(), status: z.string(), message: z.string() }) };

/** A recurring profile's page and its status changes. */
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
};
