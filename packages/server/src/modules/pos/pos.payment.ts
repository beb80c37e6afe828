import { bankAccountFormSchema, fieldErrors, paymentFormMessages, posCompleteMessages, type AchAccount, type PosCompleteRequest, type PosPaymentType } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { convertToOrgCurrency, MissingRateError } from '../money/money.convert.ts';

/** The payments.type of each POS payment type (free has no payment row). */
export const PAYMENT_ROW_TYPE: Record<Exclude<PosPaymentType, 'free'>, string> = {
  credit_card: 'card',
  bank_account: 'bank',
  payment_method: 'card',
  cash: 'cash',
  check: 'cheque',
  other: 'unknown',
};

/** What a gateway type will charge: a capture token, a saved method's token, or bank details. */
export type GatewaySource =
  | {
      kind: 'token';
      source: string;
      paymentMethodId: number | null;
      methodType: string;
      /** A saved method's own gateway (the one that keeps its token) and its customer there. */
      keeper?: string | null | undefined;
      customer?: string | null | undefined;
    }
  | { kind: 'ach'; holderType: string | null; account: AchAccount }
  /** A bank account the gateway's own fields took (Stripe.js): only its method's id reaches Almoner. */
  | { kind: 'bank_method'; holderType: string | null; paymentMethod: string };

/** A declined card or failed debit: the request rolls back, the attempt is recorded after. */
export class PaymentDeclined extends Error {
  constructor(
    readonly payment: GatewayPayment,
    message = payment.failureMessage ?? posCompleteMessages.unknown,
  ) {
    super(message);
  }
}

/**
 * The card's bank asks the donor, who is at the counter, to confirm the payment (3-D Secure):
 * the completion rolls back with nothing paid, and answers the challenge for the screen.
 */
export class PaymentNeedsAuthentication extends Error {
  constructor(
    readonly reference: string,
    readonly clientSecret: string,
    /** What the intent is for, stored as the order's pending intent (storePendingIntent). */
    readonly amount: number,
    readonly currency: string,
  ) {
    super(posCompleteMessages.authenticate);
  }
}

/** A payment left waiting for the donor's challenge; any other failure is a decline. */
export function refusalOf(payment: GatewayPayment, declinedMessage?: string): Error {
  if (payment.needsAuthentication && payment.clientSecret) return new PaymentNeedsAuthentication(payment.reference, payment.clientSecret, payment.amount, payment.currency);
  return new PaymentDeclined(payment, declinedMessage);
}

/**
 * The idempotency key of a gateway attempt: the order's client_uuid and how many attempts have
 * failed before it. A repeat of a request (double submit, retry after a dropped connection)
 * finds the same count and so the same key: the gateway answers what it answered the first
 * time and charges nothing more. A decline is recorded (a failed `payments` row), so the next
 * attempt, with a new card, has a new key and can charge. Every payment linked to an unpaid
 * order is such a finished attempt: a decline, an abandoned or cancelled one, or one taken and
 * given back (pos.unkept-payments.ts), so all of them count.
 */
export async function attemptKey(q: Queryable, contributionId: number, clientUuid: string): Promise<string> {
  const [row] = await queryRows(q, sql`
    select count(*)::int as n from payment_links l join payments p on p.id = l.payment_id
     where l.contribution_id = ${contributionId}`);
  return `pos:${clientUuid}:${Number(row?.n ?? 0)}`;
}

/** What an order's payment is asked for with: the order's total, its words for people and its metadata (posOrderMetadata). */
export type OrderCharge = { idempotencyKey: string; amount: number; currency: string; description: string; metadata: Record<string, string> };

function chargeOnce(gateway: PaymentGateway, source: GatewaySource, request: OrderCharge): Promise<GatewayPayment> {
  if (source.kind === 'token') return gateway.charge({ ...request, source: source.source, customer: source.customer ?? null });
  if (source.kind === 'ach') {
    if (!gateway.debitAch) throw fieldError('account_number', posCompleteMessages.bankNumbersRefused);
    return gateway.debitAch({ ...request, account: source.account });
  }
  if (!gateway.debitBankMethod) throw fieldError('payment_type', posCompleteMessages.bankMethodGateway);
  return gateway.debitBankMethod({ ...request, paymentMethod: source.paymentMethod });
}

