import { z } from 'zod';
import type { PermissionId } from './permissions.ts';
import { specDate } from './rules.ts';

/**
 * The dashboard's charts: the eleven of spec part 1 §2 "Dashboard charts", and donor retention (issue 37). Each is its own JSON route,
 * `GET /jpanel/dashboard/{chart}.json?from=YYYY-MM-DD&to=YYYY-MM-DD`, so a chart whose data the
 * user may not see is refused by the server and left off the page by the same table below.
 */
export const DASHBOARD_CHARTS = [
  'product-sales', 'member-signups', 'member-types', 'recurring-status', 'sponsorships', 'sponsors',
  'sales-30-day', 'account-growth', 'engagement', 'best-sellers', 'category-revenue',
  // Issue 37 item 6: beside the spec's eleven, the fundraiser's retention by year.
  'donor-retention',
] as const;
export type DashboardChartId = (typeof DASHBOARD_CHARTS)[number];

/** Who may open the dashboard at all; each chart also needs the permission of its own data. */
export const DASHBOARD_PERMISSION = 'dashboard.view' satisfies PermissionId;

type ChartInfo = { title: string; description: string; permission: PermissionId; empty: string; money: boolean };

/** Titles, what each chart counts (shown under its title), its permission and its empty state. */
export const dashboardCharts: Record<DashboardChartId, ChartInfo> = {
  'product-sales': {
    title: 'Product sales',
    description: 'Product lines of paid contributions, net of refunds, by order date.',
    permission: 'order.view',
    empty: 'No product sales in this period.',
    money: true,
  },
  'member-signups': {
    title: 'Member signups',
    description: 'Supporters created in the period (spam excluded).',
    permission: 'member.view',
    empty: 'No supporters signed up in this period.',
    money: false,
  },
  'member-types': {
    title: 'Member types',
    description: 'Supporters created in the period, by supporter type.',
    permission: 'member.view',
    empty: 'No supporters signed up in this period.',
    money: false,
  },
  'recurring-status': {
    title: 'Recurring payment status',
    description: 'Recurring profiles that started in the period, by their status today.',
    permission: 'recurringpaymentprofile.view',
    empty: 'No recurring profiles started in this period.',
    money: false,
  },
  sponsorships: {
    title: 'Sponsorships breakdown',
    description: 'Sponsees by how many sponsors they had on the last day of the period.',
    permission: 'sponsorship.view',
    empty: 'No sponsees existed by the end of this period.',
    money: false,
  },
  sponsors: {
    title: 'Sponsors breakdown',
    description: 'Sponsorships started and ended in the period, by source.',
    permission: 'sponsorship.view',
    empty: 'No sponsorships started or ended in this period.',
    money: false,
  },
  'sales-30-day': {
    title: '30-day sales',
    description: 'One-time and recurring contributions, net of refunds, in the 30 days to the end of the period.',
    permission: 'order.view',
    empty: 'No paid contributions in these 30 days.',
    money: true,
  },
  'account-growth': {
    title: 'Account growth',
    description: 'Supporters on record at the end of each day, week or month (spam excluded).',
    permission: 'member.view',
    empty: 'No supporters on record in this period.',
    money: false,
  },
  engagement: {
    title: 'Engagement',
    description: 'Carts started online in the period, by how far they got (point of sale excluded).',
    permission: 'order.view',
    empty: 'No carts were started in this period.',
    money: false,
  },
  'best-sellers': {
    title: 'Best sellers',
    description: 'The five products sold most by quantity in the period (refunded contributions excluded).',
    permission: 'order.view',
    empty: 'Nothing was sold in this period.',
    money: false,
  },
  'category-revenue': {
    title: 'Category revenue',
    description: 'Product lines of paid contributions, net of refunds, by product category.',
    permission: 'order.view',
    empty: 'No revenue from categorised products in this period.',
    money: true,
  },
  'donor-retention': {
    title: 'Donor retention',
    description: 'Donors of each of the five years to the end of the period: new, retained from the year before, recovered from an earlier year, and lapsed (gave the year before, not this one).',
    permission: 'reports.payments_details',
    empty: 'No donors in these five years.',
    money: false,
  },
};

/** The longest period a chart covers: two years, so a day-by-day query stays small. */
export const DASHBOARD_MAX_DAYS = 731;

export const dashboardMessages = {
  order: 'The start of the period must be on or before its end.',
  tooLong: `Choose a period of at most ${DASHBOARD_MAX_DAYS} days.`,
  loadFailed: 'This chart could not be loaded.',
} as const;

const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / 86_400_000;

/** Days from `from` to `to`, both included. */
export function periodDays(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from) + 1;
}

