import { type SQL, sql } from 'drizzle-orm';
import { COUNTED, orgNetShare } from '../dashboard/dashboard.money.ts';
import { fiscalYearStartSql, orgTimeZoneSql } from '../money/money.sql.ts';

/**
 * The one derivation of "what was given" behind campaign results, totals by fund, LYBUNT /
 * SYBUNT and donor retention (issue 37 items 5 and 6), so their rows, summaries, CSVs and the
 * dashboard's retention chart cannot disagree.
 *
 * A gift line is a donation line (a donation product, a sponsorship, a gift to a fundraising
 * page) of a counted contribution: paid, not test, not spam, not deleted. Amounts are counted as
 * the dashboard's money charts count them: in the organisation currency at the contribution's
 * own rate (its functional total), and net of refunds by the refunded share of the contribution.
 * Days and years are the organisation's: days in its time zone, years its financial years
 * (Settings › Organisation, calendar years unless set), named by the calendar year they end in.
 */

const isGiftLine = sql`(i.is_donation or i.sponsorship_id is not null or i.fundraising_page_id is not null)`;

/** The line's total in the organisation currency, before refunds (its share of the functional total). */
const orgGross = sql`(case when c.total_amount = 0 then 0 else round(i.total::numeric * c.functional_total_amount / c.total_amount) end)`;

/** A donor is a supporter; a guest is known by the e-mail they gave, else each gift is its own donor. */
export const donorKeySql = sql`coalesce('s' || c.supporter_id, 'e' || lower(nullif(trim(c.bill_email), '')), 'c' || c.id)`;

/**
 * The organisation's financial year of a moment, in its time zone: the calendar year the
 * financial year ends in (contracts' fiscalYearOf). A year starting in April moves a day nine
 * months on to land in the year it is named by; starting in January, not at all.
 */
export const orgYearSql = (at: SQL) =>
  sql`extract(year from ((${at}) at time zone ${orgTimeZoneSql}) + make_interval(months => (13 - ${fiscalYearStartSql}) % 12))::int`;

/**
 * Every gift line with its gift's facts: `gross` and `net` minor units of the organisation
 * currency, the gift's day and year, donor, campaign and appeal. `where` narrows the gifts
 * (contributions `c`) before anything is added.
 */
export function giftLinesSql(where: SQL = sql`true`): SQL {
  return sql`(select c.id as contribution_id, c.supporter_id, ${donorKeySql} as donor_key, c.campaign_id, c.appeal_id,
                     c.ordered_at, (c.ordered_at at time zone ${orgTimeZoneSql})::date as day, ${orgYearSql(sql`c.ordered_at`)} as year,
                     coalesce(nullif(i.gl_code, ''), '') as gl_code,
                     ${orgGross}::bigint as gross, ${orgNetShare(sql`i.total`)}::bigint as net
                from contributions c join contribution_items i on i.contribution_id = c.id
               where ${COUNTED} and ${isGiftLine} and (${where}))`;
}

/**
 * One row per gift that still gives something after refunds: its lines added. A gift refunded in
 * full gave nothing, so it is no gift and its donor no donor (totals by fund still show it, as
 * given and refunded).
 */
export function giftsSql(where: SQL = sql`true`): SQL {
  return sql`(select l.contribution_id, min(l.supporter_id) as supporter_id, min(l.donor_key) as donor_key,
                     min(l.campaign_id) as campaign_id, min(l.appeal_id) as appeal_id, min(l.ordered_at) as ordered_at,
                     min(l.day) as day, min(l.year) as year, sum(l.gross)::bigint as gross, sum(l.net)::bigint as net
                from ${giftLinesSql(where)} l
               group by l.contribution_id
              having sum(l.net) > 0)`;
}
