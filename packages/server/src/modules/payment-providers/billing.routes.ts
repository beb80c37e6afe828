import {
  billingCheckoutSchema,
  billingCompletedSchema,
  billingCompleteSchema,
  billingMessages,
  billingOverviewSchema,
  hostedPageSchema,
} from '@almoner/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { billingProviderFor, completeBillingCheckout, currentSubscription, startBillingCheckout } from './billing.service.ts';

/**
 * The organisation's Almoner subscription (spec part 3 §7: POST /jpanel/settings/billing/chargebee/checkout
 * with planId returns a hosted page). The hosted page sends the browser back to the billing
 * screen, which completes the checkout.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = { permission: 'admin.billing' } as const;
  const origin = (request: FastifyRequest) => app.ctx.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.get(
    '/jpanel/settings/billing.json',
    { config: permission, schema: { summary: 'The organisation’s current subscription', tags: ['billing'], response: { 200: billingOverviewSchema } } },
    async () => ({ subscription: await currentSubscription(app.ctx.db) }),
  );

  app.post(
    '/jpanel/settings/billing/chargebee/checkout',
    {
      config: permission,
      schema: { summary: 'Open the billing provider’s hosted checkout page for a plan', tags: ['billing'], body: billingCheckoutSchema, response: { 200: hostedPageSchema } },
    },
    async (request) => {
      const base = origin(request);
      return startBillingCheckout(billingProviderFor(app.ctx.db, base), request.body.planId, `${base}/jpanel/settings/billing`);
    },
  );

  app.post(
    '/jpanel/settings/billing/chargebee/complete',
    {
      config: permission,
      schema: { summary: 'Record the subscription a completed hosted checkout started', tags: ['billing'], body: billingCompleteSchema, response: { 200: billingCompletedSchema } },
    },
    async (request) => ({
      message: billingMessages.started,
      subscription: await completeBillingCheckout(app.ctx.db, request.actor, billingProviderFor(app.ctx.db, origin(request)), request.body.hosted_page_id),
    }),
  );
};
