import { type DashboardHeadline, dashboardCharts, headlineRanges, MONTHLY_SHARE, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { convertToOrgCurrency } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { COUNTED, raisedIn } from './dashboard.money.ts';
import { periodSql } from './dashboard.period.ts';

/** Which figures a user may see: each needs the permission of the charts that show the same data. */
export type HeadlineAccess = { money: boolean; supporters: boolean; recurring: boolean };
export const headlinePermissions = {
  money: dashboardCharts['sales-30-day'].permission,
  supporters: dashboardCharts['member-signups'].permission,
  recurring: dashboardCharts['recurring-status'].permission,
} as const;

/** GET /jpanel/dashboard/headline.json?on=: the dashboard's first row of figures, as of `on`. */
export async function headlineFigures(q: Queryable, on: string, access: HeadlineAccess): Promise<DashboardHeadline> {
  const { currency } = await getOrgMoneySettings(q);
  const ranges = headlineRanges(on);
  const month = periodSql(ranges.month);

  const raised = async (range: { from: string; to: string }) => {
    const { org, gifts } = await raisedIn(q, range);
    return { ...range, raised: toDecimal(org, currency), gifts };
  };
  const money = access.money
    ? {
        month: await raised(ranges.month),
        month_last_year: await raised(ranges.month_last_year),
        year: await raised(ranges.year),
        year_last_year: await raised(ranges.year_last_year),
      }
    : null;

  // A new donor's first counted gift is in the month (whoever they are: a supporter or none).
  const [donors] = access.supporters
    ? await queryRows(q, sql`
        select count(*)::int as n from (
          select c.supporter_id, min(c.ordered_at) as first from contributions c
           where ${COUNTED} and c.supporter_id is not null and c.ordered_at < ${month.end}
           group by c.supporter_id) f
         where f.first >= ${month.start}`)
    : [];

  const [monthly] = access.recurring
    ? await queryRows(q, sql`
        select count(distinct coalesce(r.supporter_id::text, r.id::text || 'p'))::int as n from recurring_payment_profiles r
         where r.deleted_at is null and r.billing_period = 'monthly' and r.billing_frequency = 1
           and r.start_date between ${ranges.month.from}::date and ${ranges.month.to}::date`)
    : [];

  return {
    on,
    org_currency: currency,
    money,
    new_donors: access.supporters ? Number(donors?.n ?? 0) : null,
    new_monthly_donors: access.recurring ? Number(monthly?.n ?? 0) : null,
    monthly_recurring: access.recurring ? await monthlyRecurring(q, on, currency) : null,
  };
}

/** Active profiles as a month's worth, summed per currency, then each sum in the organisation currency at `on`'s rate. */
async function monthlyRecurring(q: Queryable, on: string, orgCurrency: string): Promise<number> {
  const share = sql.join(
    Object.entries(MONTHLY_SHARE).map(([period, factor]) => sql`when ${period} then ${factor}::numeric`),
    sql` `,
  );
  const rows = await queryRows(q, sql`
    select r.currency_code as currency, round(sum(r.amount * (case r.billing_period ${share} else 0 end) / greatest(r.billing_frequency, 1)))::bigint::text as amount
      from recurring_payment_profiles r
     where r.deleted_at is null and r.status = 'Active'
     group by r.currency_code`);
  let total = 0;
  for (const row of rows) {
    const converted = await convertToOrgCurrency(q, { amount: Number(row.amount), currency: String(row.currency), at: new Date(`${on}T12:00:00Z`) });
    total += converted.amount;
  }
  return toDecimal(total, orgCurrency);
}
