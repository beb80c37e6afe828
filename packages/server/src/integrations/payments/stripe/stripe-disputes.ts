import type Stripe from 'stripe';
import type { Tx } from '../../../db/client.ts';
import { recordDispute } from '../../../modules/payments/disputes.service.ts';
import type { DisputeStatus } from '../../../modules/payments/disputes.tables.ts';
import type { StripePayment } from './stripe-event-handlers.ts';

/**
 * Stripe's dispute states as ours. An inquiry closed without a chargeback (warning_closed) and a
 * dispute the network prevented kept the money, as a won dispute does.
 */
function statusOf(status: Stripe.Dispute.Status): DisputeStatus {
  if (status === 'lost') return 'lost';
  if (status === 'won' || status === 'warning_closed' || status === 'prevented') return 'won';
  return 'open';
}

/** charge.dispute.created and .closed: the dispute recorded on the Almoner payment its PaymentIntent made. */
export async function applyDisputeEvent(tx: Tx, dispute: Stripe.Dispute, lockPaymentOf: (tx: Tx, intentId: string | null | undefined) => Promise<StripePayment>): Promise<string | null> {
  const payment = await lockPaymentOf(tx, typeof dispute.payment_intent === 'string' ? dispute.payment_intent : dispute.payment_intent?.id);
  if (dispute.currency.toUpperCase() !== payment.currency) return `Dispute ${dispute.id} is in ${dispute.currency.toUpperCase()}, the payment in ${payment.currency}: not recorded.`;
  await recordDispute(tx, {
    paymentId: payment.id,
    reference: dispute.id,
    amount: dispute.amount,
    currency: payment.currency,
    status: statusOf(dispute.status),
    reason: dispute.reason.slice(0, 50),
    openedAt: new Date(dispute.created * 1000),
  });
  return null;
}
