import { currencyDigits, divRound } from '@almoner/contracts';
import type { Queryable } from '../../db/client.ts';
import { loadRateBook, MissingRateError } from '../money/money.convert.ts';

/** Converts amounts of any currency into one order's currency through the organisation currency. */
export type OrderConverter = {
  orgCurrency: string;
  /** Minor units of `currency` → minor units of the order currency (rounded half away from zero once per leg). */
  toOrder: (minor: number, currency: string) => number;
  /** Minor units of the order currency → minor units of the organisation currency. */
  toOrg: (minor: number) => number;
};

const RATE_SCALE = 10n ** 10n;

/**
 * A converter for an order in `orderCurrency` at the rates effective on `at` (the exchange
 * rates staff keep in modules/money; a missing rate refuses rather than guessing 1.0).
 */
export async function orderConverter(q: Queryable, orderCurrency: string, at: Date): Promise<OrderConverter> {
  const book = await loadRateBook(q);
  const org = book.orgCurrency;
  const rateOf = (currency: string) => book.convert({ amount: 0, currency, at }).rate;
  const scaled = (rate: string) => {
    const [whole = '0', fraction = ''] = rate.split('.');
    return BigInt(`${whole}${fraction.padEnd(10, '0').slice(0, 10)}`);
  };
  const fromOrg = (minor: number): number => {
    if (orderCurrency === org) return minor;
    const rate = scaled(rateOf(orderCurrency));
    if (rate === 0n) throw new MissingRateError(orderCurrency, org, '');
    // order = org / rate, with both currencies' decimals.
    const numerator = BigInt(minor) * RATE_SCALE * 10n ** BigInt(currencyDigits(orderCurrency));
    const denominator = rate * 10n ** BigInt(currencyDigits(org));
    return Number(divRound(numerator, denominator));
  };
  return {
    orgCurrency: org,
    toOrg: (minor) => (orderCurrency === org ? minor : book.convert({ amount: minor, currency: orderCurrency, at }).amount),
    toOrder: (minor, currency) => {
      if (currency === orderCurrency) return minor;
      const inOrg = currency === org ? minor : book.convert({ amount: minor, currency, at }).amount;
      return fromOrg(inOrg);
    },
  };
}
