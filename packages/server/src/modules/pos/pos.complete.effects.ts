import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { takeStock } from '../products/stock.ts';
import { issueReceiptOnCompletion } from '../receipts/receipts.completion.ts';
import { createSponsor } from '../sponsorships/sponsors.service.ts';
import type { ItemRow, OrderRow } from './pos.complete.checks.ts';

/**
 * What a paid order sets in motion (incumbent §6.3 "OrderWasCompleted"), all inside the
 * completion's transaction: if any of it fails, the order is not paid and nothing is kept.
 */

const POS_SOURCE = 'POS';

/** Sells every item's units (bundle children included); out of stock throws before any charge. */
export async function takeOrderStock(tx: Tx, order: OrderRow, items: ItemRow[], userId: number | null): Promise<void> {
  for (const item of items) {
    if (item.variant_id === null) continue;
    await takeStock(tx, { variantId: item.variant_id, quantity: Math.max(1, item.qty), userId, contributionId: order.id, note: null });
  }
}

export async function countPromoUse(tx: Tx, order: OrderRow): Promise<void> {
  if (order.promo_ids.length === 0) return;
  await tx.execute(sql`update promo_codes set usage_count = usage_count + 1, updated_at = now()
    where id in (select promo_code_id from contribution_promo_codes where contribution_id = ${order.id})`);
}

const PERIOD_INTERVAL: Record<string, string> = {
  weekly: '7 days',
  biweekly: '14 days',
  monthly: '1 month',
  quarterly: '3 months',
  biannually: '6 months',
  annually: '1 year',
};

/**
 * One profile per recurring item (profile code RP-0000042 from its id). Charged today when the
 * item had an initial charge, so the next charge is one period on; otherwise it starts on the
 * item's start day (or today) and the first charge is then. A gift paid in cash, by check or
 * otherwise leaves nothing the schedule could charge: its profile is `manual` (charged by staff
 * only), so the batch leaves it alone and staff record each instalment as it comes in.
 */
export async function createRecurringProfiles(tx: Tx, order: OrderRow, items: ItemRow[], supporterId: number | null, paymentMethodId: number | null, manual: boolean): Promise<void> {
  for (const item of items) {
    if (!item.recurring_frequency || item.recurring_amount === null) continue;
    const interval = PERIOD_INTERVAL[item.recurring_frequency] ?? '1 month';
    const chargedToday = item.price > 0;
    await tx.execute(sql`
      with n as (select nextval(pg_get_serial_sequence('recurring_payment_profiles', 'id')) as id),
           d as (select coalesce(${item.recurring_starts_on}::date, current_date) as start)
      insert into recurring_payment_profiles (id, profile_id, status, supporter_id, contribution_id, contribution_item_id, product_id, variant_id,
             sponsorship_id, payment_method_id, is_manual, subscriber_name, description, gl_code, start_date, billing_period, recurring_day,
             recurring_day_of_week, total_billing_cycles, currency_code, amount, initial_amount, dcc_amount, next_billing_date,
             num_cycles_completed, num_cycles_remaining, aggregate_amount, last_payment_at, last_payment_amount)
      select n.id, 'RP-' || lpad(n.id::text, 7, '0'), 'Active', ${supporterId}, ${order.id}, ${item.id}, ${item.product_id}, ${item.variant_id},
             ${item.sponsorship_id}, ${paymentMethodId}, ${manual},
             (select nullif(trim(coalesce(bill_first_name, '') || ' ' || coalesce(bill_last_name, '')), '') from contributions where id = ${order.id}),
             ${item.description}, ${item.gl_code}, d.start, ${item.recurring_frequency}, ${item.recurring_day}, ${item.recurring_day_of_week},
             ${item.recurring_cycles}, ${order.currency_code}, ${item.recurring_amount}, ${item.total}, ${item.dcc_recurring_amount},
             case when ${chargedToday} then (d.start + ${interval}::interval)::date else d.start end,
             ${chargedToday ? 1 : 0}, ${item.recurring_cycles === null ? null : item.recurring_cycles - (chargedToday ? 1 : 0)},
             ${chargedToday ? item.total : 0}, ${chargedToday ? new Date() : null}, ${chargedToday ? item.total : null}
        from n, d`);
  }
  if (items.some((i) => i.recurring_frequency)) await tx.execute(sql`update contributions set is_recurring = true where id = ${order.id}`);
}

