import type Stripe from 'stripe';
import { stripeClient, type StripeConfig } from '../../integrations/payments/stripe/stripe-client.ts';

/**
 * One money movement as the gateway records it, in the shape the reconciliation pairs with
 * Almoner's payments and refunds: a payment by Almoner's reference for it (Stripe's
 * PaymentIntent), a refund by Stripe's refund id with the PaymentIntent it gave back.
 */
export type GatewayEntry = {
  kind: 'payment' | 'refund';
  reference: string;
  payment_reference: string | null;
  currency: string;
  amount: number;
  fee: number;
  created_at: string;
};

/** A balance transaction's money in and the fee Stripe kept: charges and ACH payments. */
const PAYMENT_TYPES = new Set(['charge', 'payment']);
/** Money given back, and a refund that failed putting it back (same refund id, the other sign). */
const REFUND_TYPES = new Set(['refund', 'payment_refund', 'refund_failure', 'payment_failure_refund']);

const idOf = (v: string | { id: string } | null | undefined): string | null => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Stripe's balance transactions created in [from, to) (UNIX seconds), every page of them, as
 * gateway entries. Each source is expanded so a charge names its PaymentIntent (Almoner keeps
 * that as the payment's reference) and a refund its own. A refund and its failure are one
 * entry, netted: a refund that failed moved no money in the end and is left out. Other types
 * (payouts, Stripe's own fees, adjustments) are not a payment's and are left out too.
 */
export async function stripeBalanceEntries(config: StripeConfig, window: { from: number; to: number }): Promise<GatewayEntry[]> {
  const stripe = stripeClient(config);
  const payments: GatewayEntry[] = [];
  const refunds = new Map<string, GatewayEntry>();
  const list = stripe.balanceTransactions.list({ created: { gte: window.from, lt: window.to }, limit: 100, expand: ['data.source'] });
  for await (const txn of list) {
    const created = new Date(txn.created * 1000).toISOString();
    const currency = txn.currency.toUpperCase();
    if (PAYMENT_TYPES.has(txn.type)) {
      const charge = txn.source as Stripe.Charge | string | null;
      const reference = typeof charge === 'object' && charge ? (idOf(charge.payment_intent) ?? charge.id) : idOf(charge);
      if (reference) payments.push({ kind: 'payment', reference, payment_reference: null, currency, amount: txn.amount, fee: txn.fee, created_at: created });
    } else if (REFUND_TYPES.has(txn.type)) {
      const refund = txn.source as Stripe.Refund | string | null;
      const reference = idOf(refund);
      if (!reference) continue;
      const earlier = refunds.get(reference);
      const paymentReference = typeof refund === 'object' && refund ? idOf(refund.payment_intent) : null;
      // Stripe's refunds are negative movements; the reconciliation counts what was given back.
      refunds.set(reference, {
        kind: 'refund', reference, payment_reference: paymentReference ?? earlier?.payment_reference ?? null, currency,
        amount: (earlier?.amount ?? 0) - txn.amount, fee: 0,
        created_at: earlier && earlier.created_at < created ? earlier.created_at : created,
      });
    }
  }
  return [...payments, ...[...refunds.values()].filter((r) => r.amount !== 0)];
}
