import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { deriveRefundedFigures } from '../payments/refunds.derive.ts';

/**
 * Report test data, made set-wise with generate_series so a million contributions take seconds
 * (tests use a few hundred; bench/reports.bench.ts the million). Three currencies (USD, the
 * organisation's; EUR with a rate change 200 days ago; JPY with no decimals), paid, failed and
 * abandoned contributions, full and partial refunds, recurring charges, DCC lines and the fee
 * ledger. `tag` keeps one call's rows apart from another's. Used by tests and the bench only.
 */
export async function generateReportData(q: Queryable, n: number, tag: string): Promise<void> {
  const supporters = Math.max(10, Math.floor(n / 20));
  const profiles = Math.max(3, Math.floor(n / 50));
  const charges = Math.max(10, Math.floor(n / 5));
  await q.execute(sql`insert into exchange_rates (currency_code, rate, effective_on, source) values
    ('EUR', 1.1, date '2000-01-01', 'entered'), ('EUR', 1.2, current_date - 200, 'entered'), ('JPY', 0.0068, date '2000-01-01', 'entered')
    on conflict (currency_code, effective_on) do nothing`);
  await q.execute(sql`insert into supporters (first_name, last_name, email, currency_code, email_opt_in)
    select 'Rep' || ${tag}, 'Supporter' || g, lower(${tag}) || '-' || g || '@example.org', 'USD', g % 2 = 0 from generate_series(1, ${supporters}) g`);
  // Every seventh supporter was referred by the first of this batch.
  await q.execute(sql`update supporters s set referred_by_supporter_id = f.id
    from (select min(id) as id from supporters where first_name = ${'Rep' + tag}) f
    where s.first_name = ${'Rep' + tag} and s.id <> f.id and s.id % 7 = 0`);
  await q.execute(sql`insert into products (name, code, base_currency) select 'Report ' || ${tag} || ' ' || k, upper(${tag}) || '-P' || k, 'USD' from generate_series(0, 4) k`);
  await insertContributions(q, n, tag);
  await insertRecurring(q, profiles, charges, tag);
  await insertRefundsAndFees(q, tag);
}

const rateAt = (currency: string, at: string) =>
  sql.raw(`(case when ${currency} = 'USD' then 1 else (select r.rate from exchange_rates r where r.currency_code = ${currency} and r.effective_on <= (${at} at time zone 'UTC')::date order by r.effective_on desc limit 1) end)`);
const digits = (currency: string) => sql.raw(`(case ${currency} when 'JPY' then 0 else 2 end)`);

