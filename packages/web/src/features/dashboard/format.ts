import { type DashboardBucket, type DashboardCurrencyTotal, formatAmount, formatDate } from '@almoner/contracts';

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const utc = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** An axis tick for a bucket's first day: "Mar 5", "Mar 3" (a week), "Mar 2025". */
export function formatBucketTick(label: string, bucket: DashboardBucket | null): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(label)) return label;
  return bucket === 'month' ? MONTH.format(utc(label)) : SHORT.format(utc(label));
}

/** A bucket in full for tooltips: "Mar 5, 2025", "Week of Mar 3, 2025", "March 2025". */
export function formatBucketLong(label: string, bucket: DashboardBucket | null): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(label)) return label;
  if (bucket === 'week') return `Week of ${formatDate(label)}`;
  if (bucket === 'month') return MONTH.format(utc(label));
  return formatDate(label);
}

/** The axis word for a bucket. */
export const bucketAxisLabel: Record<DashboardBucket, string> = { day: 'Day', week: 'Week starting', month: 'Month' };

/** Money on an axis: "$1.2K", "€350". */
export function formatCompactMoney(value: number, currency: string): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

export const formatCount = (value: number) => new Intl.NumberFormat('en-US').format(value);

/** "1 CAD = 0.7313 USD", or the range when the period's contributions used several rates. */
export function formatRate(total: DashboardCurrencyTotal, orgCurrency: string): string {
  if (total.currency === orgCurrency) return 'Same currency';
  const rate = (r: string) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 }).format(Number(r));
  const [lo, hi] = [rate(total.rate_min), rate(total.rate_max)];
  return lo === hi ? `1 ${total.currency} = ${lo} ${orgCurrency}` : `1 ${total.currency} = ${lo}–${hi} ${orgCurrency}`;
}

export { formatAmount };
