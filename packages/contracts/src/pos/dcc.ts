import type { DCC_TYPES } from '../code-lists.ts';
import { currencyDigits } from '../money.ts';
import { applyPercent, mulDiv } from './integer-math.ts';

export type DccType = (typeof DCC_TYPES)[number];

/**
 * Donor covers costs (reference §6.4). The incumbent's constants are in dollars and cents; here
 * they are hundredths of the currency's major unit, scaled to its minor unit (the same numbers
 * for USD, CAD, EUR…); the cents price points apply only to currencies with cents.
 */

/** Legacy mode: round(flat + amount × rate / 100); the default 0.30 + 2.89 % gives 3.19 on $100. */
export function legacyDcc(amount: number, flat: number, rate: string): number {
  return flat + applyPercent(amount, rate);
}

const hundredths = (n: number, currency: string) => mulDiv(n, 10 ** currencyDigits(currency), 100);

/** minimum = max(1.56, round(A × 7 %) + 0.79). */
export function minimumCosts(amount: number, currency: string): number {
  return Math.max(hundredths(156, currency), applyPercent(amount, '7') + hundredths(79, currency));
}

/**
 * The "more" figure's price-point rounding: 5.00–5.89 becomes 4.90–4.99, and N.00–N.49 for a
 * multiple of ten N becomes (N−0.10)–(N−0.01), each squashed proportionally and rounded.
 */
export function normaliseMore(x: number, currency: string): number {
  // Price points of cents: a currency without cents keeps the figure as it is.
  if (currencyDigits(currency) < 2) return x;
  const c = (n: number) => hundredths(n, currency);
  const unit = 10 ** currencyDigits(currency);
  if (x >= c(500) && x <= c(589)) return c(490) + mulDiv(x - c(500), c(9), c(89));
  const whole = Math.floor(x / unit);
  if (whole >= 10 && whole % 10 === 0 && x <= whole * unit + c(49)) return whole * unit - c(10) + mulDiv(x - whole * unit, c(9), c(49));
  return x;
}

/** The AI mode's figure for one item amount and choice; nothing on a zero amount. */
export function dccForAmount(amount: number, type: DccType, currency: string): number {
  if (amount <= 0) return 0;
  const minimum = minimumCosts(amount, currency);
  if (type === 'minimum_costs') return minimum;
  const more = normaliseMore(applyPercent(minimum, '135'), currency);
  if (type === 'more_costs') return more;
  return applyPercent(more, '135');
}
