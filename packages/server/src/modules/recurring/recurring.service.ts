import { recurringMessages, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvents } from '../domain-events/domain-events.service.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { chargeableMethods, methodLabelSql } from './recurring.change.ts';
import { cancelHeldRenewals } from './recurring.held-renewals.ts';

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));

/**
 * Every payment of a profile, one definition for the page's rows and its figures: the first
 * gift's recurring line when the order charged it (the checkout counts it as cycle 1) and each
 * charge of the recurring batch. `counts` is what billing counts as a cycle (anything not failed).
 */
const paymentsOf = (id: number) => sql`
  select null::int as id, c.id as contribution_id, coalesce(c.paid_at, c.ordered_at) as ordered_at, i.total as amount,
         least(c.refunded_amount, i.total) as refunded_amount, coalesce(c.payment_status, 'succeeded') as payment_status,
         case when c.payment_status = 'failed' then c.response_text end as reason_code, true as is_first_gift
    from recurring_payment_profiles rp
    join contribution_items i on i.id = rp.contribution_item_id
    join contributions c on c.id = i.contribution_id
   where rp.id = ${id} and i.total > 0 and c.deleted_at is null
  union all
  select t.id, t.contribution_id, t.ordered_at, t.amount, t.refunded_amount, t.payment_status, t.reason_code, false
    from recurring_transactions t where t.recurring_payment_profile_id = ${id}`;

/** A recurring profile's page: the promise (amount, frequency, day, next bill) and every payment of it. */
export async function getProfile(q: Queryable, id: number) {
  const [p] = await queryRows(q, sql`
    select rp.id, rp.profile_id, rp.status, rp.is_locked, rp.is_manual, rp.supporter_id, s.display_name as supporter_name, rp.description,
           rp.billing_period, rp.billing_frequency, rp.recurring_day, rp.recurring_day_of_week, rp.currency_code, rp.amount,
           rp.start_date::text as start_date, rp.next_billing_date::text as next_billing_date, rp.final_payment_due_date::text as final_payment_due_date,
           rp.total_billing_cycles, rp.failed_payment_count, rp.max_failed_payments,
           rp.cancel_reason, rp.cancelled_at, rp.suspended_at, rp.authentication_required_at, rp.contribution_id, rp.updated_at,
           rp.payment_method_id, ${methodLabelSql('m')} as payment_method
      from recurring_payment_profiles rp left join supporters s on s.id = rp.supporter_id
      left join payment_methods m on m.id = rp.payment_method_id
     where rp.id = ${id} and rp.deleted_at is null`);
  if (!p) throw new AppError('not_found', recurringMessages.notFound);
  const currency = String(p.currency_code);
  const payments = await queryRows(q, sql`
    with p as (${paymentsOf(id)})
    select p.*, p.payment_status <> 'failed' as counts,
           count(*) filter (where p.payment_status <> 'failed') over () as cycles,
           coalesce(sum(p.amount - p.refunded_amount) filter (where p.payment_status <> 'failed') over (), 0) as given,
           max(p.ordered_at) filter (where p.payment_status <> 'failed') over () as last_at
      from p order by p.ordered_at desc, p.is_first_gift, p.id desc`);
  const [first] = payments;
  const { timeZone } = await getOrgMoneySettings(q);
  return {
    ...p,
    /** The organisation's today by the app's clock: what "record a payment" offers as the day received. */
    today: dayInZone(new Date(), timeZone),
    amount: toDecimal(String(p.amount), currency),
    num_cycles_completed: Number(first?.cycles ?? 0),
    aggregate_amount: toDecimal(String(first?.given ?? 0), currency),
    last_payment_at: iso(first?.last_at ?? null),
    cancelled_at: iso(p.cancelled_at),
    suspended_at: iso(p.suspended_at),
    /** Set while a renewal waits for the donor to authenticate it with their bank (not charged again until then). */
    authentication_required_at: iso(p.authentication_required_at),
    updated_at: iso(p.updated_at),
    payment_method_id: p.payment_method_id === null ? null : Number(p.payment_method_id),
    /** What "change terms" may switch to: the supporter's active saved methods. */
    payment_methods: await chargeableMethods(q, p.supporter_id === null ? null : Number(p.supporter_id)),
    transactions: payments.map((t) => ({
      id: t.id === null ? null : Number(t.id),
      contribution_id: t.contribution_id === null ? null : Number(t.contribution_id),
      ordered_at: iso(t.ordered_at),
      amount: toDecimal(String(t.amount), currency),
      refunded_amount: toDecimal(String(t.refunded_amount), currency),
      payment_status: String(t.payment_status),
      reason_code: t.reason_code === null ? null : String(t.reason_code),
      is_first_gift: Boolean(t.is_first_gift),
      counts: Boolean(t.counts),
    })),
  };
}

async function lockProfile(tx: Tx, id: number): Promise<Row> {
  const [p] = await queryRows(tx, sql`select id, profile_id, status, is_locked, supporter_id from recurring_payment_profiles where id = ${id} and deleted_at is null for update`);
  if (!p) throw new AppError('not_found', recurringMessages.notFound);
  if (p.is_locked) throw new AppError('conflict', recurringMessages.locked(String(p.profile_id)));
  return p;
}

async function changed(tx: Tx, p: Row, status: string): Promise<void> {
  await recordEvents(tx, 'recurring_profile.changed', [{ recurring_profile_id: Number(p.id), supporter_id: p.supporter_id === null ? null : Number(p.supporter_id), status }]);
}

export type ProfileAction = 'suspend' | 'cancel' | 'enable';

/** Active → Suspended; Active or Suspended → Cancelled (with a reason); Suspended or Cancelled → Active. */
export async function changeProfile(tx: Tx, id: number, action: ProfileAction, actorId: number, reason?: string): Promise<{ id: number; status: string; message: string }> {
  const p = await lockProfile(tx, id);
  const ref = String(p.profile_id);
  const status = String(p.status);
  const allowed = { suspend: ['Active'], cancel: ['Active', 'Suspended'], enable: ['Suspended', 'Cancelled'] }[action];
  if (!allowed.includes(status)) throw new AppError('conflict', recurringMessages.cannot(ref, status, { suspend: 'suspended', cancel: 'cancelled', enable: 're-enabled' }[action]));
  if (action === 'suspend') await tx.execute(sql`update recurring_payment_profiles set status = 'Suspended', suspended_at = now(), updated_at = now() where id = ${id}`);
  if (action === 'cancel') {
    await tx.execute(sql`update recurring_payment_profiles set status = 'Cancelled', cancel_reason = ${reason ?? null}, cancelled_at = now(), cancelled_by = ${actorId}, updated_at = now() where id = ${id}`);
    await cancelHeldRenewals(tx, id);
  }
  if (action === 'enable') {
    await tx.execute(sql`update recurring_payment_profiles set status = 'Active', suspended_at = null, cancel_reason = null, cancelled_at = null, cancelled_by = null,
                           failed_payment_count = 0, updated_at = now() where id = ${id}`);
  }
  const next = { suspend: 'Suspended', cancel: 'Cancelled', enable: 'Active' }[action];
  await changed(tx, p, next);
  const message = { suspend: recurringMessages.suspended(ref), cancel: recurringMessages.cancelled(ref), enable: recurringMessages.enabled(ref) }[action];
  return { id, status: next, message };
}
