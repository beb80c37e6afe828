import { describe, expect, it } from 'vitest';
import {
  currencyDigits,
  decimalAmountSchema,
  formatAmount,
  formatMoney,
  isCurrencyCode,
  moneyInputSchema,
  moneyMessages,
  toDecimal,
  toDecimalString,
  toMinor,
} from './money.ts';

describe('money helpers', () => {
  it('know each currency’s decimals from Intl', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('CAD')).toBe(2);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(() => currencyDigits('usd')).toThrow(RangeError);
    expect(isCurrencyCode('JPY')).toBe(true);
    expect(isCurrencyCode('XYZ')).toBe(false);
  });

  it('convert decimals to minor units exactly, where amount × 100 drifts', () => {
    // 0.29 * 100 is 28.999999999999996 and 1.005 * 1000 is 1004.9999999999999 in floating point.
    expect(toMinor(0.29, 'USD')).toBe(29);
    expect(toMinor('19.99', 'USD')).toBe(1999);
    expect(toMinor('1.005', 'KWD')).toBe(1005);
    expect(toMinor(1000, 'JPY')).toBe(1000);
    expect(toMinor('1.50', 'CAD')).toBe(150);
    expect(toMinor('1.000', 'JPY')).toBe(1);
    expect(toMinor('-2.5', 'EUR')).toBe(-250);
    expect(toMinor(0, 'USD')).toBe(0);
  });

  it('refuse more decimals than the currency has, and text that is not a number', () => {
    expect(() => toMinor('1.5', 'JPY')).toThrow(moneyMessages.tooManyDecimals('JPY', 0));
    expect(() => toMinor('0.001', 'USD')).toThrow(RangeError);
    expect(() => toMinor('12,50', 'EUR')).toThrow(RangeError);
    expect(() => toMinor('', 'EUR')).toThrow(RangeError);
    expect(() => toMinor(Number.NaN, 'EUR')).toThrow(RangeError);
  });

  it('convert minor units back to decimals with the currency’s decimals', () => {
    expect(toDecimalString(1234, 'USD')).toBe('12.34');
    expect(toDecimalString(5, 'USD')).toBe('0.05');
    expect(toDecimalString(-5, 'USD')).toBe('-0.05');
    expect(toDecimalString(1234, 'JPY')).toBe('1234');
    expect(toDecimalString(1250, 'KWD')).toBe('1.250');
    expect(toDecimalString(900719925474099n, 'USD')).toBe('9007199254740.99');
    expect(toDecimal(1999, 'USD')).toBe(19.99);
    expect(toDecimal(1999, 'JPY')).toBe(1999);
  });

  it('round-trip every cent from 0.00 to 100.00 without drift', () => {
    for (let minor = 0; minor <= 10_000; minor += 1) {
      expect(toMinor(toDecimal(minor, 'USD'), 'USD')).toBe(minor);
      expect(toMinor(toDecimalString(minor, 'KWD'), 'KWD')).toBe(minor);
    }
  });

  it('format amounts in their currency', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1235, 'JPY')).toBe('¥1,235');
    expect(formatAmount(12.5, 'EUR')).toBe('€12.50');
    expect(formatAmount('1234.5', 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
  });

  it('check an amount against its currency in one schema', () => {
    expect(moneyInputSchema.parse({ amount: '12.50', currency: 'cad' })).toEqual({ amount: 12.5, currency: 'CAD' });
    const yen = moneyInputSchema.safeParse({ amount: '12.5', currency: 'JPY' });
    expect(yen.success).toBe(false);
    expect(yen.error?.issues[0]).toMatchObject({ path: ['amount'], message: 'JPY amounts have no decimals.' });
    expect(moneyInputSchema.safeParse({ amount: -1, currency: 'USD' }).success).toBe(false);
    expect(moneyInputSchema.safeParse({ amount: 1, currency: 'ABC' }).error?.issues[0]?.message).toBe(moneyMessages.currency);
  });

  it('refuses an amount whose digits are too many for a number, as any other non-amount', () => {
    expect(decimalAmountSchema.safeParse('9'.repeat(400)).error?.issues[0]?.message).toBe(moneyMessages.amount);
    expect(decimalAmountSchema.safeParse(`1.${'5'.repeat(400)}`).success).toBe(true);
    expect(decimalAmountSchema.safeParse('12.50').data).toBe(12.5);
  });
});