/** Charges the gateway once for this attempt; a refusal of the request itself answers its message. */
export async function chargeGateway(gateway: PaymentGateway, source: GatewaySource, request: OrderCharge): Promise<GatewayPayment> {
  try {
    const payment = await chargeOnce(gateway, source, request);
    if (payment.status === 'failed') throw refusalOf(payment);
    return payment;
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // The same key with other details: an earlier attempt's outcome is unknown to us, so this
    // one must not charge (it could be a second charge); the same details again will resolve it.
    if (error.code === 'idempotency_reused') throw fieldError('payment_type', posCompleteMessages.attemptInProgress);
    throw fieldError(error.field === 'token' || error.field === 'source' ? 'token' : 'payment_type', error.message);
  }
}

/**
 * The metadata a point-of-sale charge carries at the gateway: the order's id, which is how a
 * payment read back later (after the donor's 3-D Secure challenge) is known to be this order's.
 */
export const posOrderMetadata = (orderId: number): Record<string, string> => ({ almoner_contribution_id: String(orderId) });

/**
 * The words a point-of-sale charge is asked with, for people (Stripe's dashboard, the donor's
 * statement). They carry the order's client_uuid, unique across installs: an intent brought in
 * from Stripe's event alone must name this install's order, not only its id (pos.gateway-events.ts).
 */
export const posPaymentDescription = (clientUuid: string): string => `Payment for Contribution #${clientUuid}`;

/** The order a gateway payment's metadata names (posOrderMetadata), or null when it names none. */
export function posOrderOf(metadata: Record<string, string> | null | undefined): number | null {
  const id = metadata?.almoner_contribution_id;
  return id && /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647 ? Number(id) : null;
}

/**
 * Stores the payment the donor's bank is asked about (3-D Secure) as the order's pending intent,
 * once: a browser closed mid-challenge then leaves it known, and the order's next attempt
 * settles it first (pos.pending-intents.ts). Written after the completion rolled back.
 */
export async function storePendingIntent(tx: Tx, orderId: number, gateway: string, pending: { reference: string; amount: number; currency: string }): Promise<void> {
  await tx.execute(sql`insert into pos_pending_intents (contribution_id, gateway, reference, amount, currency_code)
    values (${orderId}, ${gateway}, ${pending.reference}, ${pending.amount}, ${pending.currency}) on conflict (gateway, reference) do nothing`);
}

/** An intent recorded on the order (paid with, let go of, declined) is pending no more. */
export async function forgetPendingIntent(q: Queryable, gateway: string, reference: string): Promise<void> {
  await q.execute(sql`delete from pos_pending_intents where gateway = ${gateway} and reference = ${reference}`);
}

type PaymentRow = {
  contributionId: number;
  supporterId: number | null;
  type: string;
  status: string;
  amount: number;
  currency: string;
  gateway: string;
  paymentMethodId: number | null;
  gatewayPayment: GatewayPayment | null;
  chequeNumber?: string | null;
  chequeDate?: string | null;
  holderType?: string | null;
  description: string;
};

/** Inserts the payment and its link to the contribution; returns its id. */
export async function insertPayment(tx: Tx, row: PaymentRow): Promise<number> {
  const functional = await functionalOrNull(tx, row.amount, row.currency);
  const g = row.gatewayPayment;
  const paid = row.status === 'succeeded';
  const [payment] = await queryRows(tx, sql`
    insert into payments (type, status, amount, currency_code, functional_amount, functional_rate, functional_rate_date, paid, captured,
                          captured_at, reference_number, description, failure_code, failure_message, outcome, supporter_id,
                          payment_method_id, gateway, card_brand, card_last4, card_exp_month, card_exp_year, card_cvc_check,
                          bank_last4, bank_account_type, bank_account_holder_type, cheque_number, cheque_date, gateway_fee_amount)
    values (${row.type}, ${row.status}, ${row.amount}, ${row.currency}, ${functional?.amount ?? null}, ${functional?.rate ?? null},
            ${functional?.rateDate ?? null}, ${paid}, ${paid}, ${paid ? new Date() : null}, ${g?.reference ?? null}, ${row.description},
            ${g?.failureCode ?? null}, ${g?.failureMessage ?? null}, ${g?.outcome ?? null}, ${row.supporterId}, ${row.paymentMethodId},
            ${row.gateway}, ${g?.card?.brand ?? null}, ${g?.card?.last4 ?? null}, ${g?.card?.expMonth ?? null}, ${g?.card?.expYear ?? null},
            ${g?.card?.cvcCheck ?? null}, ${g?.bank?.last4 ?? null}, ${g?.bank?.accountType ?? null}, ${row.holderType ?? null},
            ${row.chequeNumber ?? null}, ${row.chequeDate ?? null}, ${g?.fee ?? null})
    returning id`);
  const id = Number(payment?.id);
  await tx.execute(sql`insert into payment_links (payment_id, contribution_id) values (${id}, ${row.contributionId})`);
  return id;
}

