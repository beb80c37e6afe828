/**
 * Billing dates of a recurring profile, as plain `yyyy-mm-dd` calendar days (no time zone: a
 * billing date is a day on the organisation's calendar, not an instant).
 *
 * Month-based periods keep the profile's anchor day: a profile anchored on the 31st is charged on
 * the last day of shorter months (30 April, 28 or 29 February) and on the 31st again when the
 * month has one, so clamping never drifts the schedule. Week-based periods add 7 or 14 days.
 */

const MONTHS: Record<string, number> = { monthly: 1, quarterly: 3, biannually: 6, annually: 12 };
const DAYS: Record<string, number> = { weekly: 7, biweekly: 14 };

export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number);
  return [y ?? 0, m ?? 0, d ?? 0];
}

const format = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** The billing date one period after `day`; `anchorDay` (1–31) is the day of month month-based periods fall on. */
export function nextBillingDate(day: string, period: string, anchorDay: number): string {
  const [y, m, d] = parts(day);
  const days = DAYS[period];
  if (days !== undefined) {
    const next = new Date(Date.UTC(y, m - 1, d + days));
    return format(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
  }
  const months = MONTHS[period];
  if (months === undefined) throw new Error(`Unknown billing period ${period}.`);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return format(year, month, Math.min(Math.max(1, anchorDay), daysInMonth(year, month)));
}

/** The anchor of a profile: its chosen day of month, else the day its schedule started on. */
export function anchorDayOf(profile: { recurring_day: number | null; start_date: string }): number {
  return profile.recurring_day ?? parts(profile.start_date)[2];
}

/** Days after a declined charge before the batch tries the same period again. */
export const RETRY_AFTER_DAYS = 3;

export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return format(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate());
}
