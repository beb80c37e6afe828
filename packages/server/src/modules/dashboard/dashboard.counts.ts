import type { DashboardPeriod } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { COUNTED } from './dashboard.money.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { bucketEndSql, bucketOf, bucketsSql, inPeriod, periodSql } from './dashboard.period.ts';

export type Row = { label: string; values: Record<string, number> };

/** Runs a `(label, value)` query into one-series rows, in the query's order. */
async function oneSeries(q: Queryable, key: string, query: SQL): Promise<Row[]> {
  const rows = await queryRows(q, query);
  return rows.map((r) => ({ label: String(r.label), values: { [key]: Number(r.value) } }));
}

/** Supporters a chart counts: spam is not a supporter. */
const SUPPORTER = sql.raw('not s.is_spam');

export async function memberSignups(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const p = periodSql(period);
  return oneSeries(q, 'signups', sql`
    select b.label, count(s.id)::int as value
      from (${bucketsSql(p)}) b
      left join supporters s on ${SUPPORTER} and ${inPeriod(p, sql`s.created_at`)} and ${bucketOf(p, sql`s.created_at`)} = b.label
     group by b.label order by b.label`);
}

export async function memberTypes(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const p = periodSql(period);
  return oneSeries(q, 'supporters', sql`
    select coalesce(t.name, 'No type') as label, count(*)::int as value
      from supporters s left join account_types t on t.id = s.account_type_id
     where ${SUPPORTER} and ${inPeriod(p, sql`s.created_at`)}
     group by 1 order by value desc, label`);
}

/** Supporters on record at the end of each bucket. */
export async function accountGrowth(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const p = periodSql(period);
  return oneSeries(q, 'supporters', sql`
    select b.label, (select count(*) from supporters s where ${SUPPORTER} and s.created_at < ${bucketEndSql(p, sql`b.label`)})::int as value
      from (${bucketsSql(p)}) b order by b.label`);
}

export const RECURRING_STATUS_ORDER = ['Active', 'Suspended', 'Cancelled', 'Expired'] as const;

/** Profiles whose start date is in the period, by status now; every status listed, zeros kept. */
export async function recurringStatus(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const rows = await queryRows(q, sql`
    select status, count(*)::int as n from recurring_payment_profiles
     where deleted_at is null and start_date between ${period.from}::date and ${period.to}::date
     group by status`);
  const counts = new Map(rows.map((r) => [String(r.status), Number(r.n)]));
  return RECURRING_STATUS_ORDER.map((status) => ({ label: status, values: { profiles: counts.get(status) ?? 0 } }));
}

export const SPONSOR_COUNT_LABELS = ['No sponsor', '1 sponsor', '2 sponsors', '3 or more sponsors'] as const;

/**
 * Sponsees on record by the period's last day, by their sponsors that day: a sponsor record
 * counts from its start date until the day before its end date (an end date is the first day
 * without the sponsor), as the daily recount reads them.
 */
export async function sponsorshipsBreakdown(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const rows = await queryRows(q, sql`
    select least(n, 3)::int as bucket, count(*)::int as value from (
      select sp.id, (select count(*) from sponsors so
                      where so.sponsorship_id = sp.id and so.deleted_at is null and so.started_at <= ${period.to}::date
                        and (so.ended_at is null or so.ended_at > ${period.to}::date)) as n
        from sponsorships sp
       where sp.deleted_at is null and coalesce(sp.enrollment_date, (sp.created_at at time zone ${orgTimeZoneSql})::date) <= ${period.to}::date
    ) t group by 1`);
  const counts = new Map(rows.map((r) => [Number(r.bucket), Number(r.value)]));
  return SPONSOR_COUNT_LABELS.map((label, n) => ({ label, values: { sponsees: counts.get(n) ?? 0 } }));
}

/** Sponsor records started and ended in the period, by their source. */
export async function sponsorsBreakdown(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const rows = await queryRows(q, sql`
    select coalesce(nullif(so.source, ''), 'Not recorded') as label,
           count(*) filter (where so.started_at between ${period.from}::date and ${period.to}::date)::int as started,
           count(*) filter (where so.ended_at between ${period.from}::date and ${period.to}::date)::int as ended
      from sponsors so
     where so.deleted_at is null
       and (so.started_at between ${period.from}::date and ${period.to}::date or so.ended_at between ${period.from}::date and ${period.to}::date)
     group by 1 order by started desc, ended desc, label`);
  return rows.map((r) => ({ label: String(r.label), values: { started: Number(r.started), ended: Number(r.ended) } }));
}

export const ENGAGEMENT_LABELS = ['Empty Carts', 'Carts w/ Items', 'In Checkout', 'Completed Contributions'] as const;

/**
 * Carts started online in the period by how far they got: paid (completed), a payment tried but
 * not taken (in checkout), items but no payment tried, or nothing in them. The point of sale is
 * not a cart; test, spam and deleted contributions are left out.
 */
export async function engagement(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const p = periodSql(period);
  const [row] = await queryRows(q, sql`
    select count(*) filter (where c.paid_at is null and c.payment_status is null and c.total_items = 0)::int as empty,
           count(*) filter (where c.paid_at is null and c.payment_status is null and c.total_items > 0)::int as items,
           count(*) filter (where c.paid_at is null and c.payment_status is not null)::int as checkout,
           count(*) filter (where c.paid_at is not null)::int as completed
      from contributions c
     where not c.is_pos and not c.is_test and not c.is_spam and c.deleted_at is null and ${inPeriod(p, sql`c.started_at`)}`);
  const values = [row?.empty, row?.items, row?.checkout, row?.completed].map(Number);
  return ENGAGEMENT_LABELS.map((label, i) => ({ label, values: { carts: values[i] ?? 0 } }));
}

/** The five products with the most units sold in the period; fully refunded contributions do not count. */
export async function bestSellers(q: Queryable, period: DashboardPeriod): Promise<Row[]> {
  const p = periodSql(period);
  return oneSeries(q, 'quantity', sql`
    select pr.name as label, sum(greatest(i.qty, 1))::int as value
      from contributions c join contribution_items i on i.contribution_id = c.id join products pr on pr.id = i.product_id
     where ${COUNTED} and not (c.total_amount > 0 and c.refunded_amount >= c.total_amount) and ${inPeriod(p, sql`c.ordered_at`)}
     group by pr.id, pr.name order by value desc, pr.name, pr.id limit 5`);
}
