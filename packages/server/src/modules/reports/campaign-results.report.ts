import {
  CAMPAIGN_APPEALS_DEFAULT_SORT,
  CAMPAIGN_DAYS_DEFAULT_SORT,
  type CampaignResultFilters,
  type CampaignSummary,
  REPORT_PAGE_SIZE,
  campaignAppealColumns,
  campaignDayColumns,
  campaignMessages,
  campaignResultFiltersSchema,
  toDecimal,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { type ListingDefinition, queryRows } from '../../listing/engine.ts';
import { giftsSql } from './gift-facts.sql.ts';
import { apiOrgMoney, csvOrgMoney, orgCurrencySql } from './report-sql.ts';
import { orgCurrencyOf, type TotalsSpec, wordsSearch } from './reports.totals.ts';

/**
 * Campaign results (issue 37 item 5): the campaign's counted gifts (gift-facts.sql.ts) by appeal
 * and by day. The rows, their CSVs, the totals and the summary all add the same `campaignGifts`.
 */
const campaignGifts = (campaignId: number) => giftsSql(sql`c.campaign_id = ${campaignId}`);
const average = (raised: SQL, gifts: SQL) => sql`(case when ${gifts} > 0 then round((${raised})::numeric / ${gifts}) else 0 end)`;

/** By appeal: every appeal of the campaign (those with no gift yet too), and gifts with no appeal when there are some. */
export function campaignAppealsReport(campaignId: number): ListingDefinition<CampaignResultFilters> {
  const raised = sql`coalesce(r.raised, 0)`;
  const gifts = sql`coalesce(r.gifts, 0)`;
  return {
    columns: campaignAppealColumns,
    fields: {
      appeal: { select: sql`k.name`, sort: sql`lower(k.name)` },
      code: { select: sql`k.code`, sort: sql`k.code` },
      gifts: { select: gifts },
      donors: { select: sql`coalesce(r.donors, 0)` },
      average: { select: apiOrgMoney(average(raised, gifts)), sort: average(raised, gifts) },
      raised: { select: apiOrgMoney(raised), sort: raised },
    },
    rowExtras: { id: sql`k.appeal_key`, org_currency: orgCurrencySql },
    from: sql`(select a.id as appeal_key, a.name, a.code from appeals a where a.campaign_id = ${campaignId}
               union all select 0, 'No appeal', null) k
              left join (select coalesce(g.appeal_id, 0) as appeal_key, count(*)::int as gifts, count(distinct g.donor_key)::int as donors,
                                sum(g.net)::bigint as raised
                           from ${campaignGifts(campaignId)} g group by 1) r on r.appeal_key = k.appeal_key`,
    baseWhere: sql`(k.appeal_key <> 0 or r.gifts > 0)`,
    filters: campaignResultFiltersSchema,
    where: () => [],
    search: (term) => wordsSearch(sql`lower(concat_ws(' ', k.name, k.code))`, term),
    tiebreak: sql`k.appeal_key`,
    defaultOrder: [...CAMPAIGN_APPEALS_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Appeal', value: sql`k.name`, kind: 'text' },
      { header: 'Code', value: sql`k.code`, kind: 'text' },
      { header: 'Gifts', value: gifts, kind: 'number' },
      { header: 'Donors', value: sql`coalesce(r.donors, 0)`, kind: 'number' },
      { header: 'Average Gift', value: csvOrgMoney(average(raised, gifts)), kind: 'number' },
      { header: 'Raised', value: csvOrgMoney(raised), kind: 'number' },
      { header: 'Currency', value: orgCurrencySql, kind: 'text' },
    ],
  };
}

/** By day: each day with gifts, and what was raised up to and including it. */
export function campaignDaysReport(campaignId: number): ListingDefinition<CampaignResultFilters> {
  return {
    columns: campaignDayColumns,
    fields: {
      day: { select: sql`to_char(r.day, 'YYYY-MM-DD')`, sort: sql`r.day` },
      gifts: { select: sql`r.gifts` },
      donors: { select: sql`r.donors` },
      raised: { select: apiOrgMoney(sql`r.raised`), sort: sql`r.raised` },
      running: { select: apiOrgMoney(sql`r.running`), sort: sql`r.running` },
    },
    rowExtras: { id: sql`(r.day - date '2000-01-01')`, org_currency: orgCurrencySql },
    from: sql`(select g.day, count(*)::int as gifts, count(distinct g.donor_key)::int as donors, sum(g.net)::bigint as raised,
                      (sum(sum(g.net)) over (order by g.day))::bigint as running
                 from ${campaignGifts(campaignId)} g group by g.day) r`,
    baseWhere: sql`true`,
    filters: campaignResultFiltersSchema,
    where: () => [],
    search: (term) => wordsSearch(sql`to_char(r.day, 'YYYY-MM-DD')`, term),
    tiebreak: sql`r.day`,
    defaultOrder: [...CAMPAIGN_DAYS_DEFAULT_SORT],
    pageSize: REPORT_PAGE_SIZE,
    csv: () => [
      { header: 'Day', value: sql`to_char(r.day, 'YYYY-MM-DD')`, kind: 'text' },
      { header: 'Gifts', value: sql`r.gifts`, kind: 'number' },
      { header: 'Donors', value: sql`r.donors`, kind: 'number' },
      { header: 'Raised', value: csvOrgMoney(sql`r.raised`), kind: 'number' },
      { header: 'Raised to Date', value: csvOrgMoney(sql`r.running`), kind: 'number' },
      { header: 'Currency', value: orgCurrencySql, kind: 'text' },
    ],
  };
}

/** Both tables add amounts already in the organisation currency: one "currency", rate 1. */
export const campaignResultTotals = (measure: SQL): TotalsSpec => ({
  currency: orgCurrencySql,
  rate: sql`1`,
  measures: [{ key: 'raised', label: 'Raised', amount: measure }],
});

/** The campaign against its goal: the same gifts, a donor of two appeals counted once. */
export async function campaignSummary(q: Queryable, campaignId: number): Promise<CampaignSummary> {
  const [row] = await queryRows(q, sql`
    select k.id, k.name, k.goal_amount::text as goal, k.currency_code, k.starts_on::text as starts_on, k.ends_on::text as ends_on,
           coalesce(sum(g.net), 0)::text as raised, count(g.contribution_id)::int as gifts, count(distinct g.donor_key)::int as donors
      from campaigns k left join ${campaignGifts(campaignId)} g on true
     where k.id = ${campaignId}
     group by k.id`);
  if (!row) throw new AppError('not_found', campaignMessages.notFound);
  const org = await orgCurrencyOf(q);
  const raised = BigInt(String(row.raised));
  const gifts = Number(row.gifts);
  // The goal is kept in the currency it was set in: the organisation's (its currency cannot change once gifts exist).
  const goal = toDecimal(String(row.goal), String(row.currency_code));
  const raisedDecimal = toDecimal(raised, org.currency);
  const averageMinor = gifts > 0 ? (raised * 2n + BigInt(gifts)) / (2n * BigInt(gifts)) : 0n;
  return {
    campaign_id: Number(row.id),
    name: String(row.name),
    org_currency: org.currency,
    goal,
    raised: raisedDecimal,
    percent_of_goal: goal > 0 ? Math.round((raisedDecimal / goal) * 1000) / 10 : 0,
    gifts,
    donors: Number(row.donors),
    average: toDecimal(averageMinor, org.currency),
    starts_on: String(row.starts_on),
    ends_on: (row.ends_on as string | null) ?? null,
  };
}
