import { z } from 'zod';

/**
 * Money is integer minor units inside the server and decimal amounts with a currency code at the
 * API and UI edges (ARCHITECTURE.md). These are the only conversions between the two: they work
 * on digit strings, never on `amount * 100`, so 0.29 USD is 29 cents and 1,000 JPY stays 1,000.
 */
export type Money = { amount: number; currency: string };

export const moneyMessages = {
  currency: 'Choose a valid currency.',
  amount: 'Enter an amount, for example 25.00.',
  tooManyDecimals: (currency: string, digits: number) =>
    digits === 0
      ? `${currency} amounts have no decimals.`
      : `${currency} amounts have at most ${digits} decimal${digits === 1 ? '' : 's'}.`,
} as const;

const ISO_CODE = /^[A-Z]{3}$/;
const digitsCache = new Map<string, number>();

/** Whether `code` is an ISO 4217 currency this runtime knows (Intl's list). */
export function isCurrencyCode(code: string): boolean {
  if (!ISO_CODE.test(code)) return false;
  return Intl.supportedValuesOf('currency').includes(code);
}

/** Decimals of a currency's minor unit, from Intl: USD 2, JPY 0, KWD 3. */
export function currencyDigits(code: string): number {
  const cached = digitsCache.get(code);
  if (cached !== undefined) return cached;
  if (!ISO_CODE.test(code)) throw new RangeError(`Not a currency code: ${code}`);
  const digits =
    new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  digitsCache.set(code, digits);
  return digits;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** A decimal as text without exponent ("12.5", not "1.25e1"); numbers go through their shortest form. */
function decimalText(value: number | string): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('Not a finite amount');
  if (/e/i.test(text)) {
    // Very small or large numbers print with an exponent; toFixed(20) is exact enough for both.
    return Number(text).toFixed(20).replace(/\.?0+$/, '');
  }
  return text;
}

/** Decimals an amount is written with, ignoring trailing zeros ("1.50" → 1). */
export function decimalPlaces(value: number | string): number {
  const match = DECIMAL.exec(decimalText(value));
  if (!match) return Number.NaN;
  return (match[3] ?? '').replace(/0+$/, '').length;
}

/**
 * A decimal amount to integer minor units, exactly. Refuses (RangeError) text that is not a
 * number and amounts with more decimals than the currency has, rather than rounding them away.
 */
export function toMinor(decimal: number | string, currency: string): number {
  const digits = currencyDigits(currency);
  const match = DECIMAL.exec(decimalText(decimal));
  if (!match) throw new RangeError('Not a decimal amount');
  const [, sign, whole = '0', fraction = ''] = match;
  const kept = fraction.replace(/0+$/, '');
  if (kept.length > digits) throw new RangeError(moneyMessages.tooManyDecimals(currency, digits));
  const minor = Number(`${whole}${kept.padEnd(digits, '0')}`);
  if (!Number.isSafeInteger(minor)) throw new RangeError('Amount too large');
  return sign && minor !== 0 ? -minor : minor;
}

/** Minor units as decimal text with the currency's decimals: 1234 USD → "12.34", 1234 JPY → "1234". */
export function toDecimalString(minor: number | bigint | string, currency: string): string {
  const digits = currencyDigits(currency);
  const value = BigInt(minor);
  const negative = value < 0n;
  const text = (negative ? -value : value).toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  const fraction = digits ? `.${text.slice(text.length - digits)}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** Minor units as the API's decimal number (parsed from the exact text, so it prints back the same). */
export function toDecimal(minor: number | bigint | string, currency: string): number {
  return Number(toDecimalString(minor, currency));
}

/** "$1,234.50", "¥1,235", "KWD 1.250": a decimal amount in its currency. */
export function formatAmount(decimal: number | string, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(decimal));
}

/** Minor units shown in their currency (histories and screens that hold minor units). */
export function formatMoney(minor: number | bigint | string, currency: string, locale = 'en-US'): string {
  return formatAmount(toDecimalString(minor, currency), currency, locale);
}

/** An ISO 4217 code this runtime knows, upper-cased from the form. */
export const currencyCodeSchema = z
  .string({ error: moneyMessages.currency })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: moneyMessages.currency });

/** A non-negative decimal amount as a JSON number or numeric text (forms send text). */
export const decimalAmountSchema = z
  .union([z.number(), z.string().trim()], { error: moneyMessages.amount })
  // A string of digits too long for a number would become Infinity: refused like any non-amount.
  .refine((v) => (typeof v === 'number' ? Number.isFinite(v) && v >= 0 : /^\d+(\.\d+)?$/.test(v) && Number.isFinite(Number(v))), {
    error: moneyMessages.amount,
  })
  .transform((v) => Number(v));

/**
 * Adds an issue at `path` when `amount` has more decimals than `currency` allows. Objects that
 * carry an amount beside its currency call it from `superRefine`, so the rule is the same
 * everywhere an amount is typed.
 */
export function checkAmountDecimals(
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path: (string | number)[] }) => void },
  amount: number | string | undefined,
  currency: string,
  path: (string | number)[],
): void {
  if (amount === undefined || !isCurrencyCode(currency)) return;
  const digits = currencyDigits(currency);
  if (decimalPlaces(amount) > digits) {
    ctx.addIssue({ code: 'custom', message: moneyMessages.tooManyDecimals(currency, digits), path });
  }
}

/** An amount with its currency, checked together (no cents on yen). */
export const moneyInputSchema = z
  .object({ amount: decimalAmountSchema, currency: currencyCodeSchema })
  .superRefine((value, ctx) => checkAmountDecimals(ctx, value.amount, value.currency, ['amount']));
export type MoneyInput = z.input<typeof moneyInputSchema>;