async function insertContributions(q: Queryable, n: number, tag: string) {
  // One line each: qty 1–3 × price; DCC on every fourth; every 17th never paid (odd: abandoned, even: failed).
  await q.execute(sql`
    insert into contributions (client_uuid, invoice_number, supporter_id, started_at, ordered_at, paid_at, is_pos, currency_code,
      subtotal_amount, dcc_amount, total_amount, functional_currency_code, functional_exchange_rate, functional_total_amount,
      payment_type, payment_status, payment_card_brand, payment_card_last4, payment_gateway, bill_first_name, bill_last_name, bill_email,
      total_items, total_qty, is_recurring, response_text, searchable_text)
    select uuid, case when paid then uuid end, sup, at, at, case when paid then at end, g % 5 = 0, cur,
           sub, dcc, sub + dcc, 'USD', ${rateAt('cur', 'at')}, round((sub + dcc) * ${rateAt('cur', 'at')} * 100 / power(10, ${digits('cur')})),
           case when g % 17 = 0 and g % 2 = 1 then null else 'card' end,
           case when paid then 'succeeded' when g % 2 = 0 then 'failed' end,
           (array['visa', 'mastercard', 'amex'])[1 + g % 3], lpad((g % 10000)::text, 4, '0'), (array['sandbox', 'stripe'])[1 + g % 2],
           case when g % 29 = 0 then '=HYPERLINK("x")' else 'Ada' end, 'Payer' || g, lower(${tag}) || '-buyer' || g || '@example.org',
           1, qty, false, case when not paid then 'Declined' end, lower(${tag}) || ' payer' || g
      from (select g, upper(${tag}) || '-' || lpad(g::text, 9, '0') as uuid,
                   (select min(id) from supporters where first_name = ${'Rep' + tag}) + g % ${Math.max(10, Math.floor(n / 20))} as sup,
                   now() - (g % 400) * interval '1 day' - (g % 24) * interval '1 hour' as at, g % 17 <> 0 as paid,
                   (array['USD', 'EUR', 'JPY'])[1 + g % 3] as cur, 1 + g % 3 as qty,
                   (1 + g % 3) * (500 + (g % 50) * 100) as sub,
                   case when g % 4 = 0 then case g % 3 when 2 then 50 else 75 end else 0 end as dcc
              from generate_series(1, ${n}) g) x`);
  await q.execute(sql`
    insert into contribution_items (contribution_id, product_id, description, code, qty, price, original_price, total, is_donation, dcc_eligible, dcc_amount)
    select c.id, p.id, p.name, p.code, c.total_qty, c.subtotal_amount / c.total_qty, c.subtotal_amount / c.total_qty, c.subtotal_amount,
           k < 2, c.id % 2 = 0 or c.dcc_amount > 0, c.dcc_amount
      from contributions c cross join lateral (select (c.id % 5) as k) kk
      join products p on p.code = upper(${tag}) || '-P' || kk.k
     where c.client_uuid like ${`${tag.toUpperCase()}-%`}`);
  await q.execute(sql`
    insert into payments (type, status, amount, currency_code, functional_amount, functional_rate, functional_rate_date, paid, captured, captured_at,
      reference_number, description, supporter_id, gateway, card_brand, card_last4, failure_message, platform_fee_type, created_at)
    select 'card', c.payment_status, c.total_amount, c.currency_code, c.functional_total_amount, c.functional_exchange_rate, c.ordered_at::date,
           c.paid_at is not null, c.paid_at is not null, c.paid_at, 'R' || c.client_uuid, 'Payment for Contribution #' || c.client_uuid,
           c.supporter_id, c.payment_gateway, c.payment_card_brand, c.payment_card_last4, case when c.payment_status = 'failed' then 'Declined' end,
           case when c.id % 2 = 0 then 'standard' else 'nonprofit' end, c.ordered_at
      from contributions c where c.client_uuid like ${`${tag.toUpperCase()}-%`} and c.payment_status is not null`);
  // Fresh statistics first: just after a bulk load the planner takes both tables for tiny and
  // joins them with a nested loop (at 1,000,000 rows that ran for hours instead of seconds).
  await q.execute(sql`analyze contributions`);
  await q.execute(sql`analyze payments`);
  await q.execute(sql`insert into payment_links (payment_id, contribution_id)
    select p.id, c.id from payments p join contributions c on p.reference_number = 'R' || c.client_uuid
     where c.client_uuid like ${`${tag.toUpperCase()}-%`}`);
}

