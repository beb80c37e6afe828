import type { PosCompleteInput } from '@almoner/contracts';
import { makeOrder, makeVariant } from '../../modules/pos/pos.complete.fixtures.ts';
import { type BankDetails, elementsBankMethod, elementsCardMethod } from './stripe-js.ts';
import type { StripeWebhookApp } from './webhook-app.ts';

/** Stripe's test card that asks for authentication on every payment (and set-up), typed into Elements. */
export const THREE_DS_CARD = '4000002760003184';

/**
 * The point of sale against the Stripe stand-in, as the stripe-pos-* test files drive it: a card
 * typed into Elements, a one-item order, and the completion and abandon calls. Read inside
 * tests: the app is started by the file's beforeAll (useStripeWebhookApp).
 */
export function stripePos(app: StripeWebhookApp) {
  const db = () => app.t.database.db;
  return {
    db,
    /** The PaymentMethod Stripe.js makes from the card typed into Elements (with the publishable key). */
    elementsMethod: (number: string) => elementsCardMethod(app.standIn.url, number),
    /** The us_bank_account PaymentMethod Stripe.js makes from the bank details typed into its fields. */
    bankMethod: (details: BankDetails = {}) => elementsBankMethod(app.standIn.url, details),
    /** An open order of one item at `price`, for `supporterId` when given. */
    async order(price = 2500, supporterId?: number, currency?: string) {
      const v = await makeVariant(db(), { price, quantity: 5 });
      const o = await makeOrder(db(), { ...(supporterId === undefined ? {} : { supporterId }), ...(currency ? { currency } : {}), items: [{ variantId: v.variantId, productId: v.productId, price, qty: 1 }] });
      return { ...o, variantId: v.variantId };
    },
    /** The PaymentIntent as Stripe (the stand-in) has it now. */
    async atStripe(intent: string): Promise<{ status: string; cancellation_reason: string | null }> {
      const response = await fetch(`${app.standIn.url}/v1/payment_intents/${intent}`, { headers: { authorization: 'Bearer sk_test_stub' } });
      return (await response.json()) as { status: string; cancellation_reason: string | null };
    },
    complete: (id: number, body: PosCompleteInput) => app.admin.post(`/jpanel/pos/${id}/complete`, body),
    abandon: (id: number, paymentIntent: string) => app.admin.post(`/jpanel/pos/${id}/abandon-payment`, { payment_intent: paymentIntent }),
  };
}
