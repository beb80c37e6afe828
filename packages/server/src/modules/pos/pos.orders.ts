import { randomUUID } from 'node:crypto';
import { posMessages, type PosDefaults, type PosUpdate } from '@almoner/contracts';
import { sql, type SQL } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { convertToOrgCurrency } from '../money/money.convert.ts';
import { resolveAttribution } from '../campaigns/campaigns.service.ts';
import { getSettings } from '../settings/settings.service.ts';
import { orderConverter } from './pos.currency.ts';
import { readDefaults } from './pos.defaults.ts';
import { saveTotals } from './pos.pricing.ts';
import { revalidatePromos } from './pos.promos.ts';

/** Starting, guarding and editing a point-of-sale order (a `contributions` row with is_pos). */

export type OrderRow = Record<string, unknown> & { id: number; currency_code: string; client_uuid: string; supporter_id: number | null; paid_at: unknown };

/** Locks an open POS order for a change, or refuses: unknown, not from the POS, or already paid. */
export async function lockOpenOrder(tx: Queryable, id: number, paidMessage: string | ((clientUuid: string) => string) = posMessages.orderPaid): Promise<OrderRow> {
  const [order] = (await queryRows(tx, sql`select * from contributions where id = ${id} and deleted_at is null for update`)) as OrderRow[];
  if (!order) throw new AppError('not_found', posMessages.orderNotFound);
  if (!order.is_pos) throw new AppError('not_found', posMessages.notPosOrder);
  // Nothing changes once paid: the payment, receipts and stock already stand on these figures.
  if (order.paid_at !== null) throw new AppError('conflict', typeof paidMessage === 'function' ? paidMessage(order.client_uuid) : paidMessage);
  return order;
}

/** Checks the currency can be priced (there is a rate for it today); the messages name it. */
async function assertConvertible(q: Queryable, currency: string): Promise<void> {
  try {
    await orderConverter(q, currency, new Date()).then((c) => c.toOrder(1, c.orgCurrency));
  } catch (error) {
    if (error instanceof AppError) throw fieldError('currency_code', posMessages.currencyNotConvertible(currency));
    throw error;
  }
}

/** POST /jpanel/pos/new: a new order with the incumbent's defaults (§6.1), then the user's saved ones. */
export async function startOrder(tx: Tx, actor: Actor, input: { currency_code?: string | undefined; use_defaults?: boolean | undefined }): Promise<number> {
  const settings = await getSettings(tx, ['site_currency', 'default_country', 'pos_tax_address1', 'pos_tax_city', 'pos_tax_state', 'pos_tax_zip', 'pos_tax_country']);
  const saved = input.use_defaults === false || actor.userId === null ? null : await readDefaults(tx, actor.userId);
  const currency = input.currency_code ?? saved?.currency_code ?? settings.site_currency;
  await assertConvertible(tx, currency);
  const [accountType] = await queryRows(tx, sql`select id from account_types where is_default order by sequence, id limit 1`);
  const functional = await convertToOrgCurrency(tx, { amount: 0, currency, at: new Date() });
  const blank = (v: string) => v || null;
  const [row] = await queryRows(tx, sql`
    insert into contributions (client_uuid, currency_code, is_pos, is_anonymous, source, bill_country, ship_country,
                               tax_address_01, tax_city, tax_state, tax_zip, tax_country, account_type_id, created_by,
                               functional_currency_code, functional_exchange_rate, functional_total_amount, functional_rate_date)
    values (${randomUUID().toUpperCase()}, ${currency}, true, true, 'POS', ${blank(settings.default_country)}, ${blank(settings.default_country)},
            ${blank(settings.pos_tax_address1)}, ${blank(settings.pos_tax_city)}, ${blank(settings.pos_tax_state)}, ${blank(settings.pos_tax_zip)},
            ${blank(settings.pos_tax_country)}, ${accountType?.id ?? null}, ${actor.userId},
            ${functional.currency}, ${functional.rate}, ${functional.amount}, ${functional.rateDate})
    returning id`);
  const id = Number(row!.id);
  if (saved) await applyDefaults(tx, id, saved);
  await saveTotals(tx, id);
  return id;
}

async function applyDefaults(tx: Queryable, id: number, d: PosDefaults): Promise<void> {
  const tax = d.tax_country ? sql`, tax_address_01 = ${d.tax_address1}, tax_address_02 = ${d.tax_address2}, tax_city = ${d.tax_city},
      tax_state = ${d.tax_state}, tax_zip = ${d.tax_zip}, tax_country = ${d.tax_country}` : sql``;
  await tx.execute(sql`
    update contributions set source = coalesce(${d.source}, source), referral_source = ${d.referral_source}, comments = ${d.comments},
           is_anonymous = ${d.is_anonymous}, dcc_enabled_by_customer = ${d.dcc_enabled_by_customer}, dcc_type = ${d.dcc_type},
           email_opt_in = ${d.email_opt_in}, send_confirmation_emails = ${d.send_confirmation_emails},
           account_type_id = coalesce((select id from account_types where id = ${d.account_type_id}), account_type_id)
           ${tax}
     where id = ${id}`);
}

