import { type ContributionFacts, contributionStatusOf, formatContributionNumber, paymentStateOf, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { contributionNotes } from './contributions.notes.ts';
import { refundablePaymentSql } from './contributions.refund.ts';

const iso = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

/** The API speaks decimals: each named minor-unit field becomes a decimal in `currency`. */
function decimals(row: Record<string, unknown>, fields: readonly string[], currency: string): Record<string, unknown> {
  const out = { ...row };
  for (const field of fields) {
    const value = out[field];
    if (value !== null && value !== undefined) out[field] = toDecimal(String(value), currency);
  }
  return out;
}

/**
 * What a refund gave back (its refund_items): each item or designation, or recurring charge, with
 * the amount. Empty for a refund of a whole payment, which covers everything on it.
 */
const refundItemsJson = sql`coalesce((select json_agg(json_build_object(
    'id', ri.id, 'amount', ri.amount, 'contribution_item_id', ri.contribution_item_id, 'description', ci.description,
    'gl_code', ci.gl_code, 'recurring_transaction_id', ri.recurring_transaction_id, 'charged_at', rt.ordered_at) order by ri.id)
  from refund_items ri left join contribution_items ci on ci.id = ri.contribution_item_id
       left join recurring_transactions rt on rt.id = ri.recurring_transaction_id
  where ri.refund_id = r.id), '[]'::json)`;

const CONTRIBUTION_MONEY = ['subtotal_amount', 'discount_amount', 'tax_amount', 'shipping_amount', 'dcc_amount', 'total_amount', 'refunded_amount', 'refundable_amount'] as const;

/** A contribution's page: the record, its items, payments with refunds, supporter and history. */
/**
 * The contribution a page address names: its id, or its invoice number (what staff read on a
 * receipt and what the point of sale's View link carries, spec part 3 §2.3).
 */
export async function contributionIdFor(db: Queryable, ref: string): Promise<number> {
  if (/^\d{1,10}$/.test(ref) && Number(ref) > 0 && Number(ref) < 2 ** 31) return Number(ref);
  const [row] = await queryRows(db, sql`select id from contributions where invoice_number = ${ref}`);
  if (!row) throw new AppError('not_found', 'This contribution does not exist.');
  return Number(row.id);
}

export async function getContribution(db: Queryable, id: number) {
  const [contribution] = await queryRows(db, sql`
    select c.id, c.invoice_number, c.client_uuid,
           c.ordered_at, c.paid_at, c.payment_status, c.source, c.referral_source, c.is_pos, c.is_test, c.is_spam, c.is_recurring,
           c.is_fulfilled, c.shippable_items, c.dispute_status, c.currency_code, c.subtotal_amount, c.discount_amount, c.tax_amount,
           c.shipping_amount, c.dcc_amount, c.total_amount, c.refunded_amount, c.refunded_at, c.payment_type,
           c.functional_currency_code, c.functional_exchange_rate::text as functional_exchange_rate, c.functional_total_amount,
           to_char(c.functional_rate_date, 'YYYY-MM-DD') as functional_rate_date,
           c.bill_first_name, c.bill_last_name, c.bill_organization_name, c.bill_email, c.bill_phone,
           c.bill_address_01, c.bill_address_02, c.bill_city, c.bill_state, c.bill_zip, c.bill_country,
           c.ship_first_name, c.ship_last_name, c.ship_address_01, c.ship_address_02, c.ship_city, c.ship_state,
           c.ship_zip, c.ship_country, c.comments, c.customer_notes, c.gift_id, c.donor_id, c.deleted_at, c.updated_at,
           to_char(c.acknowledged_on, 'YYYY-MM-DD') as acknowledged_on,
           c.campaign_id, c.appeal_id, (select k.name from campaigns k where k.id = c.campaign_id) as campaign_name,
           (select a.name || ' (' || a.code || ')' from appeals a where a.id = c.appeal_id) as appeal_name,
           c.supporter_id, s.display_name as supporter_name, s.email as supporter_email, c.recurring_payment_profile_id,
           to_char(s.deceased_on, 'YYYY-MM-DD') as supporter_deceased_on, s.do_not_contact as supporter_do_not_contact,
           (select rp.profile_id from recurring_payment_profiles rp where rp.id = c.recurring_payment_profile_id) as recurring_profile_ref,
           coalesce((select r.left from (${refundablePaymentSql(sql`c.id`)}) r), 0) as refundable_amount
      from contributions c left join supporters s on s.id = c.supporter_id
     where c.id = ${id}`);
  if (!contribution) throw new AppError('not_found', 'This contribution does not exist.');
  // Number, payment state and status from the same functions the listing's SQL mirrors.
  const facts = contribution as ContributionFacts & { invoice_number: string | null; client_uuid: string };
  Object.assign(contribution, { number: formatContributionNumber(facts), payment_state: paymentStateOf(facts), status: contributionStatusOf(facts) });
  const [items, payments, history, notes] = await Promise.all([
    queryRows(db, sql`select id, description, code, qty, price, discount, total, is_donation, gl_code,
                             recurring_frequency, is_tribute, tribute_type_id, tribute_name, tribute_message, product_id, sponsorship_id, fundraising_page_id,
                             (select t.id from tributes t where t.contribution_item_id = contribution_items.id and t.deleted_at is null) as tribute_id
                        from contribution_items where contribution_id = ${id} order by id`),
    queryRows(db, sql`select p.id, p.type, p.status, p.amount, p.amount_refunded, p.currency_code, p.gateway,
                             p.reference_number, p.card_brand, p.card_last4, p.cheque_number, p.failure_message,
                             p.created_at, p.captured_at,
                             coalesce((select json_agg(json_build_object('id', r.id, 'amount', r.amount, 'status', r.status,
                                        'reason', r.reason, 'created_at', r.created_at, 'items', ${refundItemsJson}) order by r.id)
                                         from refunds r where r.payment_id = p.id), '[]'::json) as refunds
                        from payments p join payment_links l on l.payment_id = p.id
                       where l.contribution_id = ${id} order by p.id`),
    queryRows(db, sql`select h.id, h.event, h.amount, h.note, h.occurred_at,
                             nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as user_name
                        from contribution_status_history h left join users u on u.id = h.user_id
                       where h.contribution_id = ${id} order by h.occurred_at, h.id`),
    contributionNotes(db, id),
  ]);
  // Status and payment state above read minor units; only the answer converts.
  const currency = String(contribution.currency_code);
  const shown = decimals(decimals(contribution, CONTRIBUTION_MONEY, currency), ['functional_total_amount'], String(contribution.functional_currency_code));
  return {
    contribution: iso(shown),
    items: items.map((item) => iso(decimals(item, ['price', 'discount', 'total'], currency))),
    payments: payments.map((payment) => {
      const code = String(payment.currency_code);
      const refunds = (payment.refunds as Record<string, unknown>[]).map((r) => ({
        ...decimals(r, ['amount'], code),
        items: (r.items as Record<string, unknown>[]).map((line) => decimals(line, ['amount'], code)),
      }));
      return iso({ ...decimals(payment, ['amount', 'amount_refunded'], code), refunds });
    }),
    history: history.map((entry) => iso(decimals(entry, ['amount'], currency))),
    notes,
  };
}
