import { randomUUID } from 'node:crypto';
import { recurringMessages, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { queryRows } from '../../listing/engine.ts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from '../../integrations/payments/index.ts';
import { decrypt } from '../auth/crypto.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { convertToOrgCurrency } from '../money/money.convert.ts';
import { insertPayment } from '../pos/pos.payment.ts';
import { issueReceiptOnCompletion } from '../receipts/receipts.completion.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { mailCardLink } from './recurring.card-link.ts';
import { addDays, anchorDayOf, nextBillingDate, RETRY_AFTER_DAYS } from './recurring.schedule.ts';

/**
 * The recurring batch: charges every Active profile whose billing day has come, one profile per
 * transaction. How a charge is made safe:
 *   1. the profile row is locked and checked to be still due (a second run, or a second worker,
 *      waits on the lock and then finds the date moved on: it skips);
 *   2. the gateway is asked with the key `recurring:{profile}:{billing date}:{failed attempts}`:
 *      one key per period and attempt, so a rerun of the same attempt can never charge twice;
 *   3. the charge (contribution, its item, payment, recurring transaction) and the advanced
 *      profile are written and committed together.
 * A crash between the gateway's answer and the commit rolls back our side only: the next run
 * finds the profile still due, asks with the same key, gets the first charge back from the
 * gateway's idempotency and records it, once. A decline is recorded (failed payment and
 * transaction), which moves the attempt count on: the retry RETRY_AFTER_DAYS later has a new
 * key; after max_failed_payments declines in a row the profile is Suspended.
 *
 * The charge goes to the gateway that keeps the saved method (a Stripe card stays at Stripe when
 * the organisation later chooses another gateway), off-session: the donor is not there. When
 * the donor's bank wants them to authenticate it (Stripe's authentication_required), retrying
 * cannot help: the attempt is recorded as failed, the profile waits for the donor
 * (authentication_required_at, shown as needing attention and no longer due), and the donor is
 * mailed their update-card link once; completing it clears the wait for the next run.
 */

export type BillingDeps = {
  appKey: Buffer;
  /** Where the donor's "update your card" link points (the app's public address); no link without one. */
  linkBase?: string | undefined;
  /**
   * The gateway that keeps a saved method (by the name stored with it; null for a method saved
   * before that was kept: the organisation's chosen gateway), working through `tx` (PGlite) or a
   * connection of its own.
   */
  gateway: (tx: Tx, name: string | null) => Promise<PaymentGateway>;
  /**
   * Runs after the gateway answered and before commit. Only the test harness passes one (a crash
   * to simulate there); the job's own deps (billingDepsFor) have none.
   */
  afterCharge?: (() => void | Promise<void>) | undefined;
};

export type BillingOutcome = 'charged' | 'declined' | 'skipped';

const DUE = sql`rp.status = 'Active' and not rp.is_manual and not rp.is_locked and rp.deleted_at is null and rp.next_billing_date is not null
  and rp.authentication_required_at is null`;

/** Profiles due on `today` (yyyy-mm-dd), oldest due first. */
export async function dueProfileIds(q: Queryable, today: string): Promise<number[]> {
  const rows = await queryRows(q, sql`select rp.id from recurring_payment_profiles rp
    where ${DUE} and coalesce(rp.next_attempt_date, rp.next_billing_date) <= ${today}::date order by coalesce(rp.next_attempt_date, rp.next_billing_date), rp.id`);
  return rows.map((r) => Number(r.id));
}

type Profile = {
  id: number;
  profile_id: string;
  supporter_id: number | null;
  contribution_item_id: number | null;
  payment_method_id: number | null;
  currency_code: string;
  total: number;
  amount: number;
  dcc_amount: number;
  billing_period: string;
  recurring_day: number | null;
  start_date: string;
  next_billing_date: string;
  num_cycles_remaining: number | null;
  failed_payment_count: number;
  max_failed_payments: number;
  description: string | null;
  /** Already waiting for the donor to authenticate (staff's "charge now" of a held gift). */
  waiting: boolean;
};

/**
 * Which profile rows a run may charge: the batch takes those due by `today`; staff's "charge
 * now" takes one Active profile (manual ones too) whose next billing date is still the one they
 * saw, so a second click, or a batch run in between, finds the date moved on and charges nothing.
 */
export type BillingWhen = { due: string } | { billingDate: string };

const chargeable = (when: BillingWhen) =>
  'due' in when
    ? sql`${DUE} and coalesce(rp.next_attempt_date, rp.next_billing_date) <= ${when.due}::date`
    : sql`rp.status = 'Active' and not rp.is_locked and rp.deleted_at is null and rp.next_billing_date = ${when.billingDate}::date`;

async function lockDue(tx: Tx, id: number, when: BillingWhen): Promise<Profile | null> {
  const [p] = await queryRows(tx, sql`
    select rp.id, rp.profile_id, rp.supporter_id, rp.contribution_item_id, rp.payment_method_id, rp.currency_code,
           (rp.amount + rp.dcc_amount + rp.shipping_amount + rp.tax_amount)::bigint as total, rp.amount::bigint as amount, rp.dcc_amount::bigint as dcc_amount,
           rp.billing_period, rp.recurring_day, rp.start_date::text as start_date, rp.next_billing_date::text as next_billing_date,
           rp.num_cycles_remaining, rp.failed_payment_count, rp.max_failed_payments, rp.description,
           rp.authentication_required_at is not null as waiting
      from recurring_payment_profiles rp
     where rp.id = ${id} and ${chargeable(when)}
       for update`);
  if (!p) return null;
  return {
    ...(p as unknown as Profile),
    id: Number(p.id),
    total: Number(p.total),
    amount: Number(p.amount),
    dcc_amount: Number(p.dcc_amount),
    supporter_id: p.supporter_id === null ? null : Number(p.supporter_id),
    recurring_day: p.recurring_day === null ? null : Number(p.recurring_day),
    num_cycles_remaining: p.num_cycles_remaining === null ? null : Number(p.num_cycles_remaining),
    failed_payment_count: Number(p.failed_payment_count),
    max_failed_payments: Number(p.max_failed_payments),
    waiting: p.waiting === true,
  };
}

/**
 * An instalment of a manual profile that staff record by hand (recurring.record.ts): what the
 * donor paid, how (a payments.type: cash, cheque, unknown for "other") and when it came in.
 */
export type RecordedPayment = {
  type: 'cash' | 'cheque' | 'unknown';
  amount: number;
  receivedAt: Date;
  chequeNumber: string | null;
  chequeDate: string | null;
  reference: string | null;
  note: string | null;
};

type Attempt = {
  gateway: string | null;
  gatewayPayment: GatewayPayment | null;
  reason: string | null;
  method: { id: number; type: string; label: string } | null;
  recorded: RecordedPayment | null;
};

const RECORDED_LABEL: Record<RecordedPayment['type'], string> = { cash: 'Cash', cheque: 'Check', unknown: 'Other' };

/** A recorded instalment, written down as a charge the gateway took would be. */
const recordedAttempt = (recorded: RecordedPayment): Attempt => ({
  gateway: 'offline',
  gatewayPayment: null,
  reason: null,
  method: null,
  recorded,
});

/** Paid: the gateway took it, or staff recorded money already in hand. */
const isPaid = (a: Attempt) => a.recorded !== null || (a.gatewayPayment !== null && a.gatewayPayment.status !== 'failed');
const paidStatus = (a: Attempt) => (a.recorded ? 'succeeded' : (a.gatewayPayment?.status ?? 'failed'));

/** A renewal only the donor can complete (their bank asked them to authenticate it). */
const needsDonor = (a: Attempt) => a.gatewayPayment?.status === 'failed' && a.gatewayPayment.needsAuthentication === true;

/** Asks the gateway once for this attempt; no usable method or a refused request is a failed attempt, not an error. */
async function attempt(tx: Tx, deps: BillingDeps, p: Profile): Promise<Attempt> {
  const [m] = p.payment_method_id === null ? [] : await queryRows(tx, sql`
    select id, token, type, card_brand, account_last_four, gateway, gateway_customer from payment_methods
     where id = ${p.payment_method_id} and status = 'ACTIVE' and deleted_at is null`);
  if (!m?.token) return { gateway: null, gatewayPayment: null, reason: recurringMessages.noPaymentMethod, method: null, recorded: null };
  const method = { id: Number(m.id), type: String(m.type), label: `${String(m.card_brand ?? 'Card')} ending ${String(m.account_last_four ?? '')}`.trim() };
  let source: string;
  try {
    source = decrypt(deps.appKey, String(m.token));
  } catch {
    // Sealed with another app key (or damaged): nothing we can charge with.
    return { gateway: null, gatewayPayment: null, reason: recurringMessages.noPaymentMethod, method: null, recorded: null };
  }
  const gateway = await deps.gateway(tx, (m.gateway as string | null) ?? null);
  try {
    const payment = await gateway.charge({
      amount: p.total,
      currency: p.currency_code,
      source,
      customer: (m.gateway_customer as string | null) ?? null,
      offSession: true,
      idempotencyKey: `recurring:${p.id}:${p.next_billing_date}:${p.failed_payment_count}`,
      description: `Recurring Payment #${p.profile_id}`,
    });
    return { gateway: gateway.name, gatewayPayment: payment, reason: payment.status === 'failed' ? (payment.failureMessage ?? payment.failureCode ?? 'Declined') : null, method, recorded: null };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return { gateway: gateway.name, gatewayPayment: null, reason: error.message, method, recorded: null };
  }
}

/** Charges one profile if it is still due; everything it writes commits together. */
export async function billProfile(database: Database, deps: BillingDeps, id: number, today: string): Promise<BillingOutcome> {
  return withActor(database.db, { userId: null, ip: null }, async (tx) => (await chargeProfile(tx, deps, id, today, { due: today })).outcome);
}

/**
 * One charge of one profile inside `tx` (the batch's transaction per profile, or staff's "charge
 * now" with their name on the trail): lock, ask the gateway once with the period's key, record.
 * With `recorded` (staff's "record a payment" on a manual profile) the gateway is not asked: the
 * money is in hand, and it is written down exactly as a paid charge of that period would be.
 */
export async function chargeProfile(
  tx: Tx,
  deps: BillingDeps,
  id: number,
  today: string,
  when: BillingWhen,
  recorded: RecordedPayment | null = null,
): Promise<{ outcome: BillingOutcome; contributionId: number | null; reason: string | null; total: number; currency: string | null }> {
  const locked = await lockDue(tx, id, when);
  if (!locked) return { outcome: 'skipped', contributionId: null, reason: null, total: 0, currency: null };
  const p = recorded ? asReceived(locked, recorded.amount) : locked;
  const at = recorded?.receivedAt ?? new Date();
  // Converted before charging: a missing rate refuses the charge rather than leaving it half-recorded.
  const functional = await convertToOrgCurrency(tx, { amount: p.total, currency: p.currency_code, at });
  const result = recorded ? recordedAttempt(recorded) : await attempt(tx, deps, p);
  await deps.afterCharge?.();
  const ok = isPaid(result);
  const contributionId = await recordCharge(tx, p, result, functional, at);
  if (ok) await advance(tx, p, at);
  else if (needsDonor(result)) await awaitDonor(tx, deps, p, today);
  else {
    await countFailure(tx, p, today);
    // The first decline of a period tells the donor, with their link to put a new card on the
    // gift (the retries of the same period do not write again).
    if (p.failed_payment_count === 0 && p.supporter_id !== null && deps.linkBase) await mailCardLink(tx, deps.appKey, deps.linkBase, p.id, 'declined');
  }
  if (p.supporter_id) await refreshSupporterGiving(tx, sql`select ${p.supporter_id}::int as supporter_id`);
  if (paidStatus(result) === 'succeeded') {
    // A paid charge is a completion like any other: its receipt when the setting asks for one.
    await issueReceiptOnCompletion(tx, contributionId, null);
    await recordEvent(tx, 'contribution.paid', {
      contribution_id: contributionId,
      supporter_id: p.supporter_id,
      total: { amount: toDecimal(p.total, p.currency_code), currency: p.currency_code },
    });
  }
  return { outcome: ok ? 'charged' : 'declined', contributionId, reason: result.reason, total: p.total, currency: p.currency_code };
}

/**
 * A recorded amount other than the profile's (the donor gave more or less this time) is all
 * gift: no covered fees, shipping or tax are assumed of money staff counted.
 */
function asReceived(p: Profile, amount: number): Profile {
  return amount === p.total ? p : { ...p, total: amount, amount, dcc_amount: 0 };
}

/** The charge as the listings and the profile's history show it: contribution, item, payment, recurring transaction. */
async function recordCharge(tx: Tx, p: Profile, a: Attempt, functional: { amount: number; rate: string; rateDate: string; currency: string }, at: Date): Promise<number> {
  const g = a.gatewayPayment;
  const r = a.recorded;
  const ok = isPaid(a);
  const status = paidStatus(a);
  const uuid = randomUUID().toUpperCase();
  const [c] = await queryRows(tx, sql`
    insert into contributions (client_uuid, invoice_number, confirmation_number, supporter_id, recurring_payment_profile_id, is_recurring,
                               paid_at, currency_code, subtotal_amount, dcc_amount, total_amount, functional_currency_code, functional_exchange_rate,
                               functional_total_amount, functional_rate_date, payment_type, payment_status, payment_card_brand, payment_card_last4,
                               payment_gateway, payment_method_id, response_text, total_items, total_qty, recurring_items,
                               bill_first_name, bill_last_name, bill_email, bill_country, tax_receipt_type)
    select ${uuid}, ${ok ? uuid : null}, ${g?.reference ?? null}, ${p.supporter_id}, ${p.id}, true,
           ${ok && status === 'succeeded' ? at : null}, ${p.currency_code}, ${p.amount}, ${p.dcc_amount}, ${p.total}, ${functional.currency},
           ${functional.rate}, ${functional.amount}, ${functional.rateDate}, ${r?.type ?? g?.type ?? a.method?.type ?? null}, ${status},
           ${g?.card?.brand ?? null}, ${g?.card?.last4 ?? g?.bank?.last4 ?? null}, ${g || r ? a.gateway : null}, ${a.method?.id ?? null},
           ${a.reason ? a.reason.slice(0, 255) : null}, 1, 1, 1, s.bill_first_name, s.bill_last_name, s.bill_email, s.bill_country,
           -- Each charge asks for the receipts its first gift asked for (single, consolidated or none).
           coalesce((select o.tax_receipt_type from recurring_payment_profiles rp join contributions o on o.id = rp.contribution_id where rp.id = ${p.id}), 'single')
      from (select 1) one left join supporters s on s.id = ${p.supporter_id}
    returning id`);
  const contributionId = Number(c?.id);
  if (r) {
    // The check or reference on the contribution, where the point of sale keeps a sale's.
    await tx.execute(sql`update contributions set check_number = ${r.chequeNumber}, check_date = ${r.chequeDate},
      check_amount = ${r.type === 'cheque' ? p.total : null}, payment_other_reference = ${r.reference}, payment_other_note = ${r.note}
      where id = ${contributionId}`);
  }
  await tx.execute(sql`
    insert into contribution_items (contribution_id, variant_id, product_id, sponsorship_id, description, code, qty, price, original_price, total,
                                    is_donation, gl_code, dcc_amount, recurring_amount, recurring_frequency)
    select ${contributionId}, rp.variant_id, rp.product_id, rp.sponsorship_id, coalesce(i.description, rp.description, ${`Recurring Payment #${p.profile_id}`}),
           i.code, 1, ${p.amount}, ${p.amount}, ${p.amount}, coalesce(i.is_donation, true), coalesce(i.gl_code, rp.gl_code), ${p.dcc_amount},
           ${p.amount}, rp.billing_period
      from recurring_payment_profiles rp left join contribution_items i on i.id = rp.contribution_item_id
     where rp.id = ${p.id}`);
  const [t] = await queryRows(tx, sql`
    insert into recurring_transactions (recurring_payment_profile_id, contribution_id, transaction_reference, payment_status, reason_code, payment_method_id,
                                        payment_method_type, payment_method_description, ordered_at, currency_code, amount, functional_amount,
                                        functional_rate, functional_rate_date, dcc_amount)
    values (${p.id}, ${contributionId}, ${g?.reference ?? r?.chequeNumber ?? r?.reference ?? null}, ${status}, ${a.reason ? a.reason.slice(0, 255) : null}, ${a.method?.id ?? null},
            ${r?.type ?? a.method?.type ?? null}, ${r ? RECORDED_LABEL[r.type] : (a.method?.label.slice(0, 100) ?? null)}, ${at}, ${p.currency_code}, ${p.total}, ${functional.amount},
            ${functional.rate}, ${functional.rateDate}, ${p.dcc_amount})
    returning id`);
  const transactionId = Number(t?.id);
  if (g || r) {
    // Only an answer from the gateway, or money staff have in hand, is a payment; "no method on file" charged nothing.
    const paymentId = await insertPayment(tx, {
      contributionId,
      supporterId: p.supporter_id,
      type: r?.type ?? g?.type ?? 'unknown',
      status,
      amount: g?.amount ?? p.total,
      currency: g?.currency ?? p.currency_code,
      gateway: a.gateway ?? 'unknown',
      paymentMethodId: a.method?.id ?? null,
      gatewayPayment: g,
      chequeNumber: r?.chequeNumber ?? null,
      chequeDate: r?.chequeDate ?? null,
      description: `Recurring Payment #${p.profile_id}-${transactionId}`,
    });
    await tx.execute(sql`update payment_links set recurring_payment_profile_id = ${p.id}, recurring_transaction_id = ${transactionId} where payment_id = ${paymentId}`);
  }
  const event = !ok ? 'payment_failed' : status === 'pending' ? 'payment_pending' : 'paid';
  await tx.execute(sql`insert into contribution_status_history (contribution_id, event, amount, user_id) values (${contributionId}, ${event}, ${p.total}, null)`);
  return contributionId;
}

