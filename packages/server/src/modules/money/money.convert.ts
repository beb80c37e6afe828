import { currencyDigits, exchangeRateMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';

/** A money row's amount in the organisation currency and the rate that made it. */
export type FunctionalAmount = {
  /** Minor units of the organisation currency. */
  amount: number;
  /** One unit of the row's currency in the organisation currency (10 decimals, as stored). */
  rate: string;
  /** The day the rate is effective from (for the organisation currency: the row's own day). */
  rateDate: string;
  currency: string;
};

export type ConvertRequest = { amount: number; currency: string; at: Date };

/** No rate on or before the day: converting at 1.0 would silently misstate every total. */
export class MissingRateError extends AppError {
  constructor(
    readonly currency: string,
    readonly orgCurrency: string,
    /** yyyy-mm-dd in the organisation's time zone. */
    readonly day: string,
  ) {
    super('validation', exchangeRateMessages.missingRate(currency, orgCurrency, day));
  }
}

type Rate = { day: string; rate: string };

/** Every rate, newest first per currency, for converting many rows without a query each. */
export type RateBook = {
  orgCurrency: string;
  timeZone: string;
  convert: (request: ConvertRequest) => FunctionalAmount;
};

const RATE_SCALE = 10;

/** A formatter per time zone: making one costs far more than using it (an import converts twice a row). */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of `at` in the organisation's time zone ('YYYY-MM-DD'). */
export function dayInZone(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/** "1.35" → 13500000000n (the rate × 10^10), exactly. */
function scaledRate(rate: string): bigint {
  const [whole = '0', fraction = ''] = rate.split('.');
  return BigInt(`${whole}${fraction.padEnd(RATE_SCALE, '0').slice(0, RATE_SCALE)}`);
}

/** Minor units of `from` × rate into minor units of `to`, rounded half away from zero, in integers. */
export function applyRate(amount: number, rate: string, from: string, to: string): number {
  const numerator = BigInt(amount) * scaledRate(rate) * 10n ** BigInt(currencyDigits(to));
  const denominator = 10n ** BigInt(currencyDigits(from) + RATE_SCALE);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return Number(negative ? -rounded : rounded);
}

const ONE = '1.0000000000';

function makeBook(orgCurrency: string, timeZone: string, rates: Map<string, Rate[]>): RateBook {
  return {
    orgCurrency,
    timeZone,
    convert({ amount, currency, at }) {
      const day = dayInZone(at, timeZone);
      if (currency === orgCurrency) return { amount, rate: ONE, rateDate: day, currency: orgCurrency };
      const rate = rates.get(currency)?.find((r) => r.day <= day);
      if (!rate) throw new MissingRateError(currency, orgCurrency, day);
      return { amount: applyRate(amount, rate.rate, currency, orgCurrency), rate: rate.rate, rateDate: rate.day, currency: orgCurrency };
    },
  };
}

/** Loads the organisation currency, its time zone and every rate, for many conversions. */
export async function loadRateBook(q: Queryable): Promise<RateBook> {
  const { currency, timeZone } = await getOrgMoneySettings(q);
  const rows = await queryRows(
    q,
    sql`select currency_code, to_char(effective_on, 'YYYY-MM-DD') as day, rate::text as rate
          from exchange_rates order by currency_code, effective_on desc`,
  );
  const rates = new Map<string, Rate[]>();
  for (const row of rows) {
    const code = String(row.currency_code);
    const list = rates.get(code) ?? [];
    list.push({ day: String(row.day), rate: String(row.rate) });
    rates.set(code, list);
  }
  return makeBook(currency, timeZone, rates);
}

/**
 * One amount in the organisation currency at the rate effective on `at`'s day (in the
 * organisation's zone): the latest rate on or before it. The same currency converts at 1;
 * a missing rate throws MissingRateError rather than guessing.
 */
export async function convertToOrgCurrency(q: Queryable, request: ConvertRequest): Promise<FunctionalAmount> {
  const { currency, timeZone } = await getOrgMoneySettings(q);
  if (request.currency === currency) return makeBook(currency, timeZone, new Map()).convert(request);
  const day = dayInZone(request.at, timeZone);
  const rows = await queryRows(
    q,
    sql`select to_char(effective_on, 'YYYY-MM-DD') as day, rate::text as rate from exchange_rates
         where currency_code = ${request.currency} and effective_on <= ${day}::date
         order by effective_on desc limit 1`,
  );
  const rates = new Map(rows.map((r) => [request.currency, [{ day: String(r.day), rate: String(r.rate) }]]));
  return makeBook(currency, timeZone, rates).convert(request);
}