async function insertRecurring(q: Queryable, profiles: number, charges: number, tag: string) {
  await q.execute(sql`
    insert into recurring_payment_profiles (profile_id, status, supporter_id, description, start_date, billing_period, currency_code, amount, dcc_amount)
    select upper(left(${tag}, 6)) || k, 'Active', (select min(id) from supporters where first_name = ${'Rep' + tag}) + k,
           'Monthly gift ' || k, current_date - 400, 'monthly', (array['USD', 'EUR', 'JPY'])[1 + k % 3],
           case k % 3 when 2 then 3000 else 2500 end, case when k % 2 = 0 then 40 else 0 end
      from generate_series(0, ${profiles - 1}) k`);
  await q.execute(sql`
    insert into recurring_transactions (recurring_payment_profile_id, transaction_reference, payment_status, reason_code, payment_method_description,
      ordered_at, currency_code, amount, functional_amount, functional_rate, functional_rate_date, dcc_amount)
    select r.id, upper(${tag}) || '-T' || g, case when g % 9 = 0 then 'failed' else 'succeeded' end, case when g % 9 = 0 then 'Insufficient funds' else 'Approved' end,
           'Visa •••• 4242', at, r.currency_code, r.amount + r.dcc_amount,
           round((r.amount + r.dcc_amount) * ${rateAt('r.currency_code', 'at')} * 100 / power(10, ${digits('r.currency_code')})),
           ${rateAt('r.currency_code', 'at')}, at::date, r.dcc_amount
      from (select g, now() - (g % 380) * interval '1 day' as at, g % ${profiles} as k from generate_series(1, ${charges}) g) x
      join recurring_payment_profiles r on r.profile_id = upper(left(${tag}, 6)) || x.k`);
  await q.execute(sql`
    insert into payments (type, status, amount, currency_code, functional_amount, functional_rate, functional_rate_date, paid, captured, captured_at,
      reference_number, gateway, card_brand, card_last4, platform_fee_type, created_at, supporter_id)
    select 'card', t.payment_status, t.amount, t.currency_code, t.functional_amount, t.functional_rate, t.functional_rate_date,
           t.payment_status = 'succeeded', t.payment_status = 'succeeded', case when t.payment_status = 'succeeded' then t.ordered_at end,
           t.transaction_reference, 'sandbox', 'mastercard', '4444', 'standard', t.ordered_at, r.supporter_id
      from recurring_transactions t join recurring_payment_profiles r on r.id = t.recurring_payment_profile_id
     where t.transaction_reference like ${`${tag.toUpperCase()}-T%`}`);
  await q.execute(sql`analyze recurring_transactions`);
  await q.execute(sql`analyze payments`);
  await q.execute(sql`insert into payment_links (payment_id, recurring_payment_profile_id, recurring_transaction_id)
    select p.id, t.recurring_payment_profile_id, t.id from payments p join recurring_transactions t on t.transaction_reference = p.reference_number
     where t.transaction_reference like ${`${tag.toUpperCase()}-T%`}`);
}

async function insertRefundsAndFees(q: Queryable, tag: string) {
  const mine = sql`(p.reference_number like ${`R${tag.toUpperCase()}-%`} or p.reference_number like ${`${tag.toUpperCase()}-T%`})`;
  // Every 11th succeeded payment refunded in full, every 13th by half (at least one minor unit).
  await q.execute(sql`
    insert into refunds (payment_id, status, amount, currency_code, functional_amount, functional_rate, functional_rate_date, reference_number, created_at)
    select p.id, 'succeeded', amt, p.currency_code, round(amt * p.functional_rate * 100 / power(10, ${digits('p.currency_code')})), p.functional_rate,
           p.functional_rate_date, 'RF' || p.id, p.created_at + interval '1 hour'
      from (select p.*, case when p.id % 11 = 0 then p.amount else greatest(1, p.amount / 2) end as amt from payments p
             where ${mine} and p.status = 'succeeded' and (p.id % 11 = 0 or p.id % 13 = 0)) p`);
  await deriveRefundedFigures(q, sql`select p.id from payments p where ${mine}`);
  await q.execute(sql`
    insert into transaction_fees (period, payment_id, source_amount, rate, amount, currency_code, exchange_rate, settlement_amount, settlement_currency_code, description, created_at)
    select to_char(p.created_at at time zone 'UTC', 'YYYY-MM'), p.id, p.amount, 0.025, round(p.amount * 0.025), p.currency_code, p.functional_rate,
           round(round(p.amount * 0.025) * p.functional_rate * 100 / power(10, ${digits('p.currency_code')})), 'USD',
           case when p.id % 31 = 0 then '@SUM(A1)' else 'Platform fee for ' || p.reference_number end, p.created_at
      from payments p where ${mine} and p.status = 'succeeded'`);
  await q.execute(sql`
    insert into transaction_fees (period, refund_id, source_amount, rate, amount, currency_code, exchange_rate, settlement_amount, settlement_currency_code, description, created_at)
    select to_char(r.created_at at time zone 'UTC', 'YYYY-MM'), r.id, r.amount, 0.025, -round(r.amount * 0.025), r.currency_code, r.functional_rate,
           -round(round(r.amount * 0.025) * r.functional_rate * 100 / power(10, ${digits('r.currency_code')})), 'USD', 'Fee returned for ' || r.reference_number, r.created_at
      from refunds r join payments p on p.id = r.payment_id where ${mine}`);
}