/** A period paid: the next billing date one period on (anchored), and Expired after the last cycle. */
async function advance(tx: Tx, p: Profile, paidAt: Date): Promise<void> {
  const remaining = p.num_cycles_remaining === null ? null : Math.max(0, p.num_cycles_remaining - 1);
  const expired = remaining === 0;
  const next = expired ? null : nextBillingDate(p.next_billing_date, p.billing_period, anchorDayOf(p));
  await tx.execute(sql`
    update recurring_payment_profiles set
      num_cycles_completed = num_cycles_completed + 1, num_cycles_remaining = ${remaining}, aggregate_amount = aggregate_amount + ${p.total},
      last_payment_at = ${paidAt}, last_payment_amount = ${p.total}, failed_payment_count = 0,
      next_billing_date = ${next}, next_attempt_date = ${next}, status = ${expired ? 'Expired' : 'Active'}, authentication_required_at = null,
      final_payment_due_date = ${expired ? p.next_billing_date : sql`final_payment_due_date`}, updated_at = now()
    where id = ${p.id}`);
  if (expired) await recordEvent(tx, 'recurring_profile.changed', { recurring_profile_id: p.id, supporter_id: p.supporter_id, status: 'Expired' });
}

/**
 * A renewal the donor's bank wants them to authenticate: counted as a failed attempt (the next
 * attempt has a key of its own), then held — not due again — until the donor completes their
 * link, which clears the hold; the period is charged on the first run after that. The donor is
 * mailed once, here: the held profile is never tried again by a run, so never mailed again.
 */
