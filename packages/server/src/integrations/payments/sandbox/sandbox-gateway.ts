import type { Queryable } from '../../../db/client.ts';
import type { PaymentGateway } from '../gateway.ts';
import { SANDBOX_ACH_CURRENCIES, sandboxCharge, sandboxDebitAch } from './sandbox-payments.ts';
import { sandboxSavePaymentMethod } from './sandbox-methods.ts';
import { sandboxFetchPayment, sandboxRefund } from './sandbox-refunds.ts';

export type SandboxOptions = { now?: () => Date };

/**
 * The built-in gateway: behaves like a real one (declines, CVC failures, reviews, pending bank
 * debits, partial refunds, idempotency keys) and keeps its own ledger in the database, which
 * tests and a curious administrator can read. Each operation lives beside its kind of entry:
 * charges and debits, refunds and lookups, saved methods.
 */
export function createSandboxGateway(db: Queryable, { now = () => new Date() }: SandboxOptions = {}): PaymentGateway {
  const context = { db, now };
  return {
    name: 'sandbox',
    achCurrencies: SANDBOX_ACH_CURRENCIES,
    charge: (request) => sandboxCharge(context, request),
    debitAch: (request) => sandboxDebitAch(context, request),
    refund: (request) => sandboxRefund(context, request),
    fetchPayment: (reference) => sandboxFetchPayment(context, reference),
    savePaymentMethod: (request) => sandboxSavePaymentMethod(context, request),
  };
}