/** A sponsorship item makes its buyer a sponsor of the child; one already sponsoring stays as is. */
export async function createSponsors(tx: Tx, items: ItemRow[], supporterId: number | null, userId: number | null): Promise<void> {
  if (!supporterId) return;
  for (const item of items) {
    if (item.sponsorship_id === null) continue;
    try {
      await createSponsor(tx, userId, { sponsorship_id: item.sponsorship_id, supporter_id: supporterId, source: POS_SOURCE, started_at: null, ended_at: null, ended_reason: null, ended_note: null });
    } catch (error) {
      // Refused before writing anything: already sponsoring this child over these dates, or the
      // child was retired after the sale began (the gift stands; staff see no new sponsor).
      if (!(error instanceof AppError) || (error.code !== 'validation' && error.code !== 'conflict')) throw error;
    }
  }
}

/** One tribute per tributed item (the unique index on the item keeps it once). */
export async function createTributes(tx: Tx, order: OrderRow): Promise<void> {
  await tx.execute(sql`
    insert into tributes (contribution_item_id, tribute_type_id, name, amount, currency_code, message, notify, notify_name, notify_email,
                          notify_address, notify_city, notify_state, notify_zip, notify_country, notify_on)
    select i.id, i.tribute_type_id, coalesce(i.tribute_name, ''),
           case when i.recurring_frequency is not null then coalesce(i.recurring_amount, 0) * greatest(1, i.qty) else i.price * greatest(1, i.qty) end,
           ${order.currency_code}, i.tribute_message, i.tribute_notify, i.tribute_notify_name, i.tribute_notify_email, i.tribute_notify_address,
           i.tribute_notify_city, i.tribute_notify_state, i.tribute_notify_zip, i.tribute_notify_country,
           case when i.tribute_notify is not null then coalesce(i.tribute_notify_on, current_date) end
      from contribution_items i where i.contribution_id = ${order.id} and i.is_tribute
    on conflict (contribution_item_id) do nothing`);
}

/** Memberships bought start today and last the membership's duration (null: never expire). */
export async function grantMemberships(tx: Tx, order: OrderRow, supporterId: number | null): Promise<void> {
  if (!supporterId) return;
  await tx.execute(sql`
    insert into supporter_memberships (supporter_id, membership_id, starts_on, expires_on, contribution_item_id, source)
    select ${supporterId}, v.membership_id, current_date, current_date + m.duration_days, i.id, ${POS_SOURCE}
      from contribution_items i join product_variants v on v.id = i.variant_id join memberships m on m.id = v.membership_id
     where i.contribution_id = ${order.id}`);
}

/** Download grants with the variant's limits, as bought. */
export async function grantDownloads(tx: Tx, order: OrderRow): Promise<void> {
  await tx.execute(sql`
    insert into contribution_item_downloads (contribution_item_id, file_id, external_resource_uri, expires_at, download_limit, address_limit)
    select i.id, v.file_id, v.external_resource_uri,
           case when v.download_expiry_seconds is not null then now() + make_interval(secs => v.download_expiry_seconds) end,
           v.download_limit, v.download_address_limit
      from contribution_items i join product_variants v on v.id = i.variant_id
     where i.contribution_id = ${order.id} and (v.file_id is not null or v.external_resource_uri is not null)`);
}

/**
 * The tax receipt, issued now, when the order asks for single receipts and the receipt rules
 * allow one (country, receiptable amount: the settings and derivation the receipts module owns).
 * A refusal there means "no receipt for this order", not a failed completion.
 */
export async function issueReceiptIfDue(tx: Tx, order: OrderRow, actorId: number | null): Promise<void> {
  // The receipts module decides (setting, receipt type, rules), as for a recurring charge.
  await issueReceiptOnCompletion(tx, order.id, actorId);
}
