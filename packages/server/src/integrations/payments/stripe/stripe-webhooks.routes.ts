import { stripeWebhookAnswerSchema, stripeWebhookRefusalSchema } from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeWebhookSecret } from './stripe-events.config.ts';
import { receiveStripeEvent, verifyStripeEvent } from './stripe-webhooks.ts';

/** Stripe's events are small (an object or two); a megabyte is the app's limit anyway. */
const BODY_LIMIT = 1024 * 1024;

/**
 * POST /webhooks/stripe (issue 40 item 4): Stripe's events. The signature over the raw body is
 * the only credential (no session, no CSRF token), so this plugin keeps the body as bytes.
 * A verified event is stored once and its handling queued: the answer is 200 at once, whatever
 * the handling meets later, so a slow database never makes Stripe send it again.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/webhooks/stripe',
    {
      config: { public: true, csrf: false },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Receive an event from Stripe (signed with the webhook signing secret)',
        description:
          'Register https://<your Almoner>/webhooks/stripe in Stripe with the events payment_intent.succeeded, payment_intent.processing, payment_intent.payment_failed, charge.refunded, charge.refund.updated, refund.updated, refund.failed, charge.dispute.created and charge.dispute.closed. The Stripe-Signature header is checked against the raw body (5-minute tolerance); an event id already received answers 200 and changes nothing.',
        tags: ['webhooks'],
        response: { 200: stripeWebhookAnswerSchema, 400: stripeWebhookRefusalSchema },
      },
    },
    async (request, reply) => {
      const { db, config } = app.ctx;
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const header = request.headers['stripe-signature'];
      const verdict = verifyStripeEvent(raw, typeof header === 'string' ? header : undefined, await stripeWebhookSecret(db, config));
      if (!verdict.ok) return reply.status(400).send({ message: verdict.message, code: 'bad_request' as const });
      const { duplicate } = await receiveStripeEvent(db, verdict.event);
      return { received: true as const, duplicate };
    },
  );
};
