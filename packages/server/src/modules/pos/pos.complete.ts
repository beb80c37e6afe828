import { createHash } from 'node:crypto';
import { currencyDigits, posCompleteMessages, posMessages, toDecimal, toMinor, type PosAuthenticateAnswer, type PosCompleteAnswer, type PosCompletedPayment, type PosCompleteRequest, type PosCompleteResponse, type PosPaymentType } from '@almoner/contracts';
import { sendConfirmationIfDue } from '../contributions/contributions.confirmation.ts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { decrypt, encrypt } from '../auth/crypto.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { saveMethodAtGateway } from '../payments/saved-methods.service.ts';
import { AuthenticationRequired, GatewayError, type GatewayPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { loadPosOrder } from './pos.order-view.ts';
import { checkBeforePayment, loadItems, lockOrder, type ItemRow, type OrderRow } from './pos.complete.checks.ts';
import {
  countPromoUse,
  createRecurringProfiles,
  createSponsors,
  createTributes,
  grantDownloads,
  grantMemberships,
  issueReceiptIfDue,
  takeOrderStock,
} from './pos.complete.effects.ts';
import { checkSaveAsSupporter, ensureSupporter } from './pos.complete.supporter.ts';
import { cancelOpenAttempts, confirmedPayment, PaymentNotKept, recordLetGo } from './pos.unkept-payments.ts';
import {
  achSource,
  attemptKey,
  chargeGateway,
  checkBankSource,
  insertPayment,
  PAYMENT_ROW_TYPE,
  PaymentDeclined,
  PaymentNeedsAuthentication,
  posOrderMetadata,
  posPaymentDescription,
  recordDecline,
  storePendingIntent,
  forgetPendingIntent,
  type GatewaySource,
} from './pos.payment.ts';
import { queueLeftIntents, settlePendingIntents, type TakenIntent } from './pos.pending-intents.ts';

/**
 * Completing a point-of-sale order: payment of every type, exactly once.
 *
 * Design. Everything happens in ONE transaction that starts by locking the order's row
 * (`select … for update`):
 *   1. lock the order; an order already paid answers what its completion answered (and applies
 *      mark_as_complete) without going near the gateway;
 *   2. the spec's checks (§5), then stock is taken (takeStock locks the variants' rows): an
 *      item out of stock aborts here, before anything is charged;
 *   3. the gateway is asked, with an idempotency key made of the order's client_uuid and the
 *      number of attempts that failed before (see attemptKey);
 *   4. the payment row, the paid and numbered order, recurring profiles, sponsors, tributes,
 *      memberships, downloads, promo use, the receipt and the `contribution.paid` event are
 *      written, and the whole is committed at once.
 * Two completes of one order (double submit, two tabs, Promise.all) queue on the row lock; the
 * second finds the order paid and answers the same. A crash or a dropped connection between
 * the gateway's answer and the commit rolls back our side only: the charge exists at the
 * gateway. The retry finds the order unpaid, takes the stock again, asks the gateway with the
 * same key and gets the first charge's answer back (the gateway's idempotency), so it records
 * that one charge and charges nothing more; if no retry ever comes, Stripe's
 * payment_intent.succeeded completes the order through this same code on its last try
 * (pos.gateway-events.ts). A decline rolls everything back (stock included) and is then recorded as a failed payment in its own transaction, which moves the attempt
 * count on: the next card gets a new key and can be charged, while a repeat of the declined
 * request is answered by the gateway as before. A different card under a key whose outcome we
 * never learnt is refused by the gateway (the key's request differs) rather than charged.
 *
 * The gateway is an outside party: its effects must not roll back with ours. Real gateways are
 * HTTP; the sandbox is given its own connection pool on PostgreSQL (see pos.complete.routes.ts).
 * PGlite has a single connection, so there the sandbox works inside our transaction (a
 * savepoint) and a rolled-back completion takes its ledger row with it.
 */

export type CompleteDeps = {
  db: Db;
  appKey: Buffer;
  /**
   * The organisation's gateway, or `keeper` (a saved method's own gateway, whatever is chosen
   * now), working through `tx` or its own connection (see above).
   */
  gateway: (tx: Tx, keeper?: string | null) => Promise<PaymentGateway>;
  /**
   * Runs after the gateway charged and before commit. Only the test harness sets one, on its own
   * app's deps (a crash to simulate there); the server's deps have none.
   */
  afterCharge?: (() => void | Promise<void>) | undefined;
};

/**
 * What the completion's own transaction needs (completeInTransaction). The app key only unseals a
 * saved method or seals a card being saved; a completion from Stripe's event (pos.gateway-events.ts)
 * does neither and has none to give.
 */
export type TransactionDeps = Pick<CompleteDeps, 'gateway' | 'afterCharge'> & { appKey: Buffer | null };

const sealingKey = (deps: TransactionDeps): Buffer => {
  if (!deps.appKey) throw new Error('A saved payment method needs the app key');
  return deps.appKey;
};

/** What the gateway types charge, from the request (a saved method must be the supporter's and ACTIVE). */
async function gatewaySource(tx: Tx, deps: TransactionDeps, order: OrderRow, type: PosPaymentType, input: PosCompleteRequest): Promise<GatewaySource | null> {
  if (type === 'credit_card') return { kind: 'token', source: input.token ?? '', paymentMethodId: null, methodType: 'card' };
  if (type === 'bank_account') return achSource(input, order.currency_code);
  if (type !== 'payment_method') return null;
  const [method] = input.payment_method && order.supporter_id
    ? await queryRows(tx, sql`select id, token, type, gateway, gateway_customer from payment_methods
        where id = ${input.payment_method} and supporter_id = ${order.supporter_id} and status = 'ACTIVE' and deleted_at is null`)
    : [];
  if (!method?.token) throw fieldError('payment_method', posCompleteMessages.methodNotFound);
  return {
    kind: 'token',
    source: decrypt(sealingKey(deps), String(method.token)),
    paymentMethodId: Number(method.id),
    methodType: String(method.type),
    keeper: (method.gateway as string | null) ?? null,
    customer: (method.gateway_customer as string | null) ?? null,
  };
}

export async function completePosOrder(deps: CompleteDeps, actor: Actor, id: number, input: PosCompleteRequest): Promise<PosCompleteAnswer> {
  try {
    // What a browser closed mid-challenge left pending at the gateway is settled first, in its own transaction (pos.pending-intents.ts).
    const taken = await withActor(deps.db, actor, (tx) => settlePendingIntents(tx, actor, id, input));
    const supporterMessage = await withActor(deps.db, actor, (tx) => completeInTransaction(tx, deps, actor, id, input, taken));
    // Read after commit: the row lock is held no longer than the payment needs, and every
    // completion of the order (first, repeat, concurrent) reads the same committed order.
    const answered = await answer(deps.db, id);
    return supporterMessage ? { ...answered, supporter_message: supporterMessage } : answered;
  } catch (error) {
    if (error instanceof ChallengeAsked) {
      const { challenge } = error;
      await withActor(deps.db, actor, async (tx) => {
        await storePendingIntent(tx, id, error.gateway, challenge);
        // Another completion paid the order while the bank asked: the challenge is let go of rather than left to charge twice.
        await queueLeftIntents(tx, id);
      });
      return authenticateAnswer(deps.db, id, challenge.clientSecret, { payment_intent: challenge.reference, setup_intent: null });
    }
    // Nothing was saved or charged: the card is saved once its bank confirmed the set-up (the web completes again naming it).
    if (error instanceof SetupNeedsAuthentication) return authenticateAnswer(deps.db, id, error.clientSecret, { payment_intent: null, setup_intent: error.reference });
    if (error instanceof PaymentNotKept) {
      await withActor(deps.db, actor, (tx) => recordLetGo(tx, id, error.letGo, actor.userId));
      throw fieldError('payment_intent', error.message);
    }
    if (!(error instanceof DeclinedAttempt)) throw error;
    await withActor(deps.db, actor, async (tx) => {
      await recordDecline(tx, error.order, error.declined, error.gateway, error.paymentMethodId);
      // A failed 3-D Secure challenge leaves Stripe's intent open: cancelled now it is recorded (see pos.unkept-payments.ts).
      await cancelOpenAttempts(tx, id);
    });
    throw fieldError('payment_type', error.declined.message);
  }
}

/** The bank's challenge for the screen (of the payment, or of the card's set-up): the completion rolled back, so the order is open and unpaid. */
async function authenticateAnswer(db: Db, id: number, clientSecret: string, intent: { payment_intent: string | null; setup_intent: string | null }): Promise<PosAuthenticateAnswer> {
  const order = await loadPosOrder(db, id);
  if (!order) throw new AppError('not_found', posMessages.orderNotFound);
  return { status: 'authenticate', message: posCompleteMessages.authenticate, order, authenticate: { client_secret: clientSecret, ...intent } };
}

/** The bank asks the donor to confirm the card being saved (a SetupIntent waiting in requires_action): nothing is saved or charged yet. */
class SetupNeedsAuthentication extends Error {
  constructor(
    readonly reference: string,
    readonly clientSecret: string,
  ) {
    super(posCompleteMessages.authenticate);
  }
}

/** The bank's challenge on its way out of the rolled-back transaction, with the gateway that asks it (stored as the order's pending intent). */
class ChallengeAsked extends Error {
  constructor(
    readonly challenge: PaymentNeedsAuthentication,
    readonly gateway: string,
  ) {
    super(challenge.message);
  }
}

/** A decline on its way out of the rolled-back transaction, with what recording it needs. */
class DeclinedAttempt extends Error {
  constructor(
    readonly declined: PaymentDeclined,
    readonly order: { id: number; supporterId: number | null; currency: string; total: number },
    readonly gateway: string,
    readonly paymentMethodId: number | null,
  ) {
    super(declined.message);
  }
}

/**
 * The completion itself, inside the caller's transaction. Gift batches post each of their
 * cheques and cash gifts through it (modules/batches), so a batch gift is recorded exactly as a
 * POS sale paid by cheque or cash is: payment, receipt, lifetime giving and `contribution.paid`.
 * Answers what the cashier is told of the donor (saved, linked), if anything.
 */
export async function completeInTransaction(tx: Tx, deps: TransactionDeps, actor: Actor, id: number, input: PosCompleteRequest, taken: TakenIntent | null = null): Promise<string | null> {
  const order = await lockOrder(tx, id);
  if (!order) throw new AppError('not_found', posMessages.orderNotFound);
  if (order.paid_at) {
    if (input.mark_as_complete) await markFulfilled(tx, id);
    return null;
  }
  const items = await loadItems(tx, id);
  const { type, checkDate } = checkBeforePayment(order, items, input);
  checkSaveAsSupporter(order, input.save_as_supporter);
  let source = await gatewaySource(tx, deps, order, type, input);
  await takeOrderStock(tx, order, items, actor.userId);

  let charged: GatewayPayment | null = null;
  let gatewayName = 'offline';
  if (source) {
    // A saved method is charged where it is kept (a Stripe card stays at Stripe when the sandbox is chosen later); a taken intent is read where it was made.
    const gateway = await deps.gateway(tx, taken ? taken.gateway : source.kind === 'token' ? source.keeper : null);
    gatewayName = gateway.name;
    checkBankSource(gateway, source, order.currency_code);
    // What earlier failed challenges left open at the gateway is cancelled before another card is tried.
    if (!input.payment_intent) await cancelOpenAttempts(tx, id);
    const idempotencyKey = await attemptKey(tx, id, order.client_uuid);
    const request = {
      idempotencyKey,
      amount: order.total_amount,
      currency: order.currency_code,
      // The description is for people (Stripe's dashboard, the donor's statement); the metadata ties the payment to this order.
      description: posPaymentDescription(order.client_uuid),
      metadata: posOrderMetadata(order.id),
    };
    try {
      const confirmed = input.payment_intent ?? taken?.reference;
      // The card is saved before it is charged; after a payment challenge, only if its set-up was confirmed (the set-up is then read back, not made again).
      // A recurring gift's card is kept whether or not the cashier ticked the box: the schedule
      // charges the renewals to it, and a profile with no method could never be billed.
      const keep = input.save_payment_method || items.some((i) => i.recurring_frequency !== null);
      const saving = keep && type === 'credit_card' && order.supporter_id !== null && !taken && (!confirmed || input.setup_intent !== null);
      if (saving) source = await saveMethod(tx, deps, gateway, order, source, idempotencyKey, input.setup_intent);
      if (confirmed) {
        // The donor confirmed the payment with their bank (now, or before their browser closed): it is read back, never charged again.
        charged = await confirmedPayment(tx, gateway, confirmed, request);
      } else {
        charged = await chargeGateway(gateway, source, request);
      }
    } catch (error) {
      if (error instanceof PaymentNeedsAuthentication) throw new ChallengeAsked(error, gatewayName);
      if (!(error instanceof PaymentDeclined)) throw error;
      const methodId = source.kind === 'token' ? source.paymentMethodId : null;
      throw new DeclinedAttempt(error, { id, supporterId: order.supporter_id, currency: order.currency_code, total: order.total_amount }, gatewayName, methodId);
    }
    await deps.afterCharge?.();
  }
  // Paid with a taken intent, the order keeps no saved method of this request's.
  return recordPaid(tx, actor, order, items, input, { type, checkDate, charged, gatewayName, source: taken ? null : source });
}

/**
 * Keeps the card for the supporter: the gateway turns the capture token into a reusable method
 * (under a key of its own for this attempt and card, so a retry saves it once and another card
 * after a refused set-up is not taken for a changed retry) and the charge then uses it. A bank
 * that asks the donor to confirm the card first answers its challenge (SetupNeedsAuthentication);
 * the completion naming that set-up (`setupIntent`) then keeps the card only if the bank confirmed it.
 */
async function saveMethod(tx: Tx, deps: TransactionDeps, gateway: PaymentGateway, order: OrderRow, source: GatewaySource, key: string, setupIntent: string | null): Promise<GatewaySource> {
  if (source.kind !== 'token') return source;
  const request = { supporterId: Number(order.supporter_id), token: source.source, idempotencyKey: `save:${key}:${createHash('sha256').update(source.source).digest('base64url').slice(0, 16)}`, setupReference: setupIntent ?? undefined };
  const saved = await saveMethodAtGateway(tx, gateway, request).catch((error: unknown) => {
    if (error instanceof AuthenticationRequired) throw new SetupNeedsAuthentication(error.setupReference, error.clientSecret);
    throw error instanceof GatewayError ? fieldError('token', error.message) : error;
  });
  const brand = saved.brand.charAt(0).toUpperCase() + saved.brand.slice(1);
  const [row] = await queryRows(tx, sql`
    insert into payment_methods (supporter_id, status, display_name, token, type, card_brand, account_last_four, card_expiry_month,
                                 card_expiry_year, currency_code, gateway, gateway_customer)
    values (${order.supporter_id}, 'ACTIVE', ${`${brand} ending in ${saved.last4}`}, ${encrypt(sealingKey(deps), saved.reference)}, 'card',
            ${saved.brand}, ${saved.last4}, ${saved.expMonth}, ${saved.expYear}, ${order.currency_code}, ${saved.gateway}, ${saved.customer})
    returning id`);
  return { kind: 'token', source: saved.reference, paymentMethodId: Number(row?.id), methodType: 'card', keeper: saved.gateway, customer: saved.customer };
}

/** Payments taken by hand: nothing is kept that a later renewal could be charged to. */
const OFFLINE_TYPES: ReadonlySet<PosPaymentType> = new Set(['cash', 'check', 'other']);

type Paid = { type: PosPaymentType; checkDate: string | null; charged: GatewayPayment | null; gatewayName: string; source: GatewaySource | null };

async function recordPaid(tx: Tx, actor: Actor, order: OrderRow, items: ItemRow[], input: PosCompleteRequest, paid: Paid): Promise<string | null> {
  const donor = await ensureSupporter(tx, order, items, input.save_as_supporter);
  const supporterId = donor.id;
  const methodId = paid.source?.kind === 'token' ? paid.source.paymentMethodId : null;
  const rowType = paid.type === 'free' ? null : paid.charged?.type ?? PAYMENT_ROW_TYPE[paid.type];
  const status = paid.type === 'free' ? null : (paid.charged?.status ?? 'succeeded');
  const cash = paid.type === 'cash';
  const check = paid.type === 'check';
  const other = paid.type === 'other';
  const minor = (v: number) => toMinor(v.toFixed(currencyDigits(order.currency_code)), order.currency_code);
  if (paid.type !== 'free') {
    await insertPayment(tx, {
      contributionId: order.id,
      supporterId,
      type: rowType ?? 'unknown',
      status: status ?? 'succeeded',
      amount: order.total_amount,
      currency: order.currency_code,
      gateway: paid.gatewayName,
      paymentMethodId: methodId,
      gatewayPayment: paid.charged,
      chequeNumber: check ? input.check_number : null,
      chequeDate: check ? paid.checkDate : null,
      holderType: paid.source && paid.source.kind !== 'token' ? paid.source.holderType : null,
      description: posPaymentDescription(order.client_uuid),
    });
  }
  if (paid.charged) await forgetPendingIntent(tx, paid.gatewayName, paid.charged.reference);
  const card = paid.charged?.card ?? null;
  await tx.execute(sql`
    update contributions set
      invoice_number = client_uuid, paid_at = now(), confirmation_number = ${paid.charged?.reference ?? null},
      supporter_id = ${supporterId}, payment_type = ${rowType}, payment_status = ${status}, payment_gateway = ${paid.type === 'free' ? null : paid.gatewayName},
      payment_method_id = ${methodId}, payment_card_brand = ${card?.brand ?? null}, payment_card_last4 = ${card?.last4 ?? paid.charged?.bank?.last4 ?? null},
      cash_received = ${cash ? minor(input.cash_received) : null}, cash_change = ${cash ? minor(input.cash_change) : null},
      check_number = ${check ? input.check_number : null}, check_date = ${check ? paid.checkDate : null}, check_amount = ${check ? minor(input.check_amt) : null},
      payment_other_reference = ${other ? input.payment_other_reference : null}, payment_other_note = ${other ? input.payment_other_note : null},
      send_confirmation_emails = ${input.send_confirmation_emails}, response_text = null, updated_at = now()
    where id = ${order.id}`);
  await tx.execute(sql`insert into contribution_status_history (contribution_id, event, amount, user_id)
    values (${order.id}, ${status === 'pending' ? 'payment_pending' : 'paid'}, ${order.total_amount}, ${actor.userId})`);
  await countPromoUse(tx, order);
  await createRecurringProfiles(tx, order, items, supporterId, methodId, OFFLINE_TYPES.has(paid.type));
  await createSponsors(tx, items, supporterId, actor.userId);
  await createTributes(tx, order);
  await grantMemberships(tx, order, supporterId);
  await grantDownloads(tx, order);
  await issueReceiptIfDue(tx, order, actor.userId);
  await sendConfirmationIfDue(tx, order.id);
  // The donor's lifetime giving counts this gift from now (the one derivation refunds use too).
  if (supporterId) await refreshSupporterGiving(tx, sql`select ${supporterId}::int as supporter_id`);
  // A bank debit still settling is not paid yet: its settlement (Stripe's event, or Refresh) records the event then, once.
  if (status !== 'pending') {
    await recordEvent(tx, 'contribution.paid', {
      contribution_id: order.id,
      supporter_id: supporterId,
      total: { amount: toDecimal(order.total_amount, order.currency_code), currency: order.currency_code },
    });
  }
  if (input.mark_as_complete) await markFulfilled(tx, order.id);
  // Any other intent of the order still pending (an abandoned challenge) is let go of at the gateway now the order is paid.
  await queueLeftIntents(tx, order.id);
  return donor.message;
}

async function markFulfilled(tx: Tx, id: number): Promise<void> {
  const rows = await queryRows(tx, sql`update contributions set is_fulfilled = true, fulfilled_at = now(), updated_at = now()
    where id = ${id} and not is_fulfilled returning id`);
  if (rows.length) await tx.execute(sql`insert into contribution_status_history (contribution_id, event, user_id) values (${id}, 'fulfilled', null)`);
}

/** The answer of a completed order; the same for every completion of it. */
export async function answer(q: Queryable, id: number): Promise<PosCompleteResponse> {
  const [order, payment] = await Promise.all([loadPosOrder(q, id), completedPayment(q, id)]);
  if (!order) throw new AppError('not_found', posMessages.orderNotFound);
  return { status: 'success', message: posCompleteMessages.complete(payment.invoicenumber ?? order.client_uuid), order, payment };
}

async function completedPayment(q: Queryable, id: number): Promise<PosCompletedPayment> {
  const [c] = await queryRows(q, sql`
    select invoice_number, currency_code, payment_type, payment_status, is_fulfilled,
           cash_received::bigint as cash_received, cash_change::bigint as cash_change
      from contributions where id = ${id}`);
  if (!c) throw new AppError('not_found', posMessages.orderNotFound);
  const currency = String(c.currency_code);
  const money = (v: unknown) => (v === null || v === undefined ? null : toDecimal(String(v), currency));
  return {
    invoicenumber: (c.invoice_number as string | null) ?? null,
    payment_type: (c.payment_type as string | null) ?? null,
    payment_status: (c.payment_status as string | null) ?? null,
    is_fulfilled: Boolean(c.is_fulfilled),
    cash_received: money(c.cash_received),
    cash_change: money(c.cash_change),
  };
}