/** The query of every chart route: a real start and end date, in order, at most two years apart. */
export const dashboardPeriodSchema = z
  .object({ from: specDate(), to: specDate() })
  .superRefine((value, ctx) => {
    const days = periodDays(value.from, value.to);
    if (days < 1) ctx.addIssue({ code: 'custom', message: dashboardMessages.order, path: ['to'] });
    else if (days > DASHBOARD_MAX_DAYS) ctx.addIssue({ code: 'custom', message: dashboardMessages.tooLong, path: ['to'] });
  });
export type DashboardPeriod = z.output<typeof dashboardPeriodSchema>;

/** Day-by-day up to 62 days, week by week (weeks start on Monday) up to a year, else by month. */
export const DASHBOARD_BUCKETS = ['day', 'week', 'month'] as const;
export type DashboardBucket = (typeof DASHBOARD_BUCKETS)[number];
export function bucketFor(from: string, to: string): DashboardBucket {
  const days = periodDays(from, to);
  return days <= 62 ? 'day' : days <= 366 ? 'week' : 'month';
}

/** One currency's part of a money figure: in its own currency and in the organisation's. */
export const dashboardCurrencyTotalSchema = z.object({
  /** The row (category) or null for the chart as a whole. */
  label: z.string().nullable(),
  series: z.string(),
  currency: z.string(),
  amount: z.number(),
  org_amount: z.number(),
  /** The lowest and highest rate used: each contribution keeps the rate of its own day. */
  rate_min: z.string(),
  rate_max: z.string(),
  contributions: z.number(),
});
export type DashboardCurrencyTotal = z.infer<typeof dashboardCurrencyTotalSchema>;

/**
 * What every chart route answers. `rows` are the x axis: a bucket's first day (ISO) for charts
 * over time, else a category. Money values are decimal amounts in `money.org_currency`.
 */
export const dashboardChartSchema = z.object({
  chart: z.enum(DASHBOARD_CHARTS),
  from: z.string(),
  to: z.string(),
  /** Set for charts over time. */
  bucket: z.enum(DASHBOARD_BUCKETS).nullable(),
  series: z.array(z.object({ key: z.string(), label: z.string() })),
  rows: z.array(z.object({ label: z.string(), values: z.record(z.string(), z.number()) })),
  /** True when every value is zero: the page shows the chart's empty state instead. */
  empty: z.boolean(),
  money: z
    .object({ org_currency: z.string(), by_currency: z.array(dashboardCurrencyTotalSchema) })
    .nullable(),
});
export type DashboardChart = z.infer<typeof dashboardChartSchema>;

/**
 * The figures a charity reads first (issue 41), as of a day (the period's last day): raised in
 * its month and year so far against the same days a year before, gifts and new donors in the
 * month, new monthly donors and what recurring giving brings in a month. Money is the
 * organisation currency, net of refunds, counted exactly as the money charts count it.
 */
export const dashboardHeadlineQuerySchema = z.object({ on: specDate() });

const raisedSchema = z.object({ from: z.string(), to: z.string(), raised: z.number(), gifts: z.number() });
export const dashboardHeadlineSchema = z.object({
  on: z.string(),
  org_currency: z.string(),
  /** Null without the contributions permission. */
  money: z
    .object({
      month: raisedSchema,
      month_last_year: raisedSchema,
      year: raisedSchema,
      year_last_year: raisedSchema,
    })
    .nullable(),
  /** Supporters whose first counted gift falls in the month; null without the supporters permission. */
  new_donors: z.number().nullable(),
  /** Monthly recurring profiles that started in the month; null without the recurring permission. */
  new_monthly_donors: z.number().nullable(),
  /** Active profiles' amounts as a month's worth (weekly × 52 ÷ 12 …), organisation currency. */
  monthly_recurring: z.number().nullable(),
});
export type DashboardHeadline = z.infer<typeof dashboardHeadlineSchema>;

/** 'YYYY-MM-DD' a year before; 29 February becomes the 28th. */
export function sameDayLastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(y - 1, m, 0)).getUTCDate();
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The month and the year to `on`, and the same days a year before. */
export function headlineRanges(on: string) {
  const before = sameDayLastYear(on);
  return {
    month: { from: `${on.slice(0, 8)}01`, to: on },
    month_last_year: { from: `${before.slice(0, 8)}01`, to: before },
    year: { from: `${on.slice(0, 4)}-01-01`, to: on },
    year_last_year: { from: `${before.slice(0, 4)}-01-01`, to: before },
  };
}

/** A month's worth of one payment every `period` (× `frequency`). */
export const MONTHLY_SHARE: Record<string, number> = {
  weekly: 52 / 12,
  biweekly: 26 / 12,
  monthly: 1,
  quarterly: 1 / 3,
  biannually: 1 / 6,
  annually: 1 / 12,
};
