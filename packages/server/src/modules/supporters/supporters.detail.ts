import { toDecimal, type SupporterOption } from '@almoner/contracts';
import { supporterMemberships } from '../memberships/memberships.grants.ts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { inLedgerSql, numberSql, statusSql } from '../contributions/contributions.status.ts';

const iso = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));

const LIFETIME = ['lifetime_donation_amount', 'lifetime_purchase_amount', 'lifetime_fundraising_amount'] as const;

/** A minor-unit field as the API's decimal in `currency`. */
function decimal(row: Record<string, unknown>, field: string, currency: unknown): Record<string, unknown> {
  const value = row[field];
  return value === null || value === undefined ? row : { ...row, [field]: toDecimal(String(value), String(currency)) };
}

/** A supporter's page: profile, addresses, memberships, recurring profiles, recent contributions. */
export async function getSupporter(db: Queryable, id: number) {
  const [supporter] = await queryRows(db, sql`
    select s.*, to_char(s.deceased_on, 'YYYY-MM-DD') as deceased_on, t.name as account_type, t.is_organization,
           (select nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') from users u where u.id = s.erased_by) as erased_by_name
      from supporters s left join account_types t on t.id = s.account_type_id where s.id = ${id}`);
  if (!supporter) throw new AppError('not_found', 'This supporter does not exist.');
  delete supporter.password_hash;
  delete supporter.searchable_text;
  const [memberships, profiles, contributions] = await Promise.all([
    // One derivation of "expired" (the organisation's today), shared with the memberships API.
    supporterMemberships(db, id),
    queryRows(db, sql`select id, status, description, billing_period, amount, currency_code, next_billing_date
                        from recurring_payment_profiles where supporter_id = ${id} order by id desc`),
    queryRows(db, sql`select c.id, ${numberSql} as number, c.ordered_at, c.total_amount,
                             c.currency_code, ${statusSql} as status
                        from contributions c where c.supporter_id = ${id} and ${inLedgerSql}
                       order by c.ordered_at desc, c.id desc limit 25`),
  ]);
  // Lifetime giving is in the organisation currency (the supporter's currency_code); the rest in each row's own.
  const shown = LIFETIME.reduce((row, field) => decimal(row, field, supporter.currency_code), supporter);
  return {
    supporter: iso(shown),
    memberships,
    recurring: profiles.map((p) => iso(decimal(p, 'amount', p.currency_code))),
    contributions: contributions.map((c) => iso(decimal(c, 'total_amount', c.currency_code))),
  };
}

/**
 * The supporter picker (`supporters.json?query=`): active supporters whose name, email, phone
 * or address matches every word, or whose CRM donor id is the query. Empty query → [].
 */
export async function searchSupporterOptions(db: Queryable, query: string): Promise<SupporterOption[]> {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return [];
  const match = sql.join(words.map((w) => sql`s.searchable_text like ${`%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`), sql` and `);
  const rows = await queryRows(db, sql`
    select s.id, coalesce(nullif(s.display_name, ''), trim(concat_ws(' ', s.first_name, s.last_name))) as display_name,
           s.email, nullif(concat_ws(', ', nullif(s.bill_address_01, ''), nullif(s.bill_city, ''), nullif(s.bill_state, ''), nullif(s.bill_country, '')), '') as display_bill_address,
           nullif(s.bill_phone, '') as display_bill_phone, coalesce(t.is_organization, false) as is_organization,
           m.name as membership_name, m.expires_on as membership_expires_on,
           to_char(s.deceased_on, 'YYYY-MM-DD') as deceased_on, s.do_not_contact
      from supporters s
      left join account_types t on t.id = s.account_type_id
      left join lateral (select ms.name, sm.expires_on from supporter_memberships sm join memberships ms on ms.id = sm.membership_id
                          where sm.supporter_id = s.id and sm.deleted_at is null order by sm.starts_on desc limit 1) m on true
     where s.is_active and not s.is_spam and s.erased_at is null and ((${match}) or s.donor_id = ${query.trim()})
     order by s.last_payment_at desc nulls last, s.id desc limit 50`);
  const today = new Date().toISOString().slice(0, 10);
  return rows.map((r) => {
    const expires = r.membership_expires_on ? String(r.membership_expires_on instanceof Date ? r.membership_expires_on.toISOString() : r.membership_expires_on).slice(0, 10) : null;
    return {
      id: Number(r.id),
      display_name: String(r.display_name ?? ''),
      email: (r.email as string | null) ?? null,
      display_bill_address: (r.display_bill_address as string | null) ?? null,
      display_bill_phone: (r.display_bill_phone as string | null) ?? null,
      icon: r.is_organization ? 'building' : 'user',
      membership_name: (r.membership_name as string | null) ?? null,
      membership_expires_on: expires,
      membership_is_expired: expires !== null && expires < today,
      deceased_on: (r.deceased_on as string | null) ?? null,
      do_not_contact: Boolean(r.do_not_contact),
    };
  });
}
