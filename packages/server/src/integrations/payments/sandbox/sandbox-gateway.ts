import { achAccountSchema, gatewayAchCurrencies, gatewayMessages, type AchAccount } from '@almoner/contracts';
import { and, eq, inArray, isNull, or, sql, sum } from 'drizzle-orm';
import type { Db, Queryable } from '../../../db/client.ts';
import {
  GatewayError,
  type AchDebitRequest,
  type ChargeRequest,
  type GatewayPayment,
  type GatewayRefund,
  type PaymentGateway,
  type RefundRequest,
  type SavedPaymentMethod,
} from '../gateway.ts';
import { checkAmount, checkKey } from './sandbox-checks.ts';
import { findReplay, newReference, recordOnce, requestHash, type LedgerRow } from './sandbox-ledger.ts';
import { ACH_SETTLEMENT_DAYS, accountOutcome, chargeResult } from './sandbox-outcomes.ts';
import { sandboxLedger, sandboxSources } from './sandbox.tables.ts';

export type SandboxOptions = { now?: () => Date };

/**
 * The built-in gateway: behaves like a real one (declines, CVC failures, reviews, pending bank
 * debits, partial refunds, idempotency keys) and keeps its own ledger in the database, which
 * tests and a curious administrator can read.
 */
export function createSandboxGateway(db: Db, { now = () => new Date() }: SandboxOptions = {}): PaymentGateway {
  /** A pending debit has settled once its settlement time has passed. */
  const effective = (payment: GatewayPayment, row: LedgerRow): GatewayPayment =>
    payment.status === 'pending' && row.settlesAt && row.settlesAt <= now() ? { ...payment, status: 'succeeded' } : payment;

  const refundedSoFar = async (tx: Queryable, reference: string) => {
    const [row] = await tx
      .select({ total: sum(sandboxLedger.amount) })
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.paymentReference, reference), eq(sandboxLedger.kind, 'refund'), eq(sandboxLedger.status, 'succeeded')));
    return Number(row?.total ?? 0);
  };

  return {
    name: 'sandbox',
    achCurrencies: SANDBOX_ACH_CURRENCIES,

    charge: async (request: ChargeRequest) => {
      checkKey(request.idempotencyKey);
      checkAmount(request.amount, request.currency);
      const hash = requestHash('charge', { amount: request.amount, currency: request.currency, source: request.source, description: request.description });
      return db.transaction(async (tx) => {
        const replay = await findReplay(tx, request.idempotencyKey, hash);
        if (replay) return replay as GatewayPayment;
        const [source] = await tx.select().from(sandboxSources).where(eq(sandboxSources.reference, request.source));
        // Capture tokens are cards; a saved method (pm_) may also be a bank account, debited.
        const bank = source?.type === 'bank' && source.reusable;
        if (!source || (source.type !== 'card' && !bank)) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'source');
        if (bank && !SANDBOX_ACH_CURRENCIES.includes(request.currency)) throw new GatewayError('invalid_request', gatewayMessages.achCurrency, 'currency');
        const result = chargeResult(source.outcome);
        const status = bank && result.status === 'succeeded' ? 'pending' : result.status;
        const reference = newReference(bank ? 'py' : 'ch');
        const answer: GatewayPayment = {
          reference,
          type: bank ? 'bank' : 'card',
          status,
          outcome: result.outcome,
          amount: request.amount,
          amountRefunded: 0,
          currency: request.currency,
          failureCode: result.failureCode,
          failureMessage: result.failureMessage,
          card: bank ? null : { brand: source.brand ?? 'unknown', last4: source.last4, expMonth: source.expMonth ?? 0, expYear: source.expYear ?? 0, cvcCheck: result.cvcCheck },
          // A bank source keeps its account type where a card keeps its brand.
          bank: bank ? { last4: source.last4, accountType: source.brand ?? 'checking' } : null,
          createdAt: now().toISOString(),
        };
        // The key is claimed first: a concurrent retry waits here and then answers the same.
        const recorded = await recordOnce(tx, {
          reference,
          kind: bank ? 'ach_debit' : 'charge',
          idempotencyKey: request.idempotencyKey,
          requestHash: hash,
          sourceReference: source.reference,
          amount: request.amount,
          currency: request.currency,
          status,
          settlesAt: status === 'pending' ? new Date(now().getTime() + ACH_SETTLEMENT_DAYS * 86_400_000) : null,
          outcome: result.outcome,
          failureCode: result.failureCode,
          failureMessage: result.failureMessage,
          description: request.description ?? null,
          answer,
        });
        if (!recorded.inserted) return recorded.answer as GatewayPayment;
        // A capture token is good for one charge, whatever its outcome; saved methods for many.
        const consumed = await tx
          .update(sandboxSources)
          .set({ consumedAt: now() })
          .where(
            and(
              eq(sandboxSources.id, source.id),
              or(eq(sandboxSources.reusable, true), and(isNull(sandboxSources.consumedAt), sql`${sandboxSources.expiresAt} > ${now().toISOString()}`)),
            ),
          )
          .returning({ id: sandboxSources.id });
        if (!consumed.length) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'source');
        return answer;
      });
    },

    debitAch: async (request: AchDebitRequest) => {
      checkKey(request.idempotencyKey);
      checkAmount(request.amount, request.currency);
      const parsed = achAccountSchema.safeParse(request.account);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new GatewayError('invalid_request', issue?.message ?? gatewayMessages.accountNumber, String(issue?.path[0] ?? 'account_number'));
      }
      const account = parsed.data;
      checkAchCurrency(request.currency, account);
      const hash = requestHash('ach_debit', { amount: request.amount, currency: request.currency, ...account, description: request.description });
      return db.transaction(async (tx) => {
        const replay = await findReplay(tx, request.idempotencyKey, hash);
        if (replay) return replay as GatewayPayment;
        const result = chargeResult(accountOutcome(account.account_number));
        const status = result.status === 'succeeded' ? 'pending' : 'failed';
        const reference = newReference('py');
        const answer: GatewayPayment = {
          reference,
          type: 'bank',
          status,
          outcome: result.outcome,
          amount: request.amount,
          amountRefunded: 0,
          currency: request.currency,
          failureCode: result.failureCode,
          failureMessage: result.failureMessage,
          card: null,
          bank: { last4: account.account_number.slice(-4), accountType: account.account_type },
          createdAt: now().toISOString(),
        };
        const settlesAt = new Date(now().getTime() + ACH_SETTLEMENT_DAYS * 86_400_000);
        const recorded = await recordOnce(tx, {
          reference,
          kind: 'ach_debit',
          idempotencyKey: request.idempotencyKey,
          requestHash: hash,
          amount: request.amount,
          currency: request.currency,
          status,
          outcome: result.outcome,
          failureCode: result.failureCode,
          failureMessage: result.failureMessage,
          description: request.description ?? null,
          answer,
          settlesAt: status === 'pending' ? settlesAt : null,
        });
        return recorded.answer as GatewayPayment;
      });
    },

    refund: async (request: RefundRequest) => {
      checkKey(request.idempotencyKey);
      checkAmount(request.amount, request.currency);
      const hash = requestHash('refund', { payment: request.paymentReference, amount: request.amount, currency: request.currency, reason: request.reason });
      return db.transaction(async (tx) => {
        // Lock the payment first: refunds of one payment run one at a time, so two of them can
        // never both fit into what is left.
        const [payment] = await tx
          .select()
          .from(sandboxLedger)
          .where(and(eq(sandboxLedger.reference, request.paymentReference), inArray(sandboxLedger.kind, ['charge', 'ach_debit'])))
          .for('update');
        const replay = await findReplay(tx, request.idempotencyKey, hash);
        if (replay) return replay as GatewayRefund;
        if (!payment) throw new GatewayError('not_found', gatewayMessages.paymentNotFound, 'payment_reference');
        if (effective(payment.answer as GatewayPayment, payment).status !== 'succeeded') {
          throw new GatewayError('invalid_request', gatewayMessages.notRefundable, 'payment_reference');
        }
        if (payment.currency !== request.currency) throw new GatewayError('invalid_request', gatewayMessages.currency, 'currency');
        if (request.amount > payment.amount - (await refundedSoFar(tx, payment.reference))) {
          throw new GatewayError('invalid_request', gatewayMessages.refundTooLarge, 'amount');
        }
        const reference = newReference('re');
        const answer: GatewayRefund = {
          reference,
          paymentReference: payment.reference,
          status: 'succeeded',
          amount: request.amount,
          currency: request.currency,
          createdAt: now().toISOString(),
        };
        const recorded = await recordOnce(tx, {
          reference,
          kind: 'refund',
          idempotencyKey: request.idempotencyKey,
          requestHash: hash,
          paymentReference: payment.reference,
          amount: request.amount,
          currency: request.currency,
          status: 'succeeded',
          description: request.reason ?? null,
          answer,
        });
        return recorded.answer as GatewayRefund;
      });
    },

    fetchPayment: async (reference: string) => {
      const [row] = await db
        .select()
        .from(sandboxLedger)
        .where(and(eq(sandboxLedger.reference, reference), inArray(sandboxLedger.kind, ['charge', 'ach_debit'])));
      if (!row) throw new GatewayError('not_found', gatewayMessages.paymentNotFound, 'payment_reference');
      return { ...effective(row.answer as GatewayPayment, row), amountRefunded: await refundedSoFar(db, reference) };
    },

    savePaymentMethod: async ({ token, idempotencyKey }) => {
      checkKey(idempotencyKey);
      const hash = requestHash('payment_method', { token });
      return db.transaction(async (tx) => {
        const [source] = await tx.select().from(sandboxSources).where(eq(sandboxSources.reference, token));
        if (!source || source.type !== 'card' || source.reusable) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'token');
        const [saved] = await tx
          .insert(sandboxSources)
          .values({ ...source, id: undefined, reference: newReference('pm'), reusable: true, idempotencyKey, requestHash: hash, consumedAt: null, expiresAt: null, createdAt: undefined })
          .onConflictDoNothing({ target: sandboxSources.idempotencyKey })
          .returning();
        const method = saved ?? (await tx.select().from(sandboxSources).where(eq(sandboxSources.idempotencyKey, idempotencyKey)))[0];
        if (!method || method.requestHash !== hash) throw new GatewayError('idempotency_reused', gatewayMessages.idempotencyReused, 'idempotency_key');
        if (saved) {
          const consumed = await tx
            .update(sandboxSources)
            .set({ consumedAt: now() })
            .where(and(eq(sandboxSources.id, source.id), isNull(sandboxSources.consumedAt), sql`${sandboxSources.expiresAt} > ${now().toISOString()}`))
            .returning({ id: sandboxSources.id });
          if (!consumed.length) throw new GatewayError('invalid_request', gatewayMessages.tokenInvalid, 'token');
        }
        return toSavedMethod(method);
      });
    },
  };
}

/**
 * US debits go by ABA routing number; Canadian pre-authorised debits by transit and institution.
 * The same list the payment dialog offers the Bank tab by (contracts gatewayAchCurrencies).
 */
const SANDBOX_ACH_CURRENCIES = gatewayAchCurrencies.sandbox;

function checkAchCurrency(currency: string, account: AchAccount): void {
  if (!SANDBOX_ACH_CURRENCIES.includes(currency)) throw new GatewayError('invalid_request', gatewayMessages.achCurrency, 'currency');
  if (currency === 'CAD' && account.transit_number === undefined) throw new GatewayError('invalid_request', gatewayMessages.transitNumber, 'transit_number');
  if (currency === 'USD' && account.routing_number === undefined) throw new GatewayError('invalid_request', gatewayMessages.routingNumber, 'routing_number');
}

function toSavedMethod(row: typeof sandboxSources.$inferSelect): SavedPaymentMethod {
  return { reference: row.reference, type: 'card', brand: row.brand ?? 'unknown', last4: row.last4, expMonth: row.expMonth ?? 0, expYear: row.expYear ?? 0 };
}
