import {
  idParam,
  membershipEndSchema,
  membershipExtendSchema,
  membershipGrantSchema,
  membershipLevelInputSchema,
  membershipLevelListSchema,
  membershipLevelSchema,
  membershipMessages,
  renewalRemindSchema,
  renewalsDueQuerySchema,
  renewalsDueSchema,
  supporterMembershipSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { endMembership, extendMembership, grantMembership, supporterMemberships } from './memberships.grants.ts';
import { createLevel, deleteLevel, getLevel, listLevels, updateLevel } from './memberships.levels.ts';
import { renewalsDue, sendRenewalReminders } from './memberships.renewals.ts';

const tags = ['memberships'];
const message = z.object({ message: z.string() });
const levelSaved = z.object({ message: z.string(), level: membershipLevelSchema });
/** Levels are the organisation's settings; reading them is part of reading supporters. */
const levels = { permission: 'admin.general' };

/**
 * Memberships by hand (issue 38 item 1): levels (Settings › Membership levels), a supporter's
 * memberships granted, extended and ended with the reason, and the renewals due with reminders.
 */
export const membershipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/jpanel/memberships/levels.json', {
    config: { permission: 'member.view' },
    schema: { summary: 'List membership levels in their order, with how many memberships of each have not ended', tags, response: { 200: membershipLevelListSchema } },
  }, async () => listLevels(ctx.db));

  app.get('/jpanel/memberships/levels/:id', {
    config: levels,
    schema: { summary: 'Read a membership level', tags, params: idParam, response: { 200: membershipLevelSchema } },
  }, async (request) => getLevel(ctx.db, request.params.id));

  app.post('/jpanel/memberships/levels', {
    config: levels,
    schema: { summary: 'Create a membership level', tags, body: membershipLevelInputSchema, response: { 201: levelSaved } },
  }, async (request, reply) => {
    const level = await createLevel(ctx.db, request.actor, request.body);
    return reply.status(201).send({ message: membershipMessages.levelCreated(level.name), level });
  });

  app.post('/jpanel/memberships/levels/:id/destroy', {
    config: levels,
    schema: { summary: 'Delete a membership level (soft: memberships held keep it)', tags, params: idParam, response: { 200: message } },
  }, async (request) => deleteLevel(ctx.db, request.actor, request.params.id));

  app.post('/jpanel/memberships/levels/:id', {
    config: levels,
    schema: { summary: 'Update a membership level', tags, params: idParam, body: membershipLevelInputSchema, response: { 200: levelSaved } },
  }, async (request) => {
    const level = await updateLevel(ctx.db, request.actor, request.params.id, request.body);
    return { message: membershipMessages.levelSaved(level.name), level };
  });

  app.get('/jpanel/supporters/:id/memberships', {
    config: { permission: 'member.view' },
    schema: { summary: "A supporter's memberships, newest first", tags, params: idParam, response: { 200: z.object({ data: z.array(supporterMembershipSchema) }) } },
  }, async (request) => ({ data: await supporterMemberships(ctx.db, request.params.id) }));

  app.post('/jpanel/supporters/:id/memberships', {
    config: { permission: 'member.edit' },
    schema: { summary: 'Grant a supporter a membership by hand, with the reason', tags, params: idParam, body: membershipGrantSchema, response: { 200: z.object({ message: z.string(), membership: supporterMembershipSchema }) } },
  }, async (request) => grantMembership(ctx.db, request.actor, request.params.id, request.body));

  app.post('/jpanel/memberships/:id/extend', {
    config: { permission: 'member.edit' },
    schema: { summary: 'Extend a membership to a later expiry, with the reason', tags, params: idParam, body: membershipExtendSchema, response: { 200: message } },
  }, async (request) => extendMembership(ctx.db, request.actor, request.params.id, request.body));

  app.post('/jpanel/memberships/:id/end', {
    config: { permission: 'member.edit' },
    schema: { summary: 'End a membership on a day, with the reason', tags, params: idParam, body: membershipEndSchema, response: { 200: message } },
  }, async (request) => endMembership(ctx.db, request.actor, request.params.id, request.body));

  app.get('/jpanel/memberships/renewals.json', {
    config: { permission: 'member.view' },
    schema: { summary: 'Memberships expiring within the days given (or expired within them) and not yet renewed', tags, querystring: renewalsDueQuerySchema, response: { 200: renewalsDueSchema } },
  }, async (request) => renewalsDue(ctx.db, request.query.days));

  app.post('/jpanel/memberships/renewals/remind', {
    config: { permission: 'member.edit' },
    schema: { summary: 'Queue a renewal reminder e-mail to each chosen member still due', tags, querystring: renewalsDueQuerySchema, body: renewalRemindSchema, response: { 200: z.object({ message: z.string(), sent: z.number() }) } },
  }, async (request) => sendRenewalReminders(ctx.db, request.actor, request.body.ids, request.query.days));
};
