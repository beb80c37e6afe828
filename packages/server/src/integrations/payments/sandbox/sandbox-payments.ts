import { achAccountSchema, gatewayAchCurrencies, gatewayMessages, type AchAccount } from '@almoner/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { GatewayError, type AchDebitRequest, type ChargeRequest, type GatewayPayment } from '../gateway.ts';
import { checkAmount, checkKey } from './sandbox-checks.ts';
import { findReplay, newReference, recordOnce, requestHash, type SandboxContext } from './sandbox-ledger.ts';
import { ACH_SETTLEMENT_DAYS, accountOutcome, chargeResult, sandboxFee } from './sandbox-outcomes.ts';
import { sandboxSources } from './sandbox.tables.ts';

/** The sandbox's charges: a card capture token or saved method, and a bank debit by account. */
export async function sandboxCharge({ db, now }: SandboxContext, request: ChargeRequest): Promise<GatewayPayment> {
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
      fee: sandboxFee(bank ? 'bank' : 'card', request.amount, status),
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
}

export async function sandboxDebitAch({ db, now }: SandboxContext, request: AchDebitRequest): Promise<GatewayPayment> {
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
      fee: sandboxFee('bank', request.amount, status),
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
}

/**
 * US debits go by ABA routing number; Canadian pre-authorised debits by transit and institution.
 * The same list the payment dialog offers the Bank tab by (contracts gatewayAchCurrencies).
 */
export const SANDBOX_ACH_CURRENCIES = gatewayAchCurrencies.sandbox;

function checkAchCurrency(currency: string, account: AchAccount): void {
  if (!SANDBOX_ACH_CURRENCIES.includes(currency)) throw new GatewayError('invalid_request', gatewayMessages.achCurrency, 'currency');
  if (currency === 'CAD' && account.transit_number === undefined) throw new GatewayError('invalid_request', gatewayMessages.transitNumber, 'transit_number');
  if (currency === 'USD' && account.routing_number === undefined) throw new GatewayError('invalid_request', gatewayMessages.routingNumber, 'routing_number');
}

