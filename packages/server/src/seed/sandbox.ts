import type { GatewayPayment, GatewayRefund } from '../integrations/payments/gateway.ts';
import { requestHash } from '../integrations/payments/sandbox/sandbox-ledger.ts';
import type { payments, refunds } from '../modules/payments/payments.tables.ts';
import type { sandboxLedger } from '../integrations/payments/sandbox/sandbox.tables.ts';
import { ACH_SETTLEMENT_DAYS } from '../integrations/payments/sandbox/sandbox-outcomes.ts';
import { DAY } from './context.ts';

type PaymentRow = typeof payments.$inferInsert;
type RefundRow = typeof refunds.$inferInsert;
type LedgerRow = typeof sandboxLedger.$inferInsert;

/**
 * The sandbox gateway's ledger entry for a demo payment taken through it: the same row, the
 * same stored answer and request fingerprint the gateway writes when it charges (written in
 * bulk, since a demo of a million payments cannot wait for a million gateway calls). With it
 * the gateway knows every demo payment, so refunds of demo data go through it like any other.
 */
export function sandboxCharge(p: PaymentRow): LedgerRow {
  const kind = p.type === 'bank' ? 'ach_debit' : 'charge';
  const status = p.status as 'succeeded' | 'pending' | 'failed';
  const createdAt = (p.createdAt ?? new Date()).toISOString();
  const answer: GatewayPayment = {
    reference: String(p.referenceNumber),
    type: p.type === 'bank' ? 'bank' : 'card',
    status,
    outcome: status === 'failed' ? 'issuer_declined' : 'authorized',
    amount: p.amount,
    amountRefunded: 0,
    currency: p.currencyCode ?? 'USD',
    failureCode: p.failureCode ?? null,
    failureMessage: p.failureMessage ?? null,
    card:
      p.type === 'card'
        ? { brand: p.cardBrand ?? 'unknown', last4: p.cardLast4 ?? '0000', expMonth: p.cardExpMonth ?? 0, expYear: p.cardExpYear ?? 0, cvcCheck: p.cardCvcCheck === 'fail' ? 'fail' : 'pass' }
        : null,
    bank: p.type === 'bank' ? { last4: p.bankLast4 ?? '0000', accountType: p.bankAccountType ?? 'checking' } : null,
    fee: p.gatewayFeeAmount ?? 0,
    createdAt,
  };
  return {
    reference: answer.reference,
    kind,
    idempotencyKey: `demo-payment-${String(p.id)}`,
    requestHash: requestHash(kind, { amount: p.amount, currency: answer.currency, payment: p.id }),
    sourceReference: null,
    amount: p.amount,
    currency: answer.currency,
    status,
    outcome: answer.outcome,
    failureCode: answer.failureCode,
    failureMessage: answer.failureMessage,
    description: p.description ?? null,
    answer,
    // A pending debit settles as a real one would, counted from when it was made.
    settlesAt: status === 'pending' && p.createdAt ? new Date(p.createdAt.getTime() + ACH_SETTLEMENT_DAYS * DAY) : null,
    createdAt: p.createdAt,
  };
}

/** The sandbox's entry for a demo refund of one of its payments. */
export function sandboxRefund(r: RefundRow, payment: PaymentRow): LedgerRow {
  const answer: GatewayRefund = {
    reference: String(r.referenceNumber),
    paymentReference: String(payment.referenceNumber),
    status: 'succeeded',
    amount: r.amount,
    currency: r.currencyCode ?? 'USD',
    createdAt: (r.createdAt ?? new Date()).toISOString(),
  };
  return {
    reference: answer.reference,
    kind: 'refund',
    idempotencyKey: `demo-refund-${String(r.id)}`,
    requestHash: requestHash('refund', { payment: answer.paymentReference, amount: r.amount, currency: answer.currency, reason: r.reason ?? undefined }),
    paymentReference: answer.paymentReference,
    amount: r.amount,
    currency: answer.currency,
    status: 'succeeded',
    description: r.reason ?? null,
    answer,
    createdAt: r.createdAt,
  };
}
