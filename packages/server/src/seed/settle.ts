import { atOrgRate } from './money.ts';
import { paymentEventOf, paymentStateOf } from '@almoner/contracts';
import { type contributions } from '../modules/contributions/contributions.tables.ts';
import { contributionStatusHistory } from '../modules/contributions/contribution-history.tables.ts';
import { refunds, transactionFees, type payments } from '../modules/payments/payments.tables.ts';
import { at, DAY } from './context.ts';
import { sandboxRefund } from './sandbox.ts';
import type { Draft } from './world.ts';

type ContributionRow = typeof contributions.$inferInsert;
type PaymentRow = typeof payments.$inferInsert;
type Event = (typeof contributionStatusHistory.$inferInsert)['event'];

const FEE_RATE = 0.02;
const REFUND_REASONS = ['requested_by_customer', 'requested_by_customer', 'duplicate', 'fraudulent'] as const;

/** What happens after the payment: refunds, platform fees, fulfilment, spam and deletion marks, history. */
export function settleAfterPayment(d: Draft, c: ContributionRow, payment: PaymentRow | null): void {
  const paidAt = c.paidAt ? c.paidAt.getTime() : null;
  // The same derivation as the status the list shows: a pending bank payment is not "Paid".
  const event = paymentEventOf(paymentStateOf({ paid_at: c.paidAt ?? null, payment_status: c.paymentStatus ?? null }));
  const reached = event === 'paid' || event === 'payment_pending';
  history(d, c, event, paidAt ?? d.t, reached ? (c.totalAmount as number) : null);
  if (payment?.status === 'succeeded') {
    platformFee(d, payment.id as number, null, payment.amount, d.t);
    maybeRefund(d, c, payment);
  }
  if (paidAt !== null) fulfil(d, c, paidAt);
  if (c.isSpam) {
    c.spamMarkedAt = at(d.t + DAY / 2);
    c.spamMarkedBy = d.world.ctx.staff[0] ?? null;
    history(d, c, 'marked_spam', d.t + DAY / 2, null);
  }
  if (c.deletedAt) history(d, c, 'deleted', c.deletedAt.getTime(), null);
}

/** About 2.5% of gifts are refunded in full and 1.5% in part, within a month. */
function maybeRefund(d: Draft, c: ContributionRow, payment: PaymentRow): void {
  const total = payment.amount;
  if (c.isTest || d.t > d.world.ctx.now - 3 * DAY || total < 500) return;
  const roll = d.rng.next();
  if (roll >= 0.04) return;
  const amount = roll < 0.025 ? total : Math.round((total * d.rng.int(20, 80)) / 100);
  const when = Math.min(d.t + d.rng.int(1, 30) * DAY, d.world.ctx.now - 3_600_000);
  const refundId = d.world.ctx.ids.next(refunds);
  const staff = d.rng.pick(d.world.ctx.staff);
  // Cash and cheques go back by hand: no gateway, so no reference (as refundPayment records them).
  const referenceNumber = payment.gateway === 'offline' ? null : `re_${refundId.toString(36).padStart(10, '0')}`;
  const refund = {
    id: refundId, paymentId: payment.id as number, status: 'succeeded', referenceNumber, amount, currencyCode: payment.currencyCode,
    ...atOrgRate(d.world.ctx, amount, when),
    reason: d.rng.pick(REFUND_REASONS), refundedBy: staff, createdAt: at(when), updatedAt: at(when),
  };
  d.chunk.refunds.push(refund);
  if (amount < total) refundLines(d, refundId, amount);
  if (payment.gateway === 'sandbox') d.chunk.ledger.push(sandboxRefund(refund, payment));
  payment.amountRefunded = amount;
  payment.refunded = amount === total;
  Object.assign(c, { refundedAmount: amount, refundedAt: at(when), refundedBy: staff, refundReference: referenceNumber });
  platformFee(d, null, refundId, -amount, when);
  history(d, c, amount === total ? 'refunded' : 'partially_refunded', when, amount, staff);
}

/**
 * A partial refund gives back whole items first, in order, as staff refunding part of an order
 * would; it is traced to them only when the items can carry all of it (tax and shipping are not
 * items), so the lines always add up to the refund, as refundPayment requires.
 */
function refundLines(d: Draft, refundId: number, amount: number): void {
  const lines: { refundId: number; contributionItemId: number; amount: number }[] = [];
  let left = amount;
  for (const { row } of d.lines) {
    const part = Math.min(left, Number(row.total ?? 0));
    if (part <= 0) continue;
    lines.push({ refundId, contributionItemId: row.id as number, amount: part });
    left -= part;
    if (left === 0) break;
  }
  if (left === 0) d.chunk.refundItems.push(...lines);
}

/** The platform's fee ledger covers electronic payments of the last thirteen months. */
function platformFee(d: Draft, paymentId: number | null, refundId: number | null, amount: number, when: number): void {
  const gateway = d.channel.paymentType;
  if (gateway !== 'card' && gateway !== 'bank' && gateway !== 'paypal') return;
  if (when < d.world.ctx.now - 395 * DAY) return;
  const period = new Date(when).toISOString().slice(0, 7);
  const billed = period < new Date(d.world.ctx.now).toISOString().slice(0, 7);
  const fee = Math.round(amount * FEE_RATE);
  d.chunk.fees.push({
    id: d.world.ctx.ids.next(transactionFees), period, status: billed ? 'billed' : 'pending', paymentId, refundId,
    sourceAmount: amount, rate: FEE_RATE.toFixed(4), amount: fee, currencyCode: d.world.ctx.currency, exchangeRate: '1',
    settlementAmount: fee, settlementCurrencyCode: d.world.ctx.currency,
    description: refundId ? 'Platform fee reversed (refund)' : 'Platform fee', createdAt: at(when),
  });
}

/** Shippable orders are packed within days; the last week's are mostly still waiting. */
function fulfil(d: Draft, c: ContributionRow, paidAt: number): void {
  if (!c.shippableItems || c.refundedAmount === c.totalAmount) return;
  const recent = paidAt > d.world.ctx.now - 7 * DAY;
  if (!d.rng.chance(recent ? 0.3 : 0.96)) return;
  const when = Math.min(paidAt + d.rng.int(1, 5) * DAY, d.world.ctx.now - 3_600_000);
  c.isFulfilled = true;
  c.fulfilledAt = at(when);
  history(d, c, 'fulfilled', when, null, d.rng.pick(d.world.ctx.staff));
}

function history(d: Draft, c: ContributionRow, event: Event, when: number, amount: number | null, userId: number | null = null): void {
  d.chunk.history.push({
    id: d.world.ctx.ids.next(contributionStatusHistory), contributionId: c.id as number, event, amount, occurredAt: at(when),
    userId: userId ?? (c.isPos && event === 'paid' ? (c.createdBy ?? null) : null),
  });
}
