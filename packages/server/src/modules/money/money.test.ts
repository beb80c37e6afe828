import { exchangeRateMessages, settingsMessages, toDecimalString, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { refundPayment } from '../payments/refunds.service.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { convertToOrgCurrency, loadRateBook, MissingRateError } from './money.convert.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
  // Rates to the organisation currency (USD): one superseded, to prove the latest on or before the day wins.
  for (const [currency, rate, day] of [
    ['CAD', '0.7', '2026-01-01'],
    ['CAD', '0.7312', '2026-06-01'],
    ['EUR', '1.0843', '2026-01-01'],
    ['JPY', '0.0066891', '2026-01-01'],
  ] as const) {
    const saved = await agent.post('/jpanel/settings/exchange-rates', { currency, rate, effective_on: day });
    expect(saved.statusCode, saved.body).toBe(200);
  }
}, 60_000);

let uuid = 0;
/** A paid contribution written the way every writer must: with its amount in the organisation currency. */
async function gift(amount: string, currency: string, at: Date, supporterId: number | null = null) {
  const minor = toMinor(amount, currency);
  const f = await convertToOrgCurrency(t.database.db, { amount: minor, currency, at });
  const [c] = await rows(sql`insert into contributions (client_uuid, ordered_at, paid_at, payment_status, payment_type, currency_code,
      subtotal_amount, total_amount, functional_currency_code, functional_exchange_rate, functional_total_amount, functional_rate_date, supporter_id)
    values (${`money-${++uuid}`}, ${at}, ${at}, 'succeeded', 'cash', ${currency}, ${minor}, ${minor}, ${f.currency}, ${f.rate}, ${f.amount},
            ${f.rateDate}, ${supporterId}) returning id`);
  const id = Number(c?.id);
  await rows(sql`insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation)
    values (${id}, 'Gift', 1, ${minor}, ${minor}, ${minor}, true)`);
  const [p] = await rows(sql`insert into payments (type, status, amount, currency_code, gateway, paid, functional_amount, functional_rate, functional_rate_date)
    values ('cash', 'succeeded', ${minor}, ${currency}, 'offline', true, ${f.amount}, ${f.rate}, ${f.rateDate}) returning id`);
  await rows(sql`insert into payment_links (payment_id, contribution_id) values (${Number(p?.id)}, ${id})`);
  return { id, minor, functional: f, paymentId: Number(p?.id) };
}

type ListRow = { id: number; total: number; net: number; currency_code: string };
const listed = async (body: Record<string, unknown>) => {
  const response = await agent.post('/jpanel/contributions-v2.listing', { length: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: ListRow[] }).data;
};

