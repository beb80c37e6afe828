import { z } from 'zod';
import { appealCodeSchema } from '../campaigns.ts';
import type { ListingColumn } from '../listing.ts';
import { messages } from '../messages.ts';
import { requiredText } from '../rules.ts';
import { checkRange, reportChoice, reportDay } from './common.ts';

/**
 * The fundraiser's and treasurer's reports (issue 37 items 5 and 6): campaign results, totals by
 * fund, LYBUNT / SYBUNT and donor retention. Every amount is a gift's donation lines, net of
 * refunds, in the organisation currency at the gift's own rate (as the dashboard counts money).
 */
const col = (key: string, label: string, sortable = true, align?: 'right', extra: Pick<ListingColumn, 'card' | 'optional'> = {}): ListingColumn => ({ key, label, sortable, ...(align ? { align } : {}), ...extra });

export const givingReportMessages = {
  campaignRequired: 'Choose a campaign.',
  year: 'Choose a year between 2000 and 2100.',
  appealStarted: (name: string, count: number, view: string) =>
    `Appeal "${name}" has been started with ${count} ${count === 1 ? 'donor' : 'donors'}. They are in the saved view "${view}" of Supporters.`,
  noDonors: 'No donors match this list: there is nobody to start an appeal with.',
} as const;

const campaignId = z.coerce.number({ error: givingReportMessages.campaignRequired }).int().positive({ error: givingReportMessages.campaignRequired }).max(2 ** 31 - 1);

// Campaign results, by appeal: one row per appeal of the campaign (gifts with no appeal on a row of their own).
export const campaignAppealColumns = [
  col('appeal', 'Appeal', true, undefined, { card: 'title' }),
  col('code', 'Code'),
  col('gifts', 'Gifts', true, 'right'),
  col('donors', 'Donors', true, 'right'),
  col('average', 'Average gift', true, 'right'),
  col('raised', 'Raised', true, 'right', { card: 'amount' }),
] as const satisfies readonly ListingColumn[];
export const CAMPAIGN_APPEALS_DEFAULT_SORT = [{ column: 5, dir: 'desc' as const }];
/** The campaign is the route's own (`/jpanel/reports/campaign-results/{id}/…`): the tables have no filters. */
export const campaignResultFiltersSchema = z.object({});
export type CampaignResultFilters = z.infer<typeof campaignResultFiltersSchema>;
export const campaignAppealRowSchema = z.object({
  id: z.number(),
  org_currency: z.string(),
  appeal: z.string(),
  code: z.string().nullable(),
  gifts: z.number(),
  donors: z.number(),
  average: z.number(),
  raised: z.number(),
});

