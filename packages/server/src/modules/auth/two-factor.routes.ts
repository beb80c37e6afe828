import {
  confirmPasswordSchema,
  confirmedPasswordStatusSchema,
  loginResponseSchema,
  recoveryCodesSchema,
  twoFactorChallengeSchema,
  twoFactorCodeSchema,
  twoFactorQrCodeSchema,
  twoFactorSecretKeySchema,
  twoFactorStatusSchema,
} from '@almoner/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toCurrentUser } from './auth.service.ts';
import type { AuthUser } from './session.ts';
import {
  answerChallenge,
  assertPasswordConfirmed,
  confirmPassword,
  confirmTwoFactor,
  disableTwoFactor,
  enableTwoFactor,
  getQrCode,
  getRecoveryCodes,
  getSecretKey,
  isPasswordConfirmed,
  regenerateRecoveryCodes,
} from './two-factor.service.ts';

const PREFIX = '/jpanel/auth/user';
const me = (request: FastifyRequest) => request.user as AuthUser;
/** Any signed-in staff member manages their own second factor. */
const own = { permission: null };
const tags = ['two-factor'];

/** Laravel Fortify's two-factor endpoints, plus its password confirmation. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    `${PREFIX}/confirm-password`,
    { config: own, schema: { summary: 'Confirm your password before a sensitive change', tags, body: confirmPasswordSchema, response: { 201: confirmedPasswordStatusSchema } } },
    async (request, reply) => {
      await confirmPassword(ctx, request, me(request), request.body.password);
      return reply.status(201).send({ confirmed: true });
    },
  );

  app.get(
    `${PREFIX}/confirmed-password-status`,
    { config: own, schema: { summary: 'Whether your password was confirmed recently', tags, response: { 200: confirmedPasswordStatusSchema } } },
    async (request) => ({ confirmed: isPasswordConfirmed(request) }),
  );

  app.post(
    `${PREFIX}/two-factor-authentication`,
    { config: own, schema: { summary: 'Start turning on two-factor authentication', tags, response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      assertPasswordConfirmed(request);
      return enableTwoFactor(ctx, request.actor, me(request).id);
    },
  );

  app.delete(
    `${PREFIX}/two-factor-authentication`,
    { config: own, schema: { summary: 'Turn off your two-factor authentication', tags, response: { 200: twoFactorStatusSchema } } },
    async (request) => {
      assertPasswordConfirmed(request);
      return disableTwoFactor(ctx, request, me(request).id);
    },
  );

  app.post(
    `${PREFIX}/confirmed-two-factor-authentication`,
    { config: own, schema: { summary: 'Finish turning on two-factor authentication with a code', tags, body: twoFactorCodeSchema, response: { 200: twoFactorStatusSchema } } },
    async (request) => confirmTwoFactor(ctx, request.actor, me(request).id, request.body.code),
  );

  app.get(
    `${PREFIX}/two-factor-qr-code`,
    { config: own, schema: { summary: 'The QR code for your authenticator app', tags, response: { 200: twoFactorQrCodeSchema } } },
    async (request) => {
      // The QR code carries the secret, so it is guarded like the secret itself.
      assertPasswordConfirmed(request);
      return getQrCode(ctx, me(request).id);
    },
  );

  app.get(
    `${PREFIX}/two-factor-secret-key`,
    { config: own, schema: { summary: 'The secret key for your authenticator app', tags, response: { 200: twoFactorSecretKeySchema } } },
    async (request) => {
      assertPasswordConfirmed(request);
      return getSecretKey(ctx, me(request).id);
    },
  );

  app.get(
    `${PREFIX}/two-factor-recovery-codes`,
    { config: own, schema: { summary: 'Your two-factor recovery codes', tags, response: { 200: recoveryCodesSchema } } },
    async (request) => {
      assertPasswordConfirmed(request);
      return getRecoveryCodes(ctx, me(request).id);
    },
  );

  app.post(
    `${PREFIX}/two-factor-recovery-codes`,
    { config: own, schema: { summary: 'Replace your two-factor recovery codes', tags, response: { 200: recoveryCodesSchema } } },
    async (request) => {
      assertPasswordConfirmed(request);
      return regenerateRecoveryCodes(ctx, request.actor, me(request).id);
    },
  );

  app.post(
    '/jpanel/two-factor-challenge',
    { config: { public: true }, schema: { summary: 'Complete sign-in with a two-factor or recovery code', tags: ['auth'], body: twoFactorChallengeSchema, response: { 200: loginResponseSchema } } },
    async (request, reply) => {
      const user = await answerChallenge(ctx, request, reply, request.body);
      return { two_factor: false, user: toCurrentUser(user) };
    },
  );
};
