import { forgotPasswordSchema, passwordResetResponseSchema, resetPasswordSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resetPassword, sendResetLink } from './password-reset.service.ts';

/** Fortify's password reset routes: ask for a link by e-mail, then set a new password with it. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/jpanel/forgot-password',
    {
      config: { public: true },
      schema: { summary: 'E-mail a password reset link (the same answer whether or not the e-mail is known)', tags: ['auth'], body: forgotPasswordSchema, response: { 200: passwordResetResponseSchema } },
    },
    async (request) => ({ message: await sendResetLink(app.ctx, request.body.email, request.ip) }),
  );

  app.post(
    '/jpanel/reset-password',
    {
      config: { public: true },
      schema: { summary: 'Set a new password with the token from a reset or invitation e-mail', tags: ['auth'], body: resetPasswordSchema, response: { 200: passwordResetResponseSchema } },
    },
    async (request) => ({ message: await resetPassword(app.ctx, request.body, request.ip) }),
  );
};