// Campaign results, by day: each day with gifts, and the running total against the goal.
export const campaignDayColumns = [
  col('day', 'Day', true, undefined, { card: 'date' }),
  col('gifts', 'Gifts', true, 'right'),
  col('donors', 'Donors', true, 'right'),
  col('raised', 'Raised', true, 'right', { card: 'amount' }),
  col('running', 'Raised to date', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const CAMPAIGN_DAYS_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const campaignDayRowSchema = z.object({
  id: z.number(),
  org_currency: z.string(),
  day: z.string(),
  gifts: z.number(),
  donors: z.number(),
  raised: z.number(),
  running: z.number(),
});

/** The campaign's figures: the same gifts the rows add, counted once (a donor of two appeals is one donor). */
export const campaignSummarySchema = z.object({
  campaign_id: z.number(),
  name: z.string(),
  org_currency: z.string(),
  goal: z.number(),
  raised: z.number(),
  percent_of_goal: z.number().meta({ description: 'Raised ÷ goal × 100, one decimal.' }),
  gifts: z.number(),
  donors: z.number(),
  average: z.number(),
  starts_on: z.string(),
  ends_on: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummarySchema>;

// Totals by fund: each fund (GL code) of the period's gifts, to close the month.
export const fundTotalColumns = [
  col('fund', 'Fund (GL code)', true, undefined, { card: 'title' }),
  col('name', 'Designation'),
  col('gifts', 'Gifts', true, 'right'),
  col('gross', 'Given', true, 'right'),
  col('refunded', 'Refunded', true, 'right'),
  col('net', 'Net', true, 'right', { card: 'amount' }),
] as const satisfies readonly ListingColumn[];
export const FUND_TOTALS_DEFAULT_SORT = [{ column: 0, dir: 'asc' as const }];
export const fundTotalFiltersSchema = z.object({ from: reportDay, to: reportDay }).superRefine(checkRange);
export type FundTotalFilters = z.infer<typeof fundTotalFiltersSchema>;
export const fundTotalRowSchema = z.object({
  id: z.number(),
  org_currency: z.string(),
  fund: z.string(),
  name: z.string(),
  gifts: z.number(),
  gross: z.number(),
  refunded: z.number(),
  net: z.number(),
});

// LYBUNT and SYBUNT: donors who gave last year (or some earlier year) but not this year.
export const LAPSED_KINDS = ['lybunt', 'sybunt'] as const;
export type LapsedKind = (typeof LAPSED_KINDS)[number];
export const lapsedKindLabels: Record<LapsedKind, string> = {
  lybunt: 'LYBUNT: gave last year, not this year',
  sybunt: 'SYBUNT: gave in an earlier year, not last year nor this year',
};
export const lapsedDonorColumns = [
  col('supporter', 'Supporter', true, undefined, { card: 'title' }),
  col('email', 'Email'),
  col('last_gift_on', 'Last gift', true, undefined, { card: 'date' }),
  col('last_year', 'Last year given', true, 'right'),
  col('last_year_total', 'Given that year', true, 'right', { card: 'amount' }),
  col('lifetime_total', 'Given in all', true, 'right'),
  col('years_given', 'Years given', true, 'right', { optional: true }),
] as const satisfies readonly ListingColumn[];
export const LAPSED_DONORS_DEFAULT_SORT = [{ column: 4, dir: 'desc' as const }];
const year = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce.number({ error: givingReportMessages.year }).int({ error: givingReportMessages.year }).min(2000, { error: givingReportMessages.year }).max(2100, { error: givingReportMessages.year }).optional(),
);
export const lapsedDonorFiltersSchema = z.object({
  kind: reportChoice(LAPSED_KINDS),
  /** "This year": the year asked for, else the current one (the organisation's calendar year). */
  year,
});
export type LapsedDonorFilters = z.infer<typeof lapsedDonorFiltersSchema>;
export const lapsedDonorRowSchema = z.object({
  id: z.number(),
  _url: z.string(),
  org_currency: z.string(),
  supporter: z.string(),
  email: z.string().nullable(),
  last_gift_on: z.string(),
  last_year: z.number(),
  last_year_total: z.number(),
  lifetime_total: z.number(),
  years_given: z.number(),
});

/** POST /jpanel/reports/lapsed-donors/appeal: the list as filtered, and the appeal to start with it. */
export const lapsedAppealSchema = z.object({
  kind: reportChoice(LAPSED_KINDS),
  year,
  search: z.string().max(200).optional(),
  campaign_id: campaignId,
  name: requiredText(100),
  code: appealCodeSchema,
});
export type LapsedAppealInput = z.input<typeof lapsedAppealSchema>;
export const lapsedAppealAnswerSchema = z.object({
  message: z.string(),
  appeal_id: z.number(),
  campaign_id: z.number(),
  donors: z.number(),
  saved_view_id: z.number(),
  /** The supporters list showing the appeal's donors. */
  supporters_url: z.string(),
});
export type LapsedAppealAnswer = z.infer<typeof lapsedAppealAnswerSchema>;

// Donor retention: per year, who gave, who was new, kept, won back and lost.
export const donorRetentionColumns = [
  col('year', 'Year', true, undefined, { card: 'title' }),
  col('donors', 'Donors', true, 'right', { card: 'amount' }),
  col('new_donors', 'New', true, 'right'),
  col('retained', 'Retained', true, 'right'),
  col('recovered', 'Recovered', true, 'right'),
  col('lapsed', 'Lapsed', true, 'right'),
  col('retention_rate', 'Retention rate', true, 'right'),
] as const satisfies readonly ListingColumn[];
export const DONOR_RETENTION_DEFAULT_SORT = [{ column: 0, dir: 'desc' as const }];
export const RETENTION_YEARS_MAX = 20;
export const donorRetentionFiltersSchema = z.object({
  /** The last year shown (default: this year) and how many years before it. */
  year,
  years: z.preprocess(
    (v) => (v === '' || v === undefined ? 5 : v),
    z.coerce.number({ error: messages.number }).int({ error: messages.number }).min(1, { error: messages.number }).max(RETENTION_YEARS_MAX, { error: messages.number }),
  ),
});
export type DonorRetentionFilters = z.infer<typeof donorRetentionFiltersSchema>;
export const donorRetentionRowSchema = z.object({
  id: z.number(),
  year: z.number(),
  donors: z.number(),
  new_donors: z.number(),
  retained: z.number(),
  recovered: z.number(),
  lapsed: z.number(),
  /** Retained ÷ the year before's donors × 100 (one decimal); null when nobody gave the year before. */
  retention_rate: z.number().nullable(),
});
export type DonorRetentionRow = z.infer<typeof donorRetentionRowSchema>;

/** The sums of the rows shown (a donor counts in each year they gave), and the rate over them. */
export const donorRetentionSummarySchema = z.object({
  new_donors: z.number(),
  retained: z.number(),
  recovered: z.number(),
  lapsed: z.number(),
  retention_rate: z.number().nullable(),
});
export type DonorRetentionSummary = z.infer<typeof donorRetentionSummarySchema>;

/** Retention rate as staff read it: retained ÷ the year before's donors, one decimal. */
export function retentionRate(retained: number, previousDonors: number): number | null {
  return previousDonors > 0 ? Math.round((retained / previousDonors) * 1000) / 10 : null;
}
