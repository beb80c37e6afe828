import { dayInZone } from '../modules/money/money.convert.ts';
export type DccType = 'minimum_costs' | 'more_costs' | 'most_costs';

/**
 * Donor-covers-costs on an amount (minor units): the minimum covers a card fee of 7% + 0.79
 * (at least 1.56); "more" and "most" add 35% each time.
 */
export function dccFor(amount: number, type: DccType): number {
  const minimum = Math.max(156, Math.round(amount * 0.07) + 79);
  if (type === 'minimum_costs') return minimum;
  const more = Math.round(minimum * 1.35);
  return type === 'more_costs' ? more : Math.round(more * 1.35);
}

/** Flat-rate shipping: 6.95 for the first shippable unit, 1.50 for each further one. */
export function shippingFor(shippableUnits: number): number {
  return shippableUnits === 0 ? 0 : 695 + (shippableUnits - 1) * 150;
}

/** Receiptable value of a line: what was given beyond the fair market value received, plus DCC. */
export function receiptableAmount(total: number, qty: number, fairMarketValue: number | null, dcc: number): number {
  return Math.max(0, total - (fairMarketValue ?? 0) * Math.max(1, qty)) + dcc;
}

/**
 * The functional columns of a demo money row: the demo is in the organisation currency, so
 * the amount converts at 1 and the rate is dated the row's own day in the organisation's zone.
 */
export function atOrgRate(ctx: { timeZone: string }, amount: number, when: number) {
  return { functionalAmount: amount, functionalRate: '1', functionalRateDate: dayInZone(new Date(when), ctx.timeZone) };
}
