import { type DccType, dccForAmount, formatDate, formatMoney, isValidEmail, recurringChangeMessages, recurringMessages, type recurringChangeSchema, scheduleLabel, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings, getOrgName } from '../settings/settings.service.ts';
import { contactRefusal } from '../supporters/supporters.consent.ts';

type Row = Record<string, unknown>;
type Change = z.output<typeof recurringChangeSchema>;

/** "Visa ending 4242": how a saved method is named on the profile page, in the modal and the e-mail. */
export const methodLabelSql = (m: string) => sql.raw(`case when ${m}.id is null then null
  else coalesce(case when ${m}.type = 'bank' then ${m}.bank_name when ${m}.card_brand is not null then initcap(${m}.card_brand) end, ${m}.display_name,
                case when ${m}.type = 'bank' then 'Bank account' else 'Card' end) || coalesce(' ending ' || ${m}.account_last_four, '') end`);

/** The saved methods a profile may be charged with: its supporter's active ones held at the gateway. */
export async function chargeableMethods(q: Queryable, supporterId: number | null): Promise<{ id: number; label: string }[]> {
  if (supporterId === null) return [];
  const rows = await queryRows(q, sql`select m.id, ${methodLabelSql('m')} as label from payment_methods m
    where m.supporter_id = ${supporterId} and m.status = 'ACTIVE' and m.deleted_at is null and m.token is not null order by m.use_as_default desc, m.id desc`);
  return rows.map((r) => ({ id: Number(r.id), label: String(r.label) }));
}

async function lockForChange(tx: Tx, id: number): Promise<Row> {
  const [p] = await queryRows(tx, sql`
    select id, profile_id, status, is_locked, supporter_id, currency_code, amount, dcc_amount, dcc_type, billing_period, recurring_day,
           recurring_day_of_week, next_billing_date::text as next_billing_date, payment_method_id, updated_at
      from recurring_payment_profiles where id = ${id} and deleted_at is null for update`);
  if (!p) throw new AppError('not_found', recurringMessages.notFound);
  const ref = String(p.profile_id);
  if (p.is_locked) throw new AppError('conflict', recurringMessages.locked(ref));
  if (p.status !== 'Active' && p.status !== 'Suspended') throw new AppError('conflict', recurringChangeMessages.notChangeable(ref, String(p.status)));
  return p;
}

/** The stored row of a change, checked against the profile: amount in minor units, day fields matching the period. */
async function nextTerms(tx: Tx, p: Row, change: Change) {
  const currency = String(p.currency_code);
  let amount: number;
  try {
    amount = toMinor(change.amount, currency);
  } catch (error) {
    // More decimals than the currency has, or a figure no ledger could hold.
    const message = error instanceof RangeError && error.message !== 'Amount too large' ? error.message : recurringChangeMessages.amount;
    throw new AppError('validation', message, { amount: [message] });
  }
  const weekly = change.billing_period === 'weekly' || change.billing_period === 'biweekly';
  const { timeZone } = await getOrgMoneySettings(tx);
  if (change.next_billing_date < dayInZone(new Date(), timeZone)) {
    throw new AppError('validation', recurringChangeMessages.pastDate, { next_billing_date: [recurringChangeMessages.pastDate] });
  }
  const methodId = change.payment_method_id ?? null;
  const supporterId = p.supporter_id === null ? null : Number(p.supporter_id);
  if (methodId !== null && !(await chargeableMethods(tx, supporterId)).some((m) => m.id === methodId)) {
    throw new AppError('validation', recurringChangeMessages.method, { payment_method_id: [recurringChangeMessages.method] });
  }
  // Donor-covered costs follow the new amount where the profile's figure came from a type
  // (the calculator's choice); a legacy flat-plus-rate figure is kept as the donor agreed it.
  const dccType = (p.dcc_type as DccType | null) ?? null;
  const dcc = Number(p.dcc_amount) > 0 && dccType ? dccForAmount(amount, dccType, currency) : Number(p.dcc_amount);
  return {
    amount,
    dcc_amount: dcc,
    billing_period: change.billing_period,
    recurring_day: weekly ? null : (change.recurring_day ?? null),
    recurring_day_of_week: weekly ? (change.recurring_day_of_week ?? null) : null,
    next_billing_date: change.next_billing_date,
    payment_method_id: methodId,
  };
}

const sameTerms = (p: Row, next: Awaited<ReturnType<typeof nextTerms>>) =>
  Number(p.amount) === next.amount &&
  p.billing_period === next.billing_period &&
  (p.recurring_day === null ? null : Number(p.recurring_day)) === next.recurring_day &&
  (p.recurring_day_of_week === null ? null : Number(p.recurring_day_of_week)) === next.recurring_day_of_week &&
  p.next_billing_date === next.next_billing_date &&
  (p.payment_method_id === null ? null : Number(p.payment_method_id)) === next.payment_method_id;

