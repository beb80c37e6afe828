/** Money is integer minor units everywhere but the edges (ARCHITECTURE.md). */
export type Money = { amount: number; currency: string };

const minorDigits = (currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
    .maximumFractionDigits ?? 2;

export function toMinor(decimal: number | string, currency = 'USD'): number {
  const digits = minorDigits(currency);
  return Math.round(Number(decimal) * 10 ** digits);
}

export function toDecimal(minor: number, currency = 'USD'): number {
  return minor / 10 ** minorDigits(currency);
}

/** "$1,234.50" — 2 decimals as the spec says for money shown. */
export function formatMoney(minor: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
    toDecimal(minor, currency),
  );
}
