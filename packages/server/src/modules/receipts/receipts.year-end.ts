import { YEAR_END_SKIPPED_SHOWN, type YearEndDryRun, type YearEndFilters, type YearEndSkipReason, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { startOfOrgDaySql } from '../money/money.sql.ts';
import { getSettings } from '../settings/settings.service.ts';
import { receiptableAmountSql } from './receipts.service.ts';

/**
 * One donor's gifts in one currency over the period: the receiptable ones still without a live
 * receipt (what a consolidated receipt would cover), and how many were refunded or receipted.
 */
export type DonorGroup = {
  supporter_id: number;
  currency_code: string;
  name: string;
  gifts: number;
  amount: number;
  refunded: number;
  receipted: number;
  has_contact: boolean;
  country: string | null;
};

export type Planned = { group: DonorGroup; reason: YearEndSkipReason | 'issue' | 'below_minimum' | null };

/**
 * The period's paid gifts of known donors (guests have no donor to consolidate for), except
 * those whose donor asked for no receipt, grouped per donor and currency; a gift counts only if
 * it has something receiptable (a refunded one: what it would have had).
 */
export async function donorGroups(q: Queryable, f: YearEndFilters): Promise<DonorGroup[]> {
  const { sponsorship_tax_receipts: sponsorships } = await getSettings(q, ['sponsorship_tax_receipts']);
  const rows = await queryRows(q, sql`
    with gifts as (
      select g.id, g.supporter_id, g.currency_code, g.refunded_amount > 0 as refunded, g.bill_country,
             exists (select 1 from tax_receipt_lines l where l.contribution_id = g.id and l.live) as receipted,
             (${receiptableAmountSql(sql`g.id`, sponsorships, { ignoreRefund: true })}) as amount
        from contributions g
       where g.deleted_at is null and g.paid_at is not null and g.supporter_id is not null and g.tax_receipt_type <> 'none'
         and g.paid_at >= ${startOfOrgDaySql(f.from)} and g.paid_at < ${startOfOrgDaySql(f.to, 1)}
         ${f.currency ? sql`and g.currency_code = ${f.currency}` : sql``}
    ), groups as (
      select supporter_id, currency_code,
             count(*) filter (where not refunded and not receipted)::int as gifts,
             coalesce(sum(amount) filter (where not refunded and not receipted), 0)::bigint as amount,
             count(*) filter (where refunded)::int as refunded,
             count(*) filter (where receipted and not refunded)::int as receipted,
             max(bill_country) as bill_country
        from gifts where amount > 0 group by supporter_id, currency_code
    )
    select grp.*, coalesce(nullif(trim(s.display_name), ''), nullif(trim(concat_ws(' ', s.bill_first_name, s.bill_last_name)), ''), 'Supporter #' || s.id) as name,
           coalesce(s.bill_country, grp.bill_country) as country,
           (coalesce(s.bill_email, s.email, '') <> '' or (coalesce(s.bill_address_01, '') <> '' and coalesce(s.bill_city, '') <> '' and coalesce(s.bill_zip, '') <> '')) as has_contact
      from groups grp join supporters s on s.id = grp.supporter_id
     order by lower(coalesce(s.display_name, '')), grp.supporter_id, grp.currency_code`);
  return rows.map((r) => ({
    supporter_id: Number(r.supporter_id),
    currency_code: String(r.currency_code),
    name: String(r.name),
    gifts: Number(r.gifts),
    amount: Number(r.amount),
    refunded: Number(r.refunded),
    receipted: Number(r.receipted),
    has_contact: r.has_contact === true,
    country: (r.country as string | null) ?? null,
  }));
}

/**
 * What the run does with a group: issue, leave out below the minimum, or skip with a reason. A
 * group with nothing left to receipt is skipped for a refund, else for an existing receipt.
 */
export function planGroup(g: DonorGroup, f: YearEndFilters, allowedCountry: string): Planned['reason'] {
  if (g.gifts === 0) return g.refunded > 0 ? 'refunded' : g.receipted > 0 ? 'already_receipted' : null;
  if (allowedCountry !== 'ANY' && g.country !== allowedCountry) return 'country';
  if (!g.has_contact) return 'no_contact';
  if (f.min_amount !== undefined && toDecimal(g.amount, g.currency_code) < f.min_amount) return 'below_minimum';
  return 'issue';
}

export async function planYearEnd(q: Queryable, f: YearEndFilters): Promise<Planned[]> {
  const { tax_receipt_country: allowed } = await getSettings(q, ['tax_receipt_country']);
  return (await donorGroups(q, f)).map((group) => ({ group, reason: planGroup(group, f, allowed) }));
}

/** The dry run: counts, totals per currency (never summed across currencies) and the skipped donors. */
export async function dryRunYearEnd(q: Queryable, f: YearEndFilters): Promise<YearEndDryRun> {
  const plan = await planYearEnd(q, f);
  const issue = plan.filter((p) => p.reason === 'issue').map((p) => p.group);
  const totals = new Map<string, { amount: number; receipts: number }>();
  for (const g of issue) {
    const t = totals.get(g.currency_code) ?? { amount: 0, receipts: 0 };
    totals.set(g.currency_code, { amount: t.amount + g.amount, receipts: t.receipts + 1 });
  }
  const skipped = plan.filter((p): p is Planned & { reason: YearEndSkipReason } => p.reason !== null && p.reason !== 'issue' && p.reason !== 'below_minimum');
  const counts: Record<YearEndSkipReason, number> = { no_contact: 0, refunded: 0, already_receipted: 0, country: 0 };
  for (const s of skipped) counts[s.reason] += 1;
  return {
    from: f.from,
    to: f.to,
    receipts: issue.length,
    donors: new Set(issue.map((g) => g.supporter_id)).size,
    gifts: issue.reduce((n, g) => n + g.gifts, 0),
    totals: [...totals].sort(([a], [b]) => a.localeCompare(b)).map(([currency, t]) => ({ currency_code: currency, amount: toDecimal(t.amount, currency), receipts: t.receipts })),
    below_minimum: plan.filter((p) => p.reason === 'below_minimum').length,
    skipped_counts: counts,
    skipped_total: skipped.length,
    skipped: skipped.slice(0, YEAR_END_SKIPPED_SHOWN).map((s) => ({
      supporter_id: s.group.supporter_id,
      name: s.group.name,
      currency_code: s.group.currency_code,
      reason: s.reason,
      gifts: s.group.gifts || s.group.refunded || s.group.receipted,
    })),
  };
}
