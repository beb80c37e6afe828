import { z } from 'zod';
import { RECEIPT_STATUSES } from './receipts.ts';

/**
 * The transaction modal (spec part 2 §2, §7, §8): a transaction is one payment as the gateway
 * took it. Every action answers `{ status, message }`; a status other than 'success' is shown
 * as an error toast with the message.
 */
export const transactionMessages = {
  confirmRefund: 'Are you sure you want to refund the entire amount of this transaction?',
  alreadyRefunded: (id: number, date: string, auth: string) => `Transaction #${id} was already refunded on ${date} (Auth: ${auth}).`,
  nothingToRefund: (id: number) => `Transaction #${id} has no refundable amount.`,
  notSettled: (id: number) => `Transaction #${id} has not settled: there is no money to refund yet.`,
  refunded: (id: number, amount: string) => `Transaction #${id} has been refunded (${amount}).`,
  refundedByHand: (id: number, amount: string) => `Transaction #${id} has been recorded as refunded (${amount}); return the money by hand.`,
  refundFailed: (id: number, why: string) => `Refund failed for Transaction #${id}: ${why}.`,
  noReceiptable: (id: number) => `Transaction #${id} paid nothing that can be receipted.`,
  statusUnchanged: (id: number, status: string) => `Transaction #${id} is still ${status} at the gateway.`,
  statusChanged: (id: number, from: string, to: string) => `Transaction #${id} changed from ${from} to ${to}.`,
  refundsSettled: (id: number, refunds: readonly { reference: string; status: string }[]) =>
    `Transaction #${id}: ${refunds.map((r) => `refund ${r.reference} ${r.status === 'succeeded' ? 'went through' : 'failed, and the money stays with the gift'}`).join('; ')}.`,
  offlineStatus: (id: number) => `Transaction #${id} was paid offline: there is no gateway to ask.`,
  notFound: 'This transaction does not exist.',
} as const;

export const transactionAnswerSchema = z.object({ status: z.enum(['success', 'error']), message: z.string() });
export type TransactionAnswer = z.infer<typeof transactionAnswerSchema>;

export const transactionDetailSchema = z.object({
  id: z.number(),
  type: z.string(),
  status: z.string(),
  gateway: z.string().nullable(),
  reference_number: z.string().nullable(),
  amount: z.number(),
  amount_refunded: z.number(),
  currency_code: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
  created_at: z.string(),
  contributions: z.array(z.object({ id: z.number(), number: z.string() })),
  receipts: z.array(z.object({ id: z.number(), number: z.string().nullable(), status: z.enum(RECEIPT_STATUSES) })),
  refunds: z.array(z.object({ id: z.number(), amount: z.number(), status: z.string(), reference_number: z.string().nullable(), created_at: z.string() })),
  can: z.object({ issue_tax_receipt: z.boolean(), refund: z.boolean(), refresh_payment_status: z.boolean() }),
});
export type TransactionDetail = z.infer<typeof transactionDetailSchema>;
