import { exchangeRateMessages, type ExchangeRate, type ExchangeRateList } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';

const SELECT_RATE = sql`select r.id, r.currency_code as currency, r.rate::text as rate, to_char(r.effective_on, 'YYYY-MM-DD') as effective_on,
       r.source, r.created_at, u.id as user_id, trim(concat_ws(' ', u.first_name, u.last_name)) as user_name
  from exchange_rates r left join users u on u.id = r.created_by`;

function toRate(row: Record<string, unknown>): ExchangeRate {
  return {
    id: Number(row.id),
    currency: String(row.currency),
    // numeric(23,10) prints ten decimals; staff typed "1.35", so trailing zeros go.
    rate: String(row.rate).replace(/\.?0+$/, ''),
    effective_on: String(row.effective_on),
    source: row.source === 'imported' ? 'imported' : 'entered',
    created_at: new Date(String(row.created_at)).toISOString(),
    created_by: row.user_id === null ? null : { id: Number(row.user_id), name: String(row.user_name) },
  };
}

/** Every rate, newest day first within each currency. */
export async function listExchangeRates(q: Queryable): Promise<ExchangeRateList> {
  const { currency } = await getOrgMoneySettings(q);
  const rows = await queryRows(q, sql`${SELECT_RATE} order by r.currency_code, r.effective_on desc`);
  return { org_currency: currency, data: rows.map(toRate) };
}

/** Records a rate typed by staff (or read from an imported file), audited as the actor. */
export async function addExchangeRate(
  db: Db,
  actor: Actor,
  input: { currency: string; rate: string; effective_on: string; source?: 'entered' | 'imported' },
): Promise<ExchangeRate> {
  return withActor(db, actor, async (tx) => {
    const { currency } = await getOrgMoneySettings(tx);
    if (input.currency === currency) {
      throw new AppError('validation', exchangeRateMessages.sameCurrency, { currency: [exchangeRateMessages.sameCurrency] });
    }
    const [inserted] = await queryRows(
      tx,
      sql`insert into exchange_rates (currency_code, rate, effective_on, source, created_by)
          values (${input.currency}, ${input.rate}, ${input.effective_on}::date, ${input.source ?? 'entered'}, ${actor.userId})
          on conflict (currency_code, effective_on) do nothing returning id`,
    );
    if (!inserted) {
      throw new AppError('validation', exchangeRateMessages.duplicate, { effective_on: [exchangeRateMessages.duplicate] });
    }
    const [row] = await queryRows(tx, sql`${SELECT_RATE} where r.id = ${Number(inserted.id)}`);
    return toRate(row ?? {});
  });
}
