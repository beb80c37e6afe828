import {
  apiTokenResponseSchema,
  currentUserSchema,
  userActionResponseSchema,
  userDestroySchema,
  userIdParam,
  userDetailSchema,
  userInputSchema,
  userListResponseSchema,
} from '@almoner/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCurrentUser } from '../auth/auth.service.ts';
import { sha256 } from '../auth/crypto.ts';
import type { AuthUser } from '../auth/session.ts';
import { assertPasswordConfirmed } from '../auth/two-factor.service.ts';
import {
  createUser,
  deleteUser,
  disableUserTwoFactor,
  getUser,
  listUsers,
  regenerateApiToken,
  updateUser,
  type Editor,
} from './users.service.ts';

const tags = ['users'];

export const editorOf = (request: FastifyRequest): Editor => ({
  user: request.user as AuthUser,
  actor: request.actor,
  sessionHash: request.session?.persisted ? sha256(request.session.id) : null,
});

/** Staff users (spec part 3 §2.11 and §7 "Users and settings"), and the API's `me`. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/jpanel/users.json',
    { config: { permission: 'user.view' }, schema: { summary: 'List staff users', tags, response: { 200: userListResponseSchema } } },
    async () => listUsers(ctx.db),
  );

  app.get(
    '/jpanel/users/:id',
    { config: { permission: 'user.view' }, schema: { summary: 'Read a staff user', tags, params: userIdParam, response: { 200: userDetailSchema } } },
    async (request) => getUser(ctx.db, request.params.id),
  );

  app.post(
    '/jpanel/users',
    { config: { permission: 'user.add' }, schema: { summary: 'Create a staff user', tags, body: userInputSchema, response: { 201: userDetailSchema } } },
    async (request, reply) => reply.status(201).send(await createUser(ctx, editorOf(request), request.body)),
  );

  app.post(
    '/jpanel/users/:id',
    { config: { permission: 'user.edit' }, schema: { summary: 'Update a staff user', tags, params: userIdParam, body: userInputSchema, response: { 200: userDetailSchema } } },
    async (request) => updateUser(ctx, editorOf(request), request.params.id, request.body),
  );

  app.post(
    '/jpanel/users/destroy',
    { config: { permission: 'user.edit' }, schema: { summary: 'Delete a staff user', tags, body: userDestroySchema, response: { 200: userActionResponseSchema } } },
    async (request) => deleteUser(ctx, editorOf(request), request.body.id),
  );

  app.post(
    '/jpanel/users/:id/regenerate-key',
    { config: { permission: 'user.edit' }, schema: { summary: 'Regenerate a staff user\'s API token', tags, params: userIdParam, response: { 200: apiTokenResponseSchema } } },
    async (request) => regenerateApiToken(ctx, editorOf(request), request.params.id),
  );

  app.delete(
    '/jpanel/users/:id/two-factor-authentication',
    { config: { permission: 'user.edit' }, schema: { summary: 'Turn off a staff user\'s two-factor authentication', tags, params: userIdParam, response: { 200: userActionResponseSchema } } },
    async (request) => {
      // Your own second factor is guarded on the profile by a fresh password; so it is here.
      if (request.params.id === request.user?.id) assertPasswordConfirmed(request);
      return disableUserTwoFactor(ctx, editorOf(request), request.params.id);
    },
  );

  app.get(
    '/jpanel/api/v1/me',
    { config: { permission: null }, schema: { summary: 'The user the API token belongs to', tags: ['api'], response: { 200: currentUserSchema } } },
    async (request) => toCurrentUser(request.user as AuthUser),
  );
};
