import { toMinor } from '@almoner/contracts';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import type { Agent, TestApp } from '../../test/test-app.ts';

/** Rows of a plain SQL text, written in the test itself (not the report's own query). */
export async function independent(t: TestApp, text: string) {
  return queryRows(t.database.db, sql.raw(text));
}

/**
 * Minor units of an amount of `cur` at a stored rate, in USD cents, in exact numeric arithmetic
 * (round half away from zero): yen have no minor unit, so a yen is a hundred "cents" of itself.
 */
export const usdCents = (expr: string, rate: string, cur: string) =>
  `round((${expr})::numeric * ${rate}::numeric * (case ${cur} when 'JPY' then 100 else 1 end))`;

type Totals = { org_currency: string; currencies: { currency: string; count: number; measures: { key: string; amount: number; org_amount: number }[] }[]; org: { key: string; amount: number }[] };

/**
 * The report's totals equal the independent rows `{ cur, n, <measure>, org_<measure> }` (minor
 * units), and its organisation-currency total is the sum of the currencies' org figures.
 */
export function expectTotals(totals: Totals, rows: Record<string, unknown>[], measures: string[]) {
  expect(totals.org_currency).toBe('USD');
  expect(totals.currencies.map((c) => c.currency)).toEqual(rows.map((r) => String(r.cur)));
  for (const row of rows) {
    const c = totals.currencies.find((x) => x.currency === row.cur)!;
    expect(c.count, String(row.cur)).toBe(Number(row.n));
    for (const m of measures) {
      const measure = c.measures.find((x) => x.key === m)!;
      expect(toMinor(measure.amount, c.currency), `${String(row.cur)} ${m}`).toBe(Number(row[m]));
      expect(toMinor(measure.org_amount, 'USD'), `${String(row.cur)} org ${m}`).toBe(Number(row[`org_${m}`]));
    }
  }
  for (const m of measures) expect(toMinor(totals.org.find((x) => x.key === m)!.amount, 'USD')).toBe(rows.reduce((s, r) => s + Number(r[`org_${m}`]), 0));
}

/** Every row of a listing, page by page, in its order. */
export async function allRows(agent: Agent, url: string, body: Record<string, unknown> = {}) {
  const rows: Record<string, unknown>[] = [];
  for (let start = 0; ; start += 500) {
    const page = (await agent.post(url, { ...body, start, length: 500 })).json() as { data: Record<string, unknown>[] };
    rows.push(...page.data);
    if (page.data.length < 500) return rows;
  }
}

/**
 * A CSV export parsed by a strict parser: every record the header's width, quotes balanced.
 * Number columns hold plain numbers; no text cell can start a formula.
 */
export function parseCsv(body: string, numberColumns: string[]) {
  const records = parse(body, { columns: true, skip_empty_lines: false, relax_quotes: false, relax_column_count: false, bom: false }) as Record<string, string>[];
  for (const record of records) {
    for (const [header, value] of Object.entries(record)) {
      if (numberColumns.includes(header)) {
        if (value !== '') expect(value, header).toMatch(/^-?\d+(\.\d+)?$/);
      } else expect(/^[=+\-@\t\r]/.test(value), `${header}: ${value}`).toBe(false);
    }
  }
  return records;
}
