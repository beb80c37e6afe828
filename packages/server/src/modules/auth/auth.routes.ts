import { loginRequestSchema, loginResponseSchema, sessionInfoSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getSessionSettings } from '../settings/settings.service.ts';
import { login, toCurrentUser } from './auth.service.ts';
import { endSession, findActiveUser, type AuthUser } from './session.ts';

/** Fortify-shaped sign-in and sign-out, plus what the shell needs at boot. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/login',
    {
      config: { public: true },
      schema: { summary: 'Sign in with e-mail and password', tags: ['auth'], body: loginRequestSchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const result = await login(app.ctx, request, reply, request.body);
      if (result.twoFactor) return { two_factor: true };
      const user = (await findActiveUser(app.ctx.db, result.userId)) as AuthUser;
      return { two_factor: false, user: toCurrentUser(user) };
    },
  );

  app.post(
    '/jpanel/logout',
    { config: { public: true }, schema: { summary: 'Sign out and end the session', tags: ['auth'], response: { 204: z.null() } } },
    async (request, reply) => {
      await endSession(app.ctx.db, app.ctx.config, request, reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/jpanel/auth/session',
    { config: { permission: null }, schema: { summary: 'The signed-in user, their permissions and edition flags', tags: ['auth'], response: { 200: sessionInfoSchema } } },
    async (request) => ({ user: toCurrentUser(request.user as AuthUser), ...(await getSessionSettings(app.ctx.db)) }),
  );
};
