import { z } from 'zod';
import { formatDate } from './dates.ts';
import { decimalAmountSchema, formatAmount } from './money.ts';

/**
 * What a refund run did, per payment, in the voice of the fulfilment messages: how many were
 * refunded, and for each payment that was not, its contribution and why.
 */

/** Gateways' names as staff read them (payments.gateway). */
const gatewayLabels: Record<string, string> = { sandbox: 'the sandbox gateway', paypal: 'PayPal', stripe: 'Stripe', gocardless: 'GoCardless' };
export const gatewayLabel = (gateway: string | null): string => (gateway ? (gatewayLabels[gateway] ?? gateway) : 'an unknown gateway');

/** Why a payment was not refunded. */
export type RefundRefusal =
  /** Charged through a gateway this instance has no client for (PayPal, a removed provider …). */
  | { reason: 'no_gateway'; gateway: string | null }
  /** The gateway has no record of the payment (e.g. data imported from elsewhere). */
  | { reason: 'unknown_at_gateway'; gateway: string | null }
  /** The gateway refused the refund; `message` is its answer. */
  | { reason: 'gateway_refused'; gateway: string | null; message: string }
  /** The payment has not settled (pending) or failed: there is no money to give back yet. */
  | { reason: 'not_settled' }
  /** Asked for more than is left on the payment. */
  | { reason: 'too_large' }
  /** Nothing is left to refund (refunded meanwhile, e.g. by another request). */
  | { reason: 'nothing_left' }
  /**
   * No exchange rate into the organisation currency for the refund's day (`day` is yyyy-mm-dd in
   * the organisation's zone): the refund's functional amount cannot be written, so nothing moves.
   */
  | { reason: 'no_rate'; currency: string; orgCurrency: string; day: string };

export function refundRefusalText(refusal: RefundRefusal): string {
  switch (refusal.reason) {
    case 'no_gateway':
      return `its payment was taken through ${gatewayLabel(refusal.gateway)}, which Almoner cannot reach; refund it there`;
    case 'unknown_at_gateway':
      return `${gatewayLabel(refusal.gateway)} has no record of its payment`;
    case 'gateway_refused':
      return `${gatewayLabel(refusal.gateway)} refused: ${refusal.message}`;
    case 'not_settled':
      return 'its payment has not settled';
    case 'too_large':
      return 'the refund is larger than what is left on its payment';
    case 'nothing_left':
      return 'its payment is already refunded in full';
    case 'no_rate':
      return `no exchange rate from ${refusal.currency} to ${refusal.orgCurrency} on ${formatDate(refusal.day)}; add one under Settings › Exchange rates, then run Spam & refund again`;
  }
}

export type RefundRun = {
  /** Payments refunded through their gateway. */
  refunded: number;
  /** Cash, cheque and other offline payments: recorded as refunded; the money goes back by hand. */
  byHand: number;
  /** One entry per payment that was not refunded, with its contribution's short number (#2401). */
  refused: { contribution: string; refusal: RefundRefusal }[];
};

/**
 * "2 payments refunded; 1 paid offline recorded as refunded (return the money by hand); 1 could
 * not be refunded: Contribution #2401 (…)." Empty when there was no payment to refund.
 */
export function refundRunMessage(run: RefundRun): string {
  const parts: string[] = [];
  if (run.refunded > 0) parts.push(`${run.refunded} ${run.refunded === 1 ? 'payment' : 'payments'} refunded`);
  if (run.byHand > 0) parts.push(`${run.byHand} paid offline recorded as refunded (return the money by hand)`);
  if (run.refused.length > 0) {
    const rows = run.refused.map((r) => `Contribution ${r.contribution} (${refundRefusalText(r.refusal)})`);
    parts.push(`${run.refused.length} could not be refunded: ${rows.join('; ')}`);
  }
  return parts.length ? `${parts.join('; ')}.` : '';
}

/** A refund asked for from a contribution's page: what is left (full) or a custom amount up to it. */
export const contributionRefundSchema = z.object({
  refund_type: z.enum(['full', 'custom']).default('full'),
  amount: decimalAmountSchema.optional(),
});
export type ContributionRefundInput = z.input<typeof contributionRefundSchema>;

/** The incumbent's words for a contribution refund (incumbent §7 "Order refund"), and ours for what it lacked. */
export const contributionRefundMessages = {
  /** "$0": the currency's zero without decimals, as the incumbent wrote it. */
  mustBePositive: (currency: string) => `The refund amount must be greater than ${formatAmount(0, currency).replace(/[.,]0+(?=\D*$)/, '')}.`,
  exceedsTotal: (total: string) => `The refund amount cannot exceed the original contribution value of ${total}.`,
  exceedsLeft: (left: string) => `The refund amount cannot exceed the ${left} left to refund.`,
  // `number` is the short number staff name the contribution by ("#2401", contributionNumber).
  alreadyRefunded: (number: string) => `Contribution ${number} already fully refunded.`,
  noPayment: (number: string) => `Contribution ${number} has no settled payment to refund.`,
  failed: (number: string, why: string) => `Refund failed for Contribution ${number}: ${why}.`,
  refunded: (number: string, amount: string) => `${amount} refunded on Contribution ${number}.`,
  refundedByHand: (number: string, amount: string) => `${amount} recorded as refunded on Contribution ${number}: return the money by hand.`,
} as const;
