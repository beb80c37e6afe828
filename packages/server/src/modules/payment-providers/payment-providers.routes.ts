import {
  connectionTestSchema,
  paymentProviderListSchema,
  paymentProviderSavedSchema,
  paymentProviderUpdateSchema,
} from '@almoner/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { runConnectionTest, type ConnectionTestName } from './connection-tests.service.ts';
import { listPaymentProviders, updatePaymentProvider } from './payment-providers.service.ts';
import { withErrorField } from './error-field.ts';

/**
 * The payment provider widget (spec part 3 §2.11, §7) and the connection tests (part 2 §7).
 * Everything here needs the payments administration permission.
 */
export const paymentProvidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const permission = { permission: 'admin.payments' } as const;
  // The spec: a failed save's answer "carries an error text".
  withErrorField(app);

  app.get(
    '/jpanel/settings/payment.json',
    {
      config: permission,
      schema: { summary: 'List the payment providers and their settings (secrets never included)', tags: ['payment providers'], response: { 200: paymentProviderListSchema } },
    },
    async () => ({ providers: await listPaymentProviders(app.ctx.db, app.ctx.config) }),
  );

  app.post(
    '/jpanel/settings/payment',
    {
      config: permission,
      schema: {
        summary: 'Turn a payment provider on or off, or save its input settings',
        tags: ['payment providers'],
        body: paymentProviderUpdateSchema,
        response: { 200: paymentProviderSavedSchema },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await updatePaymentProvider(app.ctx.db, request.actor, app.ctx.config, request.body)),
    }),
  );

  const tests: [string, ConnectionTestName, string][] = [
    ['/jpanel/paypal/verify_connection.json', 'paypal', 'Test the PayPal credentials (an OAuth2 access token)'],
    ['/jpanel/paypal/verify_reference_transactions.json', 'paypal_reference_transactions', 'Test whether the PayPal account may bill by reference transactions'],
    ['/jpanel/settings/payment/gocardless/verify', 'gocardless', 'Test the GoCardless access token (reads the creditors)'],
    ['/jpanel/settings/payment/stripe/verify', 'stripe', 'Test the Stripe keys in effect (their modes, then the balance with the secret key)'],
  ];
  for (const [url, test, summary] of tests) {
    app.get(
      url,
      { config: permission, schema: { summary, tags: ['payment providers'], response: { 200: connectionTestSchema } } },
      async (_request, reply) => {
        void reply.header('cache-control', 'no-store');
        return runConnectionTest(app.ctx.db, app.ctx.config, test);
      },
    );
  }
};