async function awaitDonor(tx: Tx, deps: BillingDeps, p: Profile, today: string): Promise<void> {
  await tx.execute(sql`
    update recurring_payment_profiles set failed_payment_count = ${p.failed_payment_count + 1}, next_attempt_date = ${today},
      authentication_required_at = now(), updated_at = now()
    where id = ${p.id}`);
  // Staff charging a gift already held asks the bank again, but the donor has their link already.
  if (!p.waiting && p.supporter_id !== null && deps.linkBase) await mailCardLink(tx, deps.appKey, deps.linkBase, p.id, 'authentication');
}

/** A declined period stays due: tried again RETRY_AFTER_DAYS later, Suspended after max_failed_payments in a row. */
async function countFailure(tx: Tx, p: Profile, today: string): Promise<void> {
  const failures = p.failed_payment_count + 1;
  const suspend = failures >= p.max_failed_payments;
  await tx.execute(sql`
    update recurring_payment_profiles set failed_payment_count = ${failures}, next_attempt_date = ${addDays(today, RETRY_AFTER_DAYS)},
      status = ${suspend ? 'Suspended' : 'Active'}, suspended_at = ${suspend ? sql`now()` : sql`suspended_at`}, updated_at = now()
    where id = ${p.id}`);
  if (suspend) await recordEvent(tx, 'recurring_profile.changed', { recurring_profile_id: p.id, supporter_id: p.supporter_id, status: 'Suspended' });
}

/**
 * Bills every profile due on `today`, one transaction each. An unexpected error on a profile (a
 * missing exchange rate, a crash after the charge) rolls that profile back, the others go on,
 * and the run then fails so the job is retried; the retry skips what was done.
 */
export async function runRecurringBilling(
  database: Database,
  deps: BillingDeps,
  today: string,
  progress: (percent: number) => Promise<void> = async () => {},
): Promise<Record<BillingOutcome, number>> {
  const counts: Record<BillingOutcome, number> = { charged: 0, declined: 0, skipped: 0 };
  const ids = await dueProfileIds(database.db, today);
  let failure: unknown = null;
  for (const [index, id] of ids.entries()) {
    try {
      counts[await billProfile(database, deps, id, today)] += 1;
    } catch (error) {
      // One profile that cannot be written must not hold back the others' charges; the job
      // still fails at the end, so its retry (or the next hourly run) tries that one again.
      failure ??= error;
    }
    if (index % 20 === 19) await progress(((index + 1) / ids.length) * 100);
  }
  if (failure) throw failure;
  await progress(100);
  return counts;
}
