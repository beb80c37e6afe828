import { currencyDigits, parseCheckDate, posCompleteMessages, POS_PAYMENT_TYPES, toMinor, type PosCompleteRequest, type PosPaymentType } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

/** The locked order row, as completion reads it. */
export type OrderRow = {
  id: number;
  client_uuid: string;
  invoice_number: string | null;
  paid_at: Date | string | null;
  supporter_id: number | null;
  currency_code: string;
  total_amount: number;
  tax_receipt_type: string;
  bill_first_name: string | null;
  bill_last_name: string | null;
  bill_email: string | null;
  promo_ids: number[];
};

/** One item with what completion needs of its variant and product. */
export type ItemRow = {
  id: number;
  variant_id: number | null;
  product_id: number | null;
  sponsorship_id: number | null;
  description: string;
  gl_code: string | null;
  qty: number;
  price: number;
  total: number;
  dcc_recurring_amount: number;
  is_tribute: boolean;
  recurring_amount: number | null;
  recurring_frequency: string | null;
  recurring_day: number | null;
  recurring_day_of_week: number | null;
  recurring_cycles: number | null;
  recurring_starts_on: string | null;
  membership_id: number | null;
  is_download: boolean;
};

/**
 * Locks the order's row: completions of one order run one at a time from here to commit. Point-of-sale
 * orders and text-to-give gifts (source Messenger, paid through their gift link) complete this way.
 */
export async function lockOrder(q: Queryable, id: number): Promise<OrderRow | null> {
  const [row] = await queryRows(q, sql`
    select c.id, c.client_uuid, c.invoice_number, c.paid_at, c.supporter_id, c.currency_code, c.total_amount::bigint as total_amount,
           c.tax_receipt_type, c.bill_first_name, c.bill_last_name, c.bill_email,
           array(select promo_code_id from contribution_promo_codes where contribution_id = c.id) as promo_ids
      from contributions c where c.id = ${id} and (c.is_pos or c.source = 'Messenger') and c.deleted_at is null
       for update of c`);
  return row ? ({ ...row, total_amount: Number(row.total_amount) } as unknown as OrderRow) : null;
}

export async function loadItems(q: Queryable, id: number): Promise<ItemRow[]> {
  const rows = await queryRows(q, sql`
    select i.id, i.variant_id, i.product_id, i.sponsorship_id, i.description, i.gl_code, i.qty, i.price::bigint as price, i.total::bigint as total,
           i.dcc_recurring_amount::bigint as dcc_recurring_amount, i.is_tribute, i.recurring_amount::bigint as recurring_amount,
           i.recurring_frequency, i.recurring_day, i.recurring_day_of_week, i.recurring_cycles, i.recurring_starts_on::text as recurring_starts_on,
           v.membership_id, (v.file_id is not null or v.external_resource_uri is not null) as is_download
      from contribution_items i left join product_variants v on v.id = i.variant_id
     where i.contribution_id = ${id} order by i.id`);
  return rows.map((r) => ({
    ...r,
    price: Number(r.price),
    total: Number(r.total),
    dcc_recurring_amount: Number(r.dcc_recurring_amount),
    recurring_amount: r.recurring_amount === null ? null : Number(r.recurring_amount),
    is_download: Boolean(r.is_download),
  })) as unknown as ItemRow[];
}

const hasBillingName = (o: OrderRow) => Boolean(o.bill_first_name?.trim() && o.bill_last_name?.trim());

/**
 * The spec's checks before payment (§5 "POS before payment"), in its order, each answering its
 * own message on its field. Nothing has changed when one fails. Returns the payment type to use
 * (`free` when nothing is due).
 */
export function checkBeforePayment(order: OrderRow, items: ItemRow[], input: PosCompleteRequest): { type: PosPaymentType; checkDate: string | null } {
  if (items.length === 0) throw fieldError('items', posCompleteMessages.noItems);
  if (items.some((i) => i.is_download) && !order.bill_email?.trim()) throw fieldError('bill_email', posCompleteMessages.downloadsNeedEmail);
  if (!order.supporter_id && !hasBillingName(order)) {
    if (items.some((i) => i.membership_id !== null)) throw fieldError('member_id', posCompleteMessages.membershipsNeedSupporter);
    if (items.some((i) => i.recurring_frequency !== null)) throw fieldError('member_id', posCompleteMessages.recurringNeedSupporter);
  }
  // Nothing due: no payment whatever the dialog chose (the spec's 'No Payment Required').
  if (order.total_amount === 0) return { type: 'free', checkDate: null };
  const type = POS_PAYMENT_TYPES.find((t) => t === input.payment_type);
  if (!type || type === 'free') throw fieldError('payment_type', posCompleteMessages.invalidType);
  const due = order.total_amount;
  // Rounded to the currency's decimals first, as the incumbent compares (round(cash, 2) ≥ total).
  const minor = (v: number) => toMinor(v.toFixed(currencyDigits(order.currency_code)), order.currency_code);
  if (type === 'cash' && minor(input.cash_received) < due) throw fieldError('cash_received', posCompleteMessages.insufficientCash);
  let checkDate: string | null = null;
  if (type === 'check') {
    if (!input.check_number) throw fieldError('check_number', posCompleteMessages.checkNumber);
    checkDate = input.check_date ? parseCheckDate(input.check_date) : null;
    if (!checkDate) throw fieldError('check_date', posCompleteMessages.checkDate);
    if (minor(input.check_amt) <= 0) throw fieldError('check_amt', posCompleteMessages.checkAmount);
  }
  if (type === 'other' && !input.payment_other_reference) throw fieldError('payment_other_reference', posCompleteMessages.otherReference);
  if (type === 'credit_card' && !input.token) throw fieldError('token', posCompleteMessages.cardToken);
  return { type, checkDate };
}
