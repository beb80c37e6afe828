import {
  type PermissionHolder,
  type TransactionAnswer,
  type TransactionDetail,
  formatContributionNumber,
  formatDate,
  formatMoney,
  hasPermission,
  receiptMessages,
  refundRefusalText,
  toDecimal,
  transactionMessages,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { GatewayError, type GatewayPayment, gatewayOfPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { pendingRefundsOf, settleRefund } from '../payments/refund-settlement.service.ts';
import { refundPayment } from '../payments/refunds.service.ts';
import { createReceiptForContribution } from '../receipts/receipts.service.ts';
import { recordEvents } from '../domain-events/domain-events.service.ts';

type Row = Record<string, unknown>;
const iso = (v: unknown) => new Date(v as string).toISOString();
const ok = (message: string): TransactionAnswer => ({ status: 'success', message });
const error = (message: string): TransactionAnswer => ({ status: 'error', message });

async function loadPayment(q: Db | Tx, id: number, lock = false): Promise<Row> {
  const [payment] = await queryRows(q, sql`select * from payments where id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!payment) throw new AppError('not_found', transactionMessages.notFound);
  return payment;
}

/** What the transaction modal shows: the payment, what it paid, its receipts and refunds, and what the user may do. */
export async function getTransaction(db: Db, id: number, user: PermissionHolder): Promise<TransactionDetail> {
  const p = await loadPayment(db, id);
  const currency = String(p.currency_code);
  const [contributions, receipts, refunds] = await Promise.all([
    queryRows(db, sql`select c.id, c.invoice_number, c.client_uuid, c.paid_at from contributions c
                       where c.id in (select contribution_id from payment_links where payment_id = ${id}) order by c.id`),
    queryRows(db, sql`select distinct r.id, r.number, r.status from tax_receipts r join tax_receipt_lines l on l.tax_receipt_id = r.id
                       where r.deleted_at is null and l.contribution_id in (select contribution_id from payment_links where payment_id = ${id}) order by r.id`),
    queryRows(db, sql`select id, amount, status, reference_number, created_at from refunds where payment_id = ${id} order by id`),
  ]);
  const left = Number(p.amount) - Number(p.amount_refunded);
  const liveReceipt = receipts.some((r) => r.status !== 'void');
  return {
    id,
    type: String(p.type),
    status: String(p.status),
    gateway: (p.gateway as string | null) ?? null,
    reference_number: (p.reference_number as string | null) ?? null,
    amount: toDecimal(String(p.amount), currency),
    amount_refunded: toDecimal(String(p.amount_refunded), currency),
    currency_code: currency,
    card_brand: (p.card_brand as string | null) ?? null,
    card_last4: (p.card_last4 as string | null) ?? null,
    created_at: iso(p.created_at),
    contributions: contributions.map((c) => ({ id: Number(c.id), number: formatContributionNumber(c as never) })),
    receipts: receipts.map((r) => ({ id: Number(r.id), number: (r.number as string | null) ?? null, status: r.status as 'draft' | 'issued' | 'void' })),
    refunds: refunds.map((r) => ({ id: Number(r.id), amount: toDecimal(String(r.amount), currency), status: String(r.status), reference_number: (r.reference_number as string | null) ?? null, created_at: iso(r.created_at) })),
    can: {
      issue_tax_receipt: hasPermission(user, 'taxreceipt.edit') && p.status === 'succeeded' && left > 0 && !liveReceipt,
      refund: hasPermission(user, 'transaction.refund') && p.status === 'succeeded' && left > 0,
      refresh_payment_status: hasPermission(user, 'transaction.refund') && p.gateway !== null && p.gateway !== 'offline',
    },
  };
}

/** Issues the receipts of the contributions the payment paid (those without a live one). */
export async function issueTransactionReceipt(tx: Tx, id: number, actorId: number): Promise<TransactionAnswer> {
  const payment = await loadPayment(tx, id);
  if (payment.status !== 'succeeded') return error(transactionMessages.noReceiptable(id));
  const rows = await queryRows(tx, sql`select contribution_id from payment_links where payment_id = ${id} and contribution_id is not null order by contribution_id`);
  const numbers: string[] = [];
  for (const row of rows) {
    try {
      const receipt = await createReceiptForContribution(tx, Number(row.contribution_id), { issue: true, actorId });
      numbers.push(String(receipt.number));
    } catch (e) {
      if (e instanceof AppError && rows.length === 1) return error(e.message);
      if (!(e instanceof AppError)) throw e;
    }
  }
  if (numbers.length === 0) return error(transactionMessages.noReceiptable(id));
  return ok(numbers.map((n) => receiptMessages.issued(n)).join(' '));
}

/**
 * Refunds what is left of the payment, in full, through the shared refund service (gateway or,
 * for offline payments, recorded by hand). The payment's row lock makes two clicks one refund:
 * the second finds nothing left and says when it was refunded.
 */
export async function refundTransaction(tx: Tx, id: number, actorId: number): Promise<TransactionAnswer> {
  await loadPayment(tx, id);
  const result = await refundPayment(tx, { paymentId: id, reason: 'requested_by_customer', actorId });
  if (result.ok) {
    const p = await loadPayment(tx, id);
    const amount = formatMoney(result.amount, String(p.currency_code));
    return ok(result.byHand ? transactionMessages.refundedByHand(id, amount) : transactionMessages.refunded(id, amount));
  }
  if (result.refusal.reason === 'nothing_left') {
    const [last] = await queryRows(tx, sql`select created_at, coalesce(reference_number, 'manual') as auth from refunds
                                           where payment_id = ${id} and status = 'succeeded' order by id desc limit 1`);
    if (!last) return error(transactionMessages.nothingToRefund(id));
    return error(transactionMessages.alreadyRefunded(id, formatDate(iso(last.created_at)), String(last.auth)));
  }
  if (result.refusal.reason === 'not_settled') return error(transactionMessages.notSettled(id));
  return error(transactionMessages.refundFailed(id, refundRefusalText(result.refusal)));
}

/**
 * Asks the payment's gateway for its status now and records it: the payment's status and
 * failure, and the contributions it paid (paid when it settled, failed when it failed).
 */
export async function refreshPaymentStatus(tx: Tx, id: number, actorId: number): Promise<TransactionAnswer> {
  const payment = await loadPayment(tx, id, true);
  if (payment.gateway === null || payment.gateway === 'offline') return error(transactionMessages.offlineStatus(id));
  const name = String(payment.gateway);
  const gateway = gatewayOfPayment(tx, name);
  if (!gateway || !payment.reference_number) return error(transactionMessages.refundFailed(id, refundRefusalText({ reason: 'no_gateway', gateway: name })).replace('Refund failed', 'Status refresh failed'));
  let answer;
  try {
    answer = await gateway.fetchPayment(String(payment.reference_number));
  } catch (e) {
    if (e instanceof GatewayError) return error(refundRefusalText({ reason: 'unknown_at_gateway', gateway: name }));
    throw e;
  }
  const from = String(payment.status);
  const refunds = await refreshPendingRefunds(tx, gateway, id, actorId);
  if (answer.status === from) return ok(refunds.length ? transactionMessages.refundsSettled(id, refunds) : transactionMessages.statusUnchanged(id, from));
  await applyPaymentStatus(tx, id, answer, actorId);
  return ok(transactionMessages.statusChanged(id, from, answer.status));
}

/**
 * Asks the gateway about each refund of the payment still pending and settles those it says are
 * done (settleRefund: once, whoever tells it first, Stripe's event or this). Answers what settled.
 */
async function refreshPendingRefunds(tx: Tx, gateway: PaymentGateway, paymentId: number, actorId: number): Promise<{ reference: string; status: string }[]> {
  if (!gateway.fetchRefund) return [];
  const settled: { reference: string; status: string }[] = [];
  for (const reference of await pendingRefundsOf(tx, paymentId)) {
    const refund = await gateway.fetchRefund(reference).catch((e: unknown) => {
      if (e instanceof GatewayError) return null;
      throw e;
    });
    if (!refund || refund.status === 'pending') continue;
    if ((await settleRefund(tx, { reference, outcome: refund.status, failureReason: refund.failureReason ?? null, actorId })) === 'settled') settled.push({ reference, status: refund.status });
  }
  return settled;
}

/**
 * Records a payment's new status as its gateway tells it (a refresh staff asked for, or Stripe's
 * event): the payment's status and failure, the contributions it paid (paid when it settled,
 * failed when it failed), their history event and, once paid, the contribution.paid event.
 */
export async function applyPaymentStatus(
  tx: Tx,
  id: number,
  answer: Pick<GatewayPayment, 'status' | 'outcome' | 'failureCode' | 'failureMessage'>,
  actorId: number | null,
): Promise<void> {
  await tx.execute(sql`update payments set status = ${answer.status}, outcome = ${answer.outcome}, failure_code = ${answer.failureCode},
                         failure_message = ${answer.failureMessage}, paid = ${answer.status === 'succeeded'},
                         captured_at = case when ${answer.status} = 'succeeded' then coalesce(captured_at, now()) else captured_at end,
                         updated_at = now() where id = ${id}`);
  const paid = await queryRows(tx, sql`
    update contributions c set payment_status = ${answer.status},
           paid_at = case when ${answer.status} = 'succeeded' then coalesce(c.paid_at, now()) else c.paid_at end, updated_at = now()
     where c.id in (select contribution_id from payment_links where payment_id = ${id})
     returning c.id, c.supporter_id, c.total_amount, c.currency_code`);
  const event = answer.status === 'succeeded' ? 'paid' : answer.status === 'failed' ? 'payment_failed' : 'payment_pending';
  await tx.execute(sql`insert into contribution_status_history (contribution_id, event, user_id)
                       select id, ${event}, ${actorId} from contributions where id in (select contribution_id from payment_links where payment_id = ${id})`);
  if (answer.status === 'succeeded') {
    await recordEvents(tx, 'contribution.paid', paid.map((c) => ({
      contribution_id: Number(c.id),
      supporter_id: c.supporter_id === null ? null : Number(c.supporter_id),
      total: { amount: toDecimal(String(c.total_amount), String(c.currency_code)), currency: String(c.currency_code) },
    })));
  }
}
