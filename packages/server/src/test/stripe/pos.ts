import type { PosCompleteInput } from '@almoner/contracts';
import { makeOrder, makeVariant } from '../../modules/pos/pos.complete.fixtures.ts';
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
    async elementsMethod(number: string): Promise<string> {
      const body = new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2039', 'card[cvc]': '123', key: 'pk_test_stub' });
      const response = await fetch(`${app.standIn.url}/v1/payment_methods`, { method: 'POST', body });
      return String(((await response.json()) as { id: string }).id);
    },
    /**
     * The us_bank_account PaymentMethod Stripe.js makes from the bank details typed into its
     * fields (with the publishable key); answers Stripe's answer as it is (the method, or its error).
     */
    async bankMethod(details: { routing?: string; account?: string; name?: string } = {}): Promise<{ id?: string; error?: { message: string; param: string } }> {
      const body = new URLSearchParams({
        type: 'us_bank_account',
        'us_bank_account[routing_number]': details.routing ?? '110000000',
        'us_bank_account[account_number]': details.account ?? '000123456789',
        'us_bank_account[account_holder_type]': 'individual',
        'us_bank_account[account_type]': 'checking',
        'billing_details[name]': details.name ?? 'Ada Lovelace',
        key: 'pk_test_stub',
      });
      const response = await fetch(`${app.standIn.url}/v1/payment_methods`, { method: 'POST', body });
      return (await response.json()) as { id?: string; error?: { message: string; param: string } };
    },
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