/** The CSV's rows as objects keyed by header (the test's values hold no commas or quotes). */
async function csvRows(query: string): Promise<Record<string, string>[]> {
  const csv = await agent.get(`/jpanel/contributions.csv?${query}`);
  expect(csv.statusCode).toBe(200);
  const [head = '', ...lines] = csv.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  const headers = head.split(',').map((h) => h.replace(/"/g, ''));
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [headers[i], v.replace(/"/g, '')])));
}

const cases = {
  USD: ['0.29', '19.99', '1234.56', '0.01', '100000.10'],
  CAD: ['0.07', '33.33', '9999.99'],
  EUR: ['0.10', '57.05', '250'],
  JPY: ['1', '1000', '123457'],
} as const;

describe('money', () => {
  it('round-trips USD, CAD, EUR and JPY amounts API ⇄ database ⇄ CSV without drift', async () => {
    const at = new Date('2026-07-15T15:00:00Z');
    for (const [currency, amounts] of Object.entries(cases)) {
      for (const amount of amounts) {
        const { id, minor } = await gift(amount, currency, at);
        const [stored] = await rows(sql`select total_amount::bigint as total, currency_code from contributions where id = ${id}`);
        expect(Number(stored?.total)).toBe(minor);

        // The API answers the decimal typed, which converts back to exactly the stored minor units.
        const [row] = await listed({ ids: [id] });
        expect(row).toMatchObject({ id, total: Number(amount), net: Number(amount), currency_code: currency });
        expect(toMinor(row?.total ?? Number.NaN, currency)).toBe(minor);

        // So does the contribution page, for the record, its items and its payments.
        const detail = (await agent.get(`/jpanel/contributions/${id}`)).json() as {
          contribution: { total_amount: number }; items: { total: number }[]; payments: { amount: number }[];
        };
        expect([detail.contribution.total_amount, detail.items[0]?.total, detail.payments[0]?.amount]).toEqual([Number(amount), Number(amount), Number(amount)]);

        // The CSV prints the currency's own decimals (no cents on yen).
        const [line] = await csvRows(`ids[]=${id}`);
        expect(line?.Total).toBe(toDecimalString(minor, currency));
        expect(toMinor(line?.Total ?? '', currency)).toBe(minor);

        // Filtering by the same decimal finds the row: the filter converts exactly, in the row's currency.
        const exact = await listed({ ids: [id], amount_min: amount, amount_max: amount });
        expect(exact.map((r) => r.id)).toEqual([id]);
      }
    }
  });

  it('converts at the latest rate on or before the day, 1 in the organisation currency, and refuses a missing rate', async () => {
    const book = await loadRateBook(t.database.db);
    expect(book.orgCurrency).toBe('USD');
    expect(book.convert({ amount: 10_000, currency: 'CAD', at: new Date('2026-05-31T12:00:00Z') })).toMatchObject({ amount: 7000, rateDate: '2026-01-01' });
    expect(await convertToOrgCurrency(t.database.db, { amount: 10_000, currency: 'CAD', at: new Date('2026-06-02T12:00:00Z') })).toEqual({
      amount: 7312, rate: '0.7312000000', rateDate: '2026-06-01', currency: 'USD',
    });
    // 1,000 yen has no minor unit: 1000 × 0.0066891 = 6.6891 USD → 669 cents.
    expect(book.convert({ amount: 1000, currency: 'JPY', at: new Date('2026-02-01T00:00:00Z') }).amount).toBe(669);
    expect(book.convert({ amount: 1999, currency: 'USD', at: new Date('2026-02-01T00:00:00Z') })).toMatchObject({ amount: 1999, rate: '1.0000000000' });

    const missing = convertToOrgCurrency(t.database.db, { amount: 100, currency: 'GBP', at: new Date('2026-02-01T00:00:00Z') });
    await expect(missing).rejects.toThrow(MissingRateError);
    await expect(missing).rejects.toThrow(exchangeRateMessages.missingRate('GBP', 'USD', '2026-02-01'));
    // Before the first CAD rate there is none either: never 1.0.
    expect(() => book.convert({ amount: 100, currency: 'CAD', at: new Date('2025-12-31T12:00:00Z') })).toThrow(MissingRateError);
  });

  it('adds lifetime giving of gifts in two currencies in the organisation currency', async () => {
    const [s] = await rows(sql`insert into supporters (display_name, first_name, last_name, currency_code) values ('Two Currencies', 'Two', 'Currencies', 'USD') returning id`);
    const supporterId = Number(s?.id);
    const usd = await gift('50.00', 'USD', new Date('2026-07-01T12:00:00Z'), supporterId);
    const cad = await gift('80.00', 'CAD', new Date('2026-07-02T12:00:00Z'), supporterId);
    expect(cad.functional.amount).toBe(5850); // 80 × 0.7312 = 58.496 → 58.50
    await refreshSupporterGiving(t.database.db, sql`select ${supporterId}::int as supporter_id`);
    const [giving] = await rows(sql`select lifetime_donation_amount::bigint as amount, lifetime_donation_count as n from supporters where id = ${supporterId}`);
    expect(Number(giving?.amount)).toBe(usd.functional.amount + cad.functional.amount);
    expect(Number(giving?.n)).toBe(2);
    const list = await agent.post('/jpanel/supporters.listing', { status: 'all', length: 100 });
    const row = (list.json() as { data: { id: number; lifetime_total: number }[] }).data.find((r) => r.id === supporterId);
    expect(row?.lifetime_total).toBe(108.5);
    const page = (await agent.get(`/jpanel/supporters/${supporterId}`)).json() as { supporter: { lifetime_donation_amount: number } };
    expect(page.supporter.lifetime_donation_amount).toBe(108.5);
  });

  it('records refunds in the organisation currency at the refund day’s rate, and refuses one without a rate', async () => {
    const eur = await gift('40.00', 'EUR', new Date('2026-03-01T12:00:00Z'));
    const done = await t.database.db.transaction((tx) => refundPayment(tx, { paymentId: eur.paymentId, amount: 1000, reason: 'requested_by_customer', actorId: null }));
    expect(done.ok).toBe(true);
    const [refund] = await rows(sql`select functional_amount::bigint as amount, functional_rate::text as rate, to_char(functional_rate_date, 'YYYY-MM-DD') as day
      from refunds where payment_id = ${eur.paymentId}`);
    expect(refund).toMatchObject({ rate: '1.0843000000', day: '2026-01-01' });
    expect(Number(refund?.amount)).toBe(1084); // 10.00 EUR × 1.0843

    // A payment in a currency that has no rate cannot be refunded until one is entered: nothing is written.
    await rows(sql`insert into exchange_rates (currency_code, rate, effective_on, source) values ('GBP', 1.25, '2026-01-01', 'entered')`);
    const gbp = await gift('10.00', 'GBP', new Date('2026-02-01T12:00:00Z'));
    await rows(sql`delete from exchange_rates where currency_code = 'GBP'`);
    const refused = await t.database.db.transaction((tx) => refundPayment(tx, { paymentId: gbp.paymentId, reason: 'duplicate', actorId: null }));
    expect(refused).toMatchObject({ ok: false, refusal: { reason: 'no_rate', currency: 'GBP', orgCurrency: 'USD' } });
    const [count] = await rows(sql`select count(*)::int as n from refunds where payment_id = ${gbp.paymentId}`);
    expect(count?.n).toBe(0);
  });

  it('filters and prints dates as days in the organisation’s time zone', async () => {
    // 03:00 UTC on March 1 is still February 28 in New York.
    const late = await gift('5.00', 'USD', new Date('2026-03-01T03:00:00Z'));
    const ids = async (from: string) => (await listed({ ids: [late.id], from, to: from })).map((r) => r.id);
    expect(await ids('2026-03-01')).toEqual([late.id]);
    expect(await ids('2026-02-28')).toEqual([]);

    const saved = await agent.post('/jpanel/settings', { time_zone: 'America/New_York' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await ids('2026-02-28')).toEqual([late.id]);
    expect(await ids('2026-03-01')).toEqual([]);
    const [line] = await csvRows(`ids[]=${late.id}`);
    expect(line?.['Ordered At']).toBe('2026-02-28 22:00:00');

    expect((await agent.post('/jpanel/settings', { time_zone: 'Mars/Olympus' })).json().errors).toEqual({ time_zone: [settingsMessages.timeZone] });
    await agent.post('/jpanel/settings', { time_zone: 'UTC' });
  });

  it('locks the organisation currency once money rows exist', async () => {
    const response = await agent.post('/jpanel/settings', { site_currency: 'CAD' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ message: settingsMessages.currencyLocked, errors: { site_currency: [settingsMessages.currencyLocked] } });
    expect((await agent.get('/jpanel/settings.json')).json().values.site_currency).toBe('USD');
    // The page is told before anyone tries: the field shows locked, with the reason.
    expect((await agent.get('/jpanel/settings.json')).json().locked).toEqual({ site_currency: settingsMessages.currencyLocked });
  });

  it('validates exchange rates and needs admin.payments', async () => {
    const post = (body: Record<string, unknown>) => agent.post('/jpanel/settings/exchange-rates', body);
    expect((await post({ currency: 'USD', rate: '1', effective_on: '2026-01-01' })).json().errors).toEqual({ currency: [exchangeRateMessages.sameCurrency] });
    expect((await post({ currency: 'CAD', rate: '0.8', effective_on: '2026-01-01' })).json().errors).toEqual({ effective_on: [exchangeRateMessages.duplicate] });
    expect((await post({ currency: 'CAD', rate: '0', effective_on: '2026-02-01' })).json().errors).toEqual({ rate: [exchangeRateMessages.rate] });
    expect((await post({ currency: 'CAD', rate: '1.5', effective_on: '2026-02-30' })).json().errors).toEqual({ effective_on: [exchangeRateMessages.date] });
    expect((await post({ currency: 'ZZZ', rate: '1.5', effective_on: '2026-02-01' })).statusCode).toBe(422);

    const list = (await agent.get('/jpanel/settings/exchange-rates.json')).json() as { org_currency: string; data: { currency: string; rate: string; effective_on: string; source: string }[] };
    expect(list.org_currency).toBe('USD');
    expect(list.data.filter((r) => r.currency === 'CAD')).toMatchObject([
      { rate: '0.7312', effective_on: '2026-06-01', source: 'entered' },
      { rate: '0.7', effective_on: '2026-01-01', source: 'entered' },
    ]);

    const { agent: clerk } = await signedIn(t, { permissions: ['member.view'] });
    expect((await clerk.get('/jpanel/settings/exchange-rates.json')).statusCode).toBe(403);
    expect((await clerk.post('/jpanel/settings/exchange-rates', { currency: 'CAD', rate: '2', effective_on: '2026-03-01' })).statusCode).toBe(403);
  });
});