const COLUMN: Record<string, string> = {
  title: 'title', first_name: 'first_name', last_name: 'last_name', organization_name: 'organization_name', email: 'email',
  address1: 'address_01', address2: 'address_02', city: 'city', state: 'state', zip: 'zip', country: 'country', phone: 'phone',
};

const isComplete = (a: Record<string, unknown>) => Boolean(a.address_01 && a.city && a.state && a.zip);

/** Copies a supporter's billing and shipping details onto the order (the incumbent's "populate"). */
async function populateFromSupporter(tx: Queryable, orderId: number, supporterId: number): Promise<void> {
  const sets = ['bill', 'ship'].flatMap((p) => Object.values(COLUMN).map((c) => `${p}_${c} = coalesce(nullif(s.${p}_${c}, ''), c.${p}_${c})`));
  await tx.execute(sql`
    update contributions c set supporter_id = s.id, account_type_id = coalesce(s.account_type_id, c.account_type_id),
           bill_email = coalesce(nullif(s.bill_email, ''), nullif(s.email, ''), c.bill_email), ${sql.raw(sets.filter((x) => !x.startsWith('bill_email')).join(', '))}
      from supporters s
     where c.id = ${orderId} and s.id = ${supporterId}`);
}

/** POST /jpanel/pos/{id}/update. Returns a note for the answer (promo codes that stopped applying). */
export async function updateOrder(tx: Tx, id: number, body: PosUpdate): Promise<string | null> {
  const order = await lockOpenOrder(tx, id);
  const sets: SQL[] = [];
  const set = (column: string, value: unknown) => sets.push(sql`${sql.identifier(column)} = ${value}`);

  if (body.member_id !== undefined && body.member_id !== order.supporter_id) {
    if (body.member_id === null) set('supporter_id', null);
    else {
      const [s] = await queryRows(tx, sql`select id from supporters where id = ${body.member_id} and is_active`);
      if (!s) throw fieldError('member_id', posMessages.unknownSupporter);
      await populateFromSupporter(tx, id, body.member_id);
    }
  }
  const before = (await queryRows(tx, sql`select * from contributions where id = ${id}`))[0]!;
  const changed = { bill: false, ship: false };
  for (const [prefix, key] of [['bill', 'billing'], ['ship', 'shipping']] as const) {
    for (const [field, column] of Object.entries(COLUMN)) {
      const value = (body as Record<string, unknown>)[`${key}_${field}`];
      if (value === undefined) continue;
      set(`${prefix}_${column}`, value);
      if (before[`${prefix}_${column}`] !== value) changed[prefix] = true;
    }
  }
  if (body.ship_to_billing !== undefined) set('ship_to_billing', body.ship_to_billing);
  const taxFields = { tax_address1: 'tax_address_01', tax_address2: 'tax_address_02', tax_city: 'tax_city', tax_state: 'tax_state', tax_zip: 'tax_zip', tax_country: 'tax_country' } as const;
  let taxTyped = false;
  for (const [field, column] of Object.entries(taxFields)) {
    const value = body[field as keyof typeof taxFields];
    if (value === undefined) continue;
    set(column, value);
    taxTyped = true;
  }
  if (body.comments !== undefined) set('comments', body.comments);
  if (body.is_anonymous !== undefined) set('is_anonymous', body.is_anonymous);
  // The business date: noon UTC keeps the same calendar day in every organisation time zone but the extremes.
  if (body.ordered_at !== undefined) set('ordered_at', new Date(`${body.ordered_at}T12:00:00Z`));
  if (body.source !== undefined) set('source', body.source);
  if (body.referral_source !== undefined || body.other_referral_source !== undefined) {
    const referral = body.referral_source === 'Other' && body.other_referral_source ? body.other_referral_source : (body.referral_source ?? body.other_referral_source ?? null);
    set('referral_source', referral);
  }
  const attribution = await resolveAttribution(tx, body);
  if (attribution) {
    set('campaign_id', attribution.campaign_id);
    set('appeal_id', attribution.appeal_id);
  }
  if (body.dcc_enabled_by_customer !== undefined) set('dcc_enabled_by_customer', body.dcc_enabled_by_customer);
  if (body.dcc_type !== undefined) set('dcc_type', body.dcc_type);
  if (body.email_opt_in !== undefined) set('email_opt_in', body.email_opt_in);
  if (body.send_confirmation_emails !== undefined) set('send_confirmation_emails', body.send_confirmation_emails);
  if (body.account_type_id !== undefined) {
    if (body.account_type_id !== null && (await queryRows(tx, sql`select 1 from account_types where id = ${body.account_type_id}`)).length === 0) {
      throw fieldError('account_type_id', posMessages.unknownAccountType);
    }
    set('account_type_id', body.account_type_id);
  }
  if (body.shipping_method_id !== undefined) {
    if (body.shipping_method_id !== null && (await queryRows(tx, sql`select 1 from shipping_methods where id = ${body.shipping_method_id} and deleted_at is null`)).length === 0) {
      throw fieldError('shipping_method_id', posMessages.unknownShippingMethod);
    }
    set('shipping_method_id', body.shipping_method_id);
  }
  if (sets.length > 0) await tx.execute(sql`update contributions set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);

  await copyTaxAddress(tx, id, changed, taxTyped);
  if (body.currency_code !== undefined && body.currency_code !== order.currency_code) await switchCurrency(tx, id, order.currency_code, body.currency_code);
  const removed = await revalidatePromos(tx, id);
  await saveTotals(tx, id);
  return removed.length > 0 ? posMessages.codesRemoved(removed) : null;
}

/**
 * The incumbent's tax-address rule (setting pos_use_default_tax_region): a changed, complete
 * shipping address becomes the tax address; else a changed, complete billing address does when
 * the shipping one is incomplete. An address typed in the tax fields themselves wins.
 */
async function copyTaxAddress(tx: Queryable, id: number, changed: { bill: boolean; ship: boolean }, taxTyped: boolean): Promise<void> {
  if (taxTyped || (!changed.bill && !changed.ship)) return;
  const { pos_use_default_tax_region: on } = await getSettings(tx, ['pos_use_default_tax_region']);
  if (!on) return;
  const [c] = await queryRows(tx, sql`select * from contributions where id = ${id}`);
  const pick = (p: 'bill' | 'ship') => Object.fromEntries(['address_01', 'address_02', 'city', 'state', 'zip', 'country'].map((k) => [k, c![`${p}_${k}`]]));
  const ship = pick('ship');
  const bill = pick('bill');
  const from = changed.ship && isComplete(ship) ? ship : changed.bill && isComplete(bill) && !isComplete(ship) ? bill : null;
  if (!from) return;
  await tx.execute(sql`update contributions set tax_address_01 = ${from.address_01}, tax_address_02 = ${from.address_02}, tax_city = ${from.city},
                              tax_state = ${from.state}, tax_zip = ${from.zip}, tax_country = ${from.country} where id = ${id}`);
}

/**
 * Re-prices an open order in another currency: catalogue lines from their variant's price in the
 * product's currency (as when added), typed amounts (donations, custom sponsorship amounts,
 * fundraising gifts) converted from the old currency through the organisation currency.
 */
export async function switchCurrency(tx: Queryable, id: number, from: string, to: string): Promise<void> {
  await assertConvertible(tx, to);
  const oldToOrg = await orderConverter(tx, from, new Date());
  const toNew = await orderConverter(tx, to, new Date());
  const convert = (minor: number) => toNew.toOrder(oldToOrg.toOrg(minor), oldToOrg.orgCurrency);
  const items = await queryRows(tx, sql`
    select i.id, i.qty, i.original_price, i.discount, i.recurring_amount, i.recurring_frequency, i.is_donation, i.locked_to_item_id,
           v.id as variant_id, v.price as list_price, v.sale_price, p.base_currency, b.price as bundle_price
      from contribution_items i
      left join product_variants v on v.id = i.variant_id
      left join products p on p.id = v.product_id
      left join contribution_items parent on parent.id = i.locked_to_item_id
      left join variant_bundles b on b.variant_id = parent.variant_id and b.linked_variant_id = i.variant_id
     where i.contribution_id = ${id}`);
  for (const i of items) {
    let unit: number;
    let saleDiscount = 0;
    if (i.locked_to_item_id !== null && i.bundle_price !== null && i.base_currency) {
      unit = toNew.toOrder(Number(i.bundle_price), String(i.base_currency));
    } else if (i.variant_id !== null && !i.is_donation && i.base_currency) {
      const list = Number(i.list_price);
      const sale = i.sale_price === null ? null : Number(i.sale_price);
      const actual = sale !== null && sale > 0 && sale < list ? sale : list;
      unit = toNew.toOrder(actual, String(i.base_currency));
      saleDiscount = toNew.toOrder(list, String(i.base_currency)) - unit;
    } else {
      unit = convert(Number(i.original_price));
    }
    // A recurring line without a first charge keeps charging nothing today.
    const noInitial = i.recurring_frequency !== null && Number(i.original_price) === 0;
    const recurring = i.recurring_frequency === null ? null : i.is_donation || i.variant_id === null ? convert(Number(i.recurring_amount)) : unit;
    const price = noInitial ? 0 : unit;
    await tx.execute(sql`update contribution_items set original_price = ${price}, price = ${price}, discount = ${noInitial ? 0 : saleDiscount},
                                total = ${price} * greatest(1, qty), recurring_amount = ${recurring}, updated_at = now() where id = ${i.id}`);
  }
  await tx.execute(sql`update contributions set currency_code = ${to}, shipping_method_id = shipping_method_id where id = ${id}`);
}
