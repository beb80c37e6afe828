import { exchangeRateCreateSchema, exchangeRateMessages, type ExchangeRate, type ExchangeRateList } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { queueFunctionalFill } from './money.fill.ts';

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
    await queueFunctionalFill(tx, input.currency);
    const [row] = await queryRows(tx, sql`${SELECT_RATE} where r.id = ${Number(inserted.id)}`);
    return toRate(row ?? {});
  });
}

type RowErrors = Record<string, string[]>;

/**
 * Imports a file of rates, all or nothing: every row is checked with the same rule as a rate
 * typed by hand, and against the rates already kept and the file's other rows. One bad row
 * imports none, and the answer names each bad row's field (`rows.3.rate`).
 */
export async function importExchangeRates(db: Db, actor: Actor, rows: Record<string, unknown>[]): Promise<number> {
  return withActor(db, actor, async (tx) => {
    const { currency: orgCurrency } = await getOrgMoneySettings(tx);
    const errors: RowErrors = {};
    const fail = (i: number, field: string, message: string) => (errors[`rows.${i}.${field}`] ??= []).push(message);
    const parsed: ExchangeRateCreateParsed[] = [];
    const seen = new Set<string>();
    rows.forEach((raw, i) => {
      const row = exchangeRateCreateSchema.safeParse(raw);
      if (!row.success) {
        for (const issue of row.error.issues) fail(i, String(issue.path[0] ?? 'rate'), issue.message);
        return;
      }
      const key = `${row.data.currency}:${row.data.effective_on}`;
      if (row.data.currency === orgCurrency) fail(i, 'currency', exchangeRateMessages.sameCurrency);
      else if (seen.has(key)) fail(i, 'effective_on', exchangeRateMessages.duplicateInFile);
      seen.add(key);
      parsed.push({ ...row.data, index: i });
    });
    const existing = await queryRows(tx, sql`select currency_code as currency, to_char(effective_on, 'YYYY-MM-DD') as day from exchange_rates`);
    const kept = new Set(existing.map((r) => `${String(r.currency)}:${String(r.day)}`));
    for (const row of parsed) if (kept.has(`${row.currency}:${row.effective_on}`)) fail(row.index, 'effective_on', exchangeRateMessages.duplicate);
    if (Object.keys(errors).length > 0) throw new AppError('validation', exchangeRateMessages.importFailed, errors);

    for (const row of parsed) {
      await tx.execute(sql`insert into exchange_rates (currency_code, rate, effective_on, source, created_by)
                           values (${row.currency}, ${row.rate}, ${row.effective_on}::date, 'imported', ${actor.userId})`);
    }
    for (const currency of new Set(parsed.map((r) => r.currency))) await queueFunctionalFill(tx, currency);
    return parsed.length;
  });
}

type ExchangeRateCreateParsed = { currency: string; rate: string; effective_on: string; index: number };
