import { gatewayMessages } from '@almoner/contracts';
import Stripe from 'stripe';
import { AuthenticationRequired, GatewayError, type ChargeRequest } from '../gateway.ts';
import { refused, refusalOf } from './stripe-client.ts';

/**
 * Saved payment methods at Stripe, for the gateway (stripe-gateway.ts): the customer a saved
 * method is charged with, a card set up for renewals (a SetupIntent, with the bank's consent
 * asked while the donor is there), and a method kept without a customer.
 */
export function stripeSavedMethods(stripe: Stripe) {
  /** The customer to charge a saved method with: the caller's, else the one Stripe has it attached to. */
  const customerOf = async (method: string, customer: ChargeRequest['customer']): Promise<{ customer?: string }> => {
    if (customer) return { customer };
    const attached = (await refused(stripe.paymentMethods.retrieve(method))).customer;
    const id = typeof attached === 'string' ? attached : attached?.id;
    return id ? { customer: id } : {};
  };

  /**
   * A saved card for renewals: a SetupIntent attaches the method (Elements' pm_…, or one made
   * from a card token) to the donor's customer for off-session use, with the bank's consent
   * asked now while the donor is there. A bank that wants a challenge answers
   * AuthenticationRequired (the donor's page shows it, then names the SetupIntent); a card the
   * bank refuses is refused with Stripe's words.
   */
  const setUpForLater = async (token: string, customer: string, idempotencyKey: string, setupReference: string | undefined): Promise<Stripe.PaymentMethod> => {
    if (setupReference) return confirmedSetUp(setupReference, customer);
    let intent: Stripe.SetupIntent;
    try {
      intent = await stripe.setupIntents.create(
        {
          customer,
          confirm: true,
          usage: 'off_session',
          allowed_payment_method_types: ['card'],
          ...(token.startsWith('pm_') ? { payment_method: token } : { payment_method_data: { type: 'card', card: { token } } as Stripe.SetupIntentCreateParams.PaymentMethodData }),
          expand: ['payment_method'],
        },
        { idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) throw new GatewayError('invalid_request', error.message, 'token');
      throw refusalOf(error);
    }
    if (intent.status === 'requires_action' && intent.client_secret) throw new AuthenticationRequired(gatewayMessages.authenticationRequired, intent.id, intent.client_secret);
    if (intent.status !== 'succeeded') throw new GatewayError('invalid_request', intent.last_setup_error?.message ?? gatewayMessages.authenticationRequired, 'token');
    return methodOf(intent);
  };

  /**
   * The SetupIntent the donor confirmed with their bank: kept only if it succeeded and is this
   * donor's (their customer's). Its method is the one kept: Stripe may have made it anew from
   * the one sent (its test methods are copied), so the token is not compared.
   */
  const confirmedSetUp = async (reference: string, customer: string): Promise<Stripe.PaymentMethod> => {
    const intent = await refused(stripe.setupIntents.retrieve(reference, { expand: ['payment_method'] }));
    const owner = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    if (owner !== customer) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'token');
    if (intent.status !== 'succeeded') throw new GatewayError('invalid_request', gatewayMessages.notAuthenticated, 'token');
    return methodOf(intent);
  };

  const methodOf = async (intent: Stripe.SetupIntent): Promise<Stripe.PaymentMethod> => {
    const method = intent.payment_method;
    if (!method) throw new Error('Stripe answered a succeeded SetupIntent without its payment method.');
    return typeof method === 'string' ? refused(stripe.paymentMethods.retrieve(method)) : method;
  };

  /** A method kept without a customer (no supporter to attach it to): Elements' pm_… as it is, or one made from a token. */
  const standAlone = (token: string, idempotencyKey: string): Promise<Stripe.PaymentMethod> =>
    token.startsWith('pm_')
      ? refused(stripe.paymentMethods.retrieve(token))
      : refused(stripe.paymentMethods.create({ type: 'card', card: { token } }, { idempotencyKey }));

  return { customerOf, setUpForLater, standAlone };
}