/**
 * Changes a profile's terms in one audited update (the trail keeps who, when, from → to), tells
 * webhooks, and e-mails the donor the new terms in the same transaction (a refused change sends
 * nothing). A form loaded before the profile last changed is refused (409), so a charge or
 * another person's change is never overwritten unseen.
 */
export async function changeTerms(tx: Tx, id: number, change: Change): Promise<{ id: number; status: string; message: string }> {
  const p = await lockForChange(tx, id);
  const ref = String(p.profile_id);
  if (change.updated_at && new Date(change.updated_at).getTime() !== new Date(p.updated_at as string).getTime()) {
    throw new AppError('conflict', recurringChangeMessages.stale);
  }
  const next = await nextTerms(tx, p, change);
  if (sameTerms(p, next)) return { id, status: String(p.status), message: recurringChangeMessages.unchanged };
  await tx.execute(sql`
    update recurring_payment_profiles set amount = ${next.amount}, dcc_amount = ${next.dcc_amount}, billing_period = ${next.billing_period},
           recurring_day = ${next.recurring_day}, recurring_day_of_week = ${next.recurring_day_of_week}, next_billing_date = ${next.next_billing_date},
           -- A new billing date starts the period afresh: no retry of an old decline is pending.
           next_attempt_date = ${next.next_billing_date}, payment_method_id = ${next.payment_method_id},
           -- Another card on the gift ends a wait for the donor to authenticate the old one's renewal.
           authentication_required_at = case when payment_method_id is distinct from ${next.payment_method_id} then null else authentication_required_at end,
           updated_at = now()
     where id = ${id}`);
  await recordEvent(tx, 'recurring_profile.changed', { recurring_profile_id: id, supporter_id: p.supporter_id === null ? null : Number(p.supporter_id), status: String(p.status) });
  const mailed = await mailNewTerms(tx, id);
  return { id, status: String(p.status), message: mailed ? recurringChangeMessages.changed(ref) : recurringChangeMessages.changedNoMail(ref) };
}

/** The "new terms" e-mail's merge values for one profile (also the template editor's preview), or null. */
export async function termsMailValues(q: Queryable, id: number): Promise<Record<string, unknown> | null> {
  const [p] = await queryRows(q, sql`
    select rp.profile_id, rp.supporter_id, rp.currency_code, (rp.amount + rp.dcc_amount)::bigint as total, rp.billing_period, rp.recurring_day, rp.recurring_day_of_week,
           rp.next_billing_date::text as next_billing_date, s.bill_first_name as first_name, s.bill_last_name as last_name,
           coalesce(s.email, s.bill_email) as email, ${methodLabelSql('m')} as method
      from recurring_payment_profiles rp left join supporters s on s.id = rp.supporter_id
      left join payment_methods m on m.id = rp.payment_method_id
     where rp.id = ${id} and rp.deleted_at is null`);
  if (!p) return null;
  return {
    supporter_id: p.supporter_id === null ? null : Number(p.supporter_id),
    donor: { first_name: p.first_name ?? '', last_name: p.last_name ?? '', email: p.email ?? '' },
    recurring: {
      number: String(p.profile_id),
      amount: formatMoney(Number(p.total), String(p.currency_code)),
      schedule: scheduleLabel({ billing_period: String(p.billing_period), recurring_day: p.recurring_day === null ? null : Number(p.recurring_day), recurring_day_of_week: p.recurring_day_of_week === null ? null : Number(p.recurring_day_of_week) }),
      next_billing_date: p.next_billing_date ? formatDate(`${String(p.next_billing_date)}T12:00:00Z`) : '',
      payment: p.method ?? '',
    },
    organisation: await getOrgName(q),
  };
}

/** Queues the e-mail when the supporter has an address; answers whether one was queued. */
async function mailNewTerms(tx: Tx, id: number): Promise<boolean> {
  const values = await termsMailValues(tx, id);
  const to = String((values?.donor as { email: string } | undefined)?.email ?? '').trim();
  const supporterId = Number(values?.supporter_id ?? 0) || null;
  // A supporter who asked not to be contacted, or who has died, is not written to.
  if (!values || !to || !isValidEmail(to) || (await contactRefusal(tx, supporterId))) return false;
  await queueMail(tx, { to, kind: 'recurring_terms', supporterId, ...(await renderMail(await mailTemplateFor(tx, 'recurringTermsChanged'), values)) });
  return true;
}
