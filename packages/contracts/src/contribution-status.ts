/**
 * What a contribution's columns mean to staff: its number, where its payment stands, its status
 * and the status-history event its payment writes. The server's SQL (contributions.status.ts)
 * mirrors these functions and a test holds the two together for every payment state.
 */

/** The payment statuses a payment row can hold (`payments.status`, incumbent §1.1). */
export const PAYMENT_STATUSES = ['succeeded', 'pending', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * The invoice number: set once paid, the cart's own id before; upper case. The spec's
 * "Contribution #{invoice number}" and the page addresses use it; staff lists name a
 * contribution by its short number instead (`contributionNumber`).
 */
export function formatContributionNumber(c: { invoice_number: string | null; client_uuid: string }): string {
  return (c.invoice_number ?? c.client_uuid).toUpperCase();
}

/** Where the money stands: a pending bank transfer is not paid yet, whatever `paid_at` says. */
export const paymentStates = [
  { value: 'paid', label: 'Paid' },
  { value: 'pending', label: 'Awaiting payment' },
  { value: 'failed', label: 'Payment failed' },
  { value: 'unpaid', label: 'Not paid' },
] as const;
export type PaymentState = (typeof paymentStates)[number]['value'];

export type PaymentFacts = { paid_at: string | Date | null; payment_status: string | null };

export function paymentStateOf(c: PaymentFacts): PaymentState {
  if (c.payment_status === 'failed') return 'failed';
  if (c.payment_status === 'pending') return 'pending';
  return c.paid_at === null ? 'unpaid' : 'paid';
}

export const paymentStateLabel = (state: PaymentState): string => paymentStates.find((s) => s.value === state)?.label ?? state;

export type ContributionFacts = PaymentFacts & {
  is_spam: boolean;
  refunded_amount: number;
  total_amount: number;
  shippable_items: number;
  is_fulfilled: boolean;
  /** The latest dispute of a payment that paid it (open, won or lost), if any. */
  dispute_status?: string | null | undefined;
};

/** The one status a contribution shows; the order of the checks is the precedence. */
export function contributionStatusOf(c: ContributionFacts) {
  if (c.is_spam) return 'spam';
  const payment = paymentStateOf(c);
  if (payment === 'failed') return 'failed';
  if (payment !== 'paid') return 'pending';
  // A card dispute (chargeback) outranks refunds: the money is out until the bank decides.
  if (c.dispute_status === 'open') return 'disputed';
  if (c.dispute_status === 'lost') return 'dispute_lost';
  // Database drivers may hand big integers over as strings.
  const refunded = Number(c.refunded_amount);
  if (refunded > 0 && refunded >= Number(c.total_amount)) return 'refunded';
  if (refunded > 0) return 'partially_refunded';
  if (Number(c.shippable_items) > 0) return c.is_fulfilled ? 'fulfilled' : 'unfulfilled';
  return 'paid';
}

/** The status-history event a payment attempt writes. */
export const paymentEventOf = (state: PaymentState) =>
  (({ paid: 'paid', pending: 'payment_pending', failed: 'payment_failed', unpaid: 'created' }) as const)[state];

export const contributionEvents = [
  { value: 'created', label: 'Created' },
  { value: 'paid', label: 'Paid' },
  { value: 'payment_pending', label: 'Awaiting payment' },
  { value: 'payment_failed', label: 'Payment failed' },
  { value: 'fulfilled', label: 'Marked fulfilled' },
  { value: 'unfulfilled', label: 'Marked unfulfilled' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'partially_refunded', label: 'Partially refunded' },
  { value: 'refund_failed', label: 'Refund failed' },
  { value: 'marked_spam', label: 'Marked as spam' },
  { value: 'unmarked_spam', label: 'Marked as not spam' },
  { value: 'deleted', label: 'Deleted' },
  { value: 'restored', label: 'Restored' },
  { value: 'note', label: 'Note' },
  { value: 'confirmation_sent', label: 'Confirmation e-mail sent again' },
  { value: 'thanked', label: 'Thank-you letter sent' },
  { value: 'disputed', label: 'Disputed by the card holder' },
  { value: 'dispute_won', label: 'Dispute won' },
  { value: 'dispute_lost', label: 'Dispute lost' },
] as const;
export type ContributionEvent = (typeof contributionEvents)[number]['value'];

export const contributionEventLabel = (event: string): string => contributionEvents.find((e) => e.value === event)?.label ?? event;
