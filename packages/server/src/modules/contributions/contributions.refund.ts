import { type ContributionRefundInput, contributionRefundMessages as m, contributionNumber, contributionRefundSchema, formatMoney, refundRefusalText, toDecimal, toMinor } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { refundPayment } from '../payments/refunds.service.ts';

/** The payment a contribution's refund draws on: its first settled payment (the page shows what is left of it). */
export const refundablePaymentSql = (contributionId: SQL) => sql`
  select p.id, (p.amount - p.amount_refunded)::bigint as left from payments p join payment_links l on l.payment_id = p.id
   where l.contribution_id = ${contributionId} and p.status = 'succeeded' order by p.id limit 1`;

export type ContributionRefundAnswer = { message: string; refunded_amount: number };

/** A refusal the caller throws once the transaction is committed: a gateway's refusal leaves a "Refund failed" event that must stay. */
export type ContributionRefundOutcome = ContributionRefundAnswer | { refused: AppError };

/**
 * A full or partial refund from a contribution's page (incumbent §7 "Order refund"), through the
 * shared refund service, which asks the gateway, records the refund, voids the receipts and
 * refreshes lifetime giving. It refunds the contribution's first settled payment (as the
 * incumbent does); the limit is what is left of it. The payment's row lock (taken by the service)
 * makes two clicks one refund: the second finds less left and is refused.
 */
export async function refundContribution(tx: Tx, id: number, input: ContributionRefundInput, actorId: number): Promise<ContributionRefundOutcome> {
  const body = contributionRefundSchema.parse(input);
  const [c] = await queryRows(tx, sql`select id, currency_code, total_amount::bigint as total, refunded_amount::bigint as refunded
    from contributions where id = ${id} and deleted_at is null for update`);
  if (!c) throw new AppError('not_found', 'This contribution does not exist.');
  const number = contributionNumber(id);
  const currency = String(c.currency_code);
  const total = Number(c.total);
  if (total > 0 && Number(c.refunded) >= total) throw new AppError('conflict', m.alreadyRefunded(number));
  const [payment] = await queryRows(tx, refundablePaymentSql(sql`${id}`));
  if (!payment) throw new AppError('conflict', m.noPayment(number));
  const left = Number(payment.left);
  if (left <= 0) throw new AppError('conflict', m.alreadyRefunded(number));
  const amount = body.refund_type === 'full' ? left : customAmount(body.amount, currency, total, left);
  const result = await refundPayment(tx, { paymentId: Number(payment.id), amount, reason: 'requested_by_customer', actorId });
  if (!result.ok) return { refused: new AppError('conflict', m.failed(number, refundRefusalText(result.refusal))) };
  const text = formatMoney(result.amount, currency);
  return { message: result.byHand ? m.refundedByHand(number, text) : m.refunded(number, text), refunded_amount: toDecimal(result.amount, currency) };
}

/** The typed amount in minor units, within (0, what is left]; each refusal in the incumbent's words. */
function customAmount(amount: number | undefined, currency: string, total: number, left: number): number {
  let minor: number;
  try {
    minor = toMinor(amount ?? 0, currency);
  } catch (error) {
    throw fieldError('amount', error instanceof RangeError ? error.message : String(error));
  }
  if (minor <= 0) throw fieldError('amount', m.mustBePositive(currency));
  if (minor > total) throw fieldError('amount', m.exceedsTotal(formatMoney(total, currency)));
  if (minor > left) throw fieldError('amount', m.exceedsLeft(formatMoney(left, currency)));
  return minor;
}