/** A payment's amount in the organisation currency; a missing rate leaves it for the rates job. */
async function functionalOrNull(tx: Tx, amount: number, currency: string) {
  try {
    return await convertToOrgCurrency(tx, { amount, currency, at: new Date() });
  } catch (error) {
    if (error instanceof MissingRateError) return null;
    throw error;
  }
}

/**
 * Records a declined attempt after the completion rolled back: a failed payment linked to the
 * order (so the next attempt gets a new idempotency key) and the gateway's words on the order.
 * Once per gateway reference: concurrent repeats of one declined request record it once.
 */
export async function recordDecline(
  tx: Tx,
  order: { id: number; supporterId: number | null; currency: string; total: number },
  declined: PaymentDeclined,
  gateway: string,
  paymentMethodId: number | null,
): Promise<void> {
  await tx.execute(sql`select id from contributions where id = ${order.id} for update`);
  const g = declined.payment;
  await forgetPendingIntent(tx, gateway, g.reference);
  const [seen] = await queryRows(tx, sql`select id from payments where reference_number = ${g.reference} and gateway = ${gateway}`);
  if (seen) return;
  await insertPayment(tx, {
    contributionId: order.id,
    supporterId: order.supporterId,
    type: g.type,
    status: 'failed',
    amount: g.amount,
    currency: g.currency,
    gateway,
    paymentMethodId,
    gatewayPayment: g,
    description: 'Point of sale payment attempt',
  });
  await tx.execute(sql`update contributions set response_text = ${(g.failureMessage ?? '').slice(0, 255)}, updated_at = now() where id = ${order.id}`);
}

/**
 * The bank details of the request, checked by the same rules as the Bank tab (contracts
 * `bankAccountFormSchema`), every field's error at once: a Canadian cheque's transit and
 * institution numbers in CAD, an ABA routing number otherwise. Whether the gateway debits
 * accounts in this currency is asked of the gateway itself (`achCurrencies`, see checkBankSource).
 */
export function achSource(input: PosCompleteRequest, currency: string): GatewaySource {
  if (input.token) return bankMethodSource(input);
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null));
  const checked = bankAccountFormSchema.safeParse({ ...given, currency, ach_agree_tos: input.ach_agree_tos ?? true });
  if (!checked.success) {
    const errors = Object.fromEntries(Object.entries(fieldErrors(checked.error)).map(([field, message]) => [field, [message]]));
    throw new AppError('validation', Object.values(errors)[0]![0]!, errors);
  }
  const bank = checked.data;
  const base = { account_number: bank.account_number, account_type: bank.account_type, account_holder_name: bank.account_holder_name };
  const account: AchAccount =
    currency === 'CAD'
      ? { ...base, transit_number: bank.transit_number ?? '', institution_number: bank.institution_number ?? '' }
      : { ...base, routing_number: bank.routing_number ?? '' };
  return { kind: 'ach', holderType: bank.account_holder_type, account };
}

/**
 * A bank account typed into Stripe's fields: Stripe.js made the method, so no account details
 * come here (any sent are refused, never stored). The cashier's authorisation box is still the
 * donor's mandate, so it must be ticked.
 */
function bankMethodSource(input: PosCompleteRequest): GatewaySource {
  const numbers = (['routing_number', 'transit_number', 'institution_number', 'account_number'] as const).filter((field) => input[field]);
  if (numbers.length) throw fieldError(numbers[0]!, posCompleteMessages.bankMethodGateway);
  if (!input.ach_agree_tos) throw fieldError('ach_agree_tos', paymentFormMessages.achAgreement);
  if (!/^pm_\w+$/.test(input.token ?? '')) throw fieldError('token', posCompleteMessages.bankMethodGateway);
  return { kind: 'bank_method', holderType: input.account_holder_type ?? null, paymentMethod: input.token ?? '' };
}

/**
 * Refuses, before the gateway is asked, a bank payment it cannot take: routing and account
 * numbers where the gateway takes accounts in its own fields only (Stripe: the numbers never go
 * further), or a currency it does not debit.
 */
export function checkBankSource(gateway: PaymentGateway, source: GatewaySource, currency: string): void {
  if (source.kind === 'ach' && !gateway.debitAch) throw fieldError('account_number', posCompleteMessages.bankNumbersRefused);
  if (source.kind !== 'token' && !gateway.achCurrencies.includes(currency)) throw fieldError('payment_type', posCompleteMessages.bankCurrency(currency));
}
