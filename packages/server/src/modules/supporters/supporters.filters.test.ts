import { messages, supporterFilterMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { refreshSupporterGiving } from './supporters.giving.ts';

let t: TestApp;
let agent: Agent;
/** This year and the last, by the app's clock (the database's), never the test machine's. */
let thisYear: number;
const ids: Record<'lapsed' | 'steady' | 'old', number> = { lapsed: 0, steady: 0, old: 0 };
let uuid = 0;

const rows = (q: SQL) => queryRows(t.database.db, q);

/** A paid US-dollar gift of `minor` cents at `at` (SQL), with its item, as every writer records one. */
async function gift(supporterId: number, minor: number, at: SQL) {
  const [c] = await rows(sql`insert into contributions (client_uuid, supporter_id, ordered_at, paid_at, payment_status, payment_type, currency_code,
      subtotal_amount, total_amount, functional_currency_code, functional_exchange_rate, functional_total_amount)
    values (${`filters-${++uuid}`}, ${supporterId}, ${at}, ${at}, 'succeeded', 'cash', 'USD', ${minor}, ${minor}, 'USD', 1, ${minor}) returning id`);
  await rows(sql`insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation)
    values (${Number(c!.id)}, 'Gift', 1, ${minor}, ${minor}, ${minor}, true)`);
}

async function supporter(last: string): Promise<number> {
  const [row] = await rows(sql`insert into supporters (first_name, last_name, display_name, currency_code) values ('Filtra', ${last}, ${`Filtra ${last}`}, 'USD') returning id`);
  return Number(row!.id);
}

type Row = { id: number; lifetime_total: number; last_payment_at: string | null };
/** Every row the list shows for the filters (only this file's supporters, by their shared name). */
async function listed(filters: Record<string, string>): Promise<number[]> {
  const answer = await agent.post('/jpanel/supporters.listing', { length: 100, search: { value: 'Filtra' }, status: 'all', ...filters });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = answer.json() as { data: Row[]; recordsFiltered: number };
  expect(body.recordsFiltered).toBe(body.data.length);
  return body.data.map((r) => r.id).sort((a, b) => a - b);
}

/** The ids the CSV export holds for the same filters. */
async function exported(filters: Record<string, string>): Promise<number[]> {
  const query = new URLSearchParams({ 'search[value]': 'Filtra', status: 'all', ...filters });
  const csv = await agent.get(`/jpanel/supporters.csv?${query.toString()}`);
  expect(csv.statusCode, csv.body).toBe(200);
  return csv.body.trim().split('\n').slice(1).map((line) => Number(line.split(',')[0])).sort((a, b) => a - b);
}

beforeAll(async () => {
  t = await createTestApp();
  agent = (await signedIn(t, { permissions: ['member.view'] })).agent;
  thisYear = Number((await rows(sql`select extract(year from now() at time zone 'UTC')::int as y`))[0]!.y);
  ids.lapsed = await supporter('Lapsed');
  ids.steady = await supporter('Steady');
  ids.old = await supporter('Old');
  // Mid-June of last year: inside last year in any zone.
  const lastJune = sql`make_timestamptz(${thisYear - 1}, 6, 15, 12, 0, 0, 'UTC')`;
  await gift(ids.lapsed, 10_000, lastJune);
  await gift(ids.steady, 10_000, lastJune);
  await gift(ids.steady, 5_000, sql`now()`);
  await gift(ids.old, 2_000, sql`make_timestamptz(${thisYear - 3}, 6, 15, 12, 0, 0, 'UTC')`);
  await refreshSupporterGiving(t.database.db, sql`select id as supporter_id from supporters where first_name = 'Filtra'`);
});

describe('supporters list filters', () => {
  it('gave in one year but not in another: last year\'s donors who have not given this year', async () => {
    const filters = { gave_in_year: String(thisYear - 1), not_in_year: String(thisYear) };
    expect(await listed(filters)).toEqual([ids.lapsed]);
    expect(await exported(filters)).toEqual([ids.lapsed]);
    expect(await listed({ gave_in_year: String(thisYear - 1) })).toEqual([ids.lapsed, ids.steady].sort((a, b) => a - b));
    expect(await listed({ not_in_year: String(thisYear - 1) })).toEqual([ids.old]);
  });

  it('lifetime giving between two amounts, as the Lifetime column shows it', async () => {
    const filters = { lifetime_min: '100', lifetime_max: '150' };
    expect(await listed(filters)).toEqual([ids.lapsed, ids.steady].sort((a, b) => a - b));
    expect(await exported(filters)).toEqual(await listed(filters));
    expect(await listed({ lifetime_min: '100.01' })).toEqual([ids.steady]);
    expect(await listed({ lifetime_max: '20' })).toEqual([ids.old]);
  });

  it('last gift between two days, as the Last gift column shows it', async () => {
    const week = String((await rows(sql`select ((now() at time zone 'UTC')::date - 7)::text as d`))[0]!.d);
    expect(await listed({ last_gift_from: week })).toEqual([ids.steady]);
    expect(await exported({ last_gift_from: week })).toEqual([ids.steady]);
    const filters = { last_gift_to: `${thisYear - 1}-12-31` };
    expect(await listed(filters)).toEqual([ids.lapsed, ids.old].sort((a, b) => a - b));
    expect(await exported(filters)).toEqual(await listed(filters));
    expect(await listed({ last_gift_from: `${thisYear - 3}-06-15`, last_gift_to: `${thisYear - 3}-06-15` })).toEqual([ids.old]);
  });

  it('by membership number (any case, the whole number): a column, a filter and a CSV column (issue 36)', async () => {
    await rows(sql`update supporters set membership_number = 'FM-77' where id = ${ids.steady}`);
    await rows(sql`update supporters set membership_number = 'FM-770' where id = ${ids.old}`);
    expect(await listed({ membership_number: ' fm-77 ' })).toEqual([ids.steady]);
    expect(await exported({ membership_number: 'fm-77' })).toEqual([ids.steady]);
    const page = (await agent.post('/jpanel/supporters.listing', { length: 100, search: { value: 'Filtra' }, status: 'all' })).json() as { data: { id: number; membership_number: string | null }[] };
    expect(page.data.find((r) => r.id === ids.steady)?.membership_number).toBe('FM-77');
    expect(page.data.find((r) => r.id === ids.lapsed)?.membership_number).toBeNull();
    const csv = (await agent.get('/jpanel/supporters.csv?search[value]=Filtra&status=all&membership_number=FM-770')).body.trim().split('\n');
    const header = csv[0]!.split(',');
    expect(csv).toHaveLength(2);
    expect(csv[1]!.split(',')[header.indexOf('Membership Number')]).toBe('FM-770');
    const tooLong = await agent.post('/jpanel/supporters.listing', { length: 10, membership_number: 'x'.repeat(46) });
    expect([tooLong.statusCode, tooLong.json().errors]).toEqual([422, { membership_number: [messages.maxLength(45)] }]);
  });

  it('refuses a bad year, a range the wrong way round and the same year twice, with the field\'s message', async () => {
    const refused = async (filters: Record<string, string>) => {
      const answer = await agent.post('/jpanel/supporters.listing', { length: 10, ...filters });
      expect(answer.statusCode, JSON.stringify(filters)).toBe(422);
      return answer.json().errors as Record<string, string[]>;
    };
    expect(await refused({ gave_in_year: 'last' })).toEqual({ gave_in_year: [supporterFilterMessages.year] });
    expect(await refused({ gave_in_year: '2024', not_in_year: '2024' })).toEqual({ not_in_year: [supporterFilterMessages.sameYear] });
    expect(await refused({ lifetime_min: '50', lifetime_max: '10' })).toEqual({ lifetime_min: [supporterFilterMessages.minAboveMax] });
    expect(await refused({ lifetime_min: 'lots' })).toEqual({ lifetime_min: [messages.number] });
    expect((await refused({ last_gift_from: '2025-02-30' })).last_gift_from).toBeDefined();
    expect((await agent.get('/jpanel/supporters.csv?gave_in_year=2024&not_in_year=2024')).statusCode).toBe(422);
  });
});
