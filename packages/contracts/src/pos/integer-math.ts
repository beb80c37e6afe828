/**
 * Exact integer arithmetic for money: minor units times decimal rates, rounded half away from
 * zero once, in BigInt (no binary fractions). Rates arrive as the database keeps them ('7.2500').
 */

const RATE = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal string as a scaled integer: '7.25' → { value: 725n, scale: 100n }. */
export function parseRate(rate: string): { value: bigint; scale: bigint } {
  const match = RATE.exec(rate.trim());
  if (!match) throw new RangeError(`Not a decimal rate: ${rate}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const value = BigInt(`${whole}${fraction}`);
  return { value: sign ? -value : value, scale: 10n ** BigInt(fraction.length) };
}

/** round(numerator / denominator), half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const q = (n * 2n + d) / (d * 2n);
  return negative ? -q : q;
}

/** round(amount × rate / 100): a percent of minor units. */
export function applyPercent(amount: number, rate: string): number {
  const { value, scale } = parseRate(rate);
  return Number(divRound(BigInt(amount) * value, scale * 100n));
}

/** round(a × b / c) in integers. */
export function mulDiv(a: number, b: number, c: number): number {
  return Number(divRound(BigInt(a) * BigInt(b), BigInt(c)));
}
