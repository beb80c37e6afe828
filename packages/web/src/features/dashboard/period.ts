import { dashboardPeriodSchema, presetRange } from '@almoner/contracts';
import { dayAsDate } from '../../app/session.ts';
import type { Period } from './api.ts';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** The period choices above the charts; "custom" is whatever the calendar says. */
export const PERIOD_PRESETS = [
  { value: 'last7', label: 'Last 7 days' },
  { value: 'last30', label: 'Last 30 days' },
  { value: 'thisMonth', label: 'This month' },
  { value: 'lastMonth', label: 'Last month' },
  { value: 'last12Months', label: 'Last 12 months' },
  { value: 'thisYear', label: 'This year' },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];

/** The inclusive days of a preset, counted from the organisation's today ('YYYY-MM-DD'). */
export function presetPeriod(preset: PeriodPreset, day: string): Period {
  const today = dayAsDate(day);
  const y = today.getFullYear();
  if (preset === 'last12Months') return { from: iso(new Date(y, today.getMonth() - 12, today.getDate() + 1)), to: iso(today) };
  if (preset === 'thisYear') return { from: `${y}-01-01`, to: iso(today) };
  const [from, to] = presetRange(preset, today);
  return { from, to };
}

/** Which preset a period is, if any. */
export function presetOf(period: Period, today: string): PeriodPreset | null {
  return PERIOD_PRESETS.find((p) => {
    const range = presetPeriod(p.value, today);
    return range.from === period.from && range.to === period.to;
  })?.value ?? null;
}

/** The period in the address (?from=&to=), else the last 30 days to `today`; a bad one keeps its message. */
export function readPeriod(params: URLSearchParams, today: string): { period: Period; error: string | null } {
  const from = params.get('from');
  const to = params.get('to');
  if (from === null && to === null) return { period: presetPeriod('last30', today), error: null };
  const parsed = dashboardPeriodSchema.safeParse({ from: from ?? '', to: to ?? '' });
  if (parsed.success) return { period: parsed.data, error: null };
  return { period: { from: from ?? '', to: to ?? '' }, error: parsed.error.issues[0]?.message ?? 'Choose a valid period.' };
}
