import { exchangeRateMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import type { JobRun } from '../jobs/jobs.queue.ts';
import { fillFunctionalAmounts } from './money.fill.ts';

let t: TestApp;
let agent: Agent;
const rows = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const rateCount = async () => Number((await rows(sql`select count(*) as n from exchange_rates`))[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  ({ agent } = await signedIn(t));
}, 60_000);

/** Runs the fill job's handler here, as a worker would. */
async function runFill(currency: string) {
  const progress: number[] = [];
  const run = {
    id: 'test', name: fillFunctionalAmounts.name, data: { currency }, retryCount: 0, retryLimit: 3, database: t.database,
    once: () => Promise.resolve(false), onceEach: () => Promise.resolve([]), giveUp: () => Promise.resolve(), progress: (p: number) => Promise.resolve(void progress.push(p)),
  } satisfies JobRun<{ currency: string }>;
  await fillFunctionalAmounts.handler(run);
  return progress;
}

describe('importing exchange rates', () => {
  it('imports every row, marked imported, and answers how many', async () => {
    const response = await agent.post('/jpanel/settings/exchange-rates/import', {
      rows: [
        { currency: 'GBP', rate: '1.27', effective_on: '2026-01-01' },
        { currency: 'gbp', rate: ' 1.3 ', effective_on: '2026-02-01' },
        { currency: 'MXN', rate: 0.058, effective_on: '2026-01-01' },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: exchangeRateMessages.imported(3), imported: 3 });
    const kept = await rows(sql`select currency_code, rate::text as rate, source from exchange_rates order by currency_code, effective_on`);
    expect(kept.map((r) => [r.currency_code, Number(r.rate), r.source])).toEqual([
      ['GBP', 1.27, 'imported'], ['GBP', 1.3, 'imported'], ['MXN', 0.058, 'imported'],
    ]);
  });

  it('imports nothing when any row is bad, and names each bad row and field', async () => {
    const before = await rateCount();
    const response = await agent.post('/jpanel/settings/exchange-rates/import', {
      rows: [
        { currency: 'EUR', rate: '1.08', effective_on: '2026-03-01' },
        { currency: 'EUR', rate: '-1', effective_on: '2026-03-02' },
        { currency: 'EUR', rate: '1.09', effective_on: '2026-02-30' },
        { currency: 'USD', rate: '1', effective_on: '2026-03-03' },
        { currency: 'EUR', rate: '1.1', effective_on: '2026-03-01' },
        { currency: 'GBP', rate: '1.28', effective_on: '2026-01-01' },
      ],
    });
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe(exchangeRateMessages.importFailed);
    expect(body.errors).toEqual({
      'rows.1.rate': [exchangeRateMessages.rate],
      'rows.2.effective_on': [exchangeRateMessages.date],
      'rows.3.currency': [exchangeRateMessages.sameCurrency],
      'rows.4.effective_on': [exchangeRateMessages.duplicateInFile],
      'rows.5.effective_on': [exchangeRateMessages.duplicate],
    });
    expect(await rateCount()).toBe(before);
  });

  it('refuses an empty file, too many rows, and staff without admin.payments', async () => {
    expect((await agent.post('/jpanel/settings/exchange-rates/import', { rows: [] })).statusCode).toBe(422);
    const many = Array.from({ length: 1001 }, (_, i) => ({ currency: 'CHF', rate: '1.1', effective_on: `2020-01-01`, i }));
    const tooMany = await agent.post('/jpanel/settings/exchange-rates/import', { rows: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.rows).toEqual([exchangeRateMessages.importTooMany]);
    const { agent: clerk } = await signedIn(t, { permissions: ['order.view'] });
    expect((await clerk.post('/jpanel/settings/exchange-rates/import', { rows: [{ currency: 'CHF', rate: '1', effective_on: '2026-01-01' }] })).statusCode).toBe(403);
  });
});

describe('filling organisation-currency amounts once a rate exists', () => {
  it('queues the fill with the rate, and gives rows without an amount the latest rate on or before their day', async () => {
    // Rows written before the money model: amounts in AUD, no organisation-currency amount.
    const [p1] = await rows(sql`insert into payments (type, status, amount, currency_code, gateway, paid, created_at)
      values ('cash', 'succeeded', 10001, 'AUD', 'offline', true, '2026-04-10T12:00:00Z') returning id`);
    const [p2] = await rows(sql`insert into payments (type, status, amount, currency_code, gateway, paid, created_at)
      values ('cash', 'succeeded', 2500, 'AUD', 'offline', true, '2025-12-31T12:00:00Z') returning id`);
    const [r1] = await rows(sql`insert into refunds (payment_id, status, amount, currency_code, reason, created_at)
      values (${Number(p1?.id)}, 'succeeded', 1001, 'AUD', 'requested_by_customer', '2026-05-02T12:00:00Z') returning id`);

    const jobs = async () => Number((await rows(sql`select count(*) as n from pgboss.job where name = 'money_fill_functional' and data->>'currency' = 'AUD'`))[0]?.n);
    expect(await jobs()).toBe(0);
    for (const [rate, day] of [['0.65', '2026-01-01'], ['0.66', '2026-05-01']]) {
      expect((await agent.post('/jpanel/settings/exchange-rates', { currency: 'AUD', rate, effective_on: day })).statusCode).toBe(200);
    }
    expect(await jobs()).toBe(2);

    expect(await runFill('AUD')).toEqual([33, 67, 100]);
    const payment = async (id: unknown) => (await rows(sql`select functional_amount::int as functional_amount, functional_rate::float8 as rate, to_char(functional_rate_date, 'YYYY-MM-DD') as day from payments where id = ${Number(id)}`))[0];
    // 100.01 AUD × 0.65 = 65.0065 → 65.01 USD (half away from zero, as applyRate rounds).
    expect(await payment(p1?.id)).toEqual({ functional_amount: 6501, rate: 0.65, day: '2026-01-01' });
    // Before the first rate: still none, never a made-up 1.0.
    expect(await payment(p2?.id)).toEqual({ functional_amount: null, rate: null, day: null });
    const [refund] = await rows(sql`select functional_amount::int as functional_amount, functional_rate::float8 as rate from refunds where id = ${Number(r1?.id)}`);
    expect(refund).toEqual({ functional_amount: 661, rate: 0.66 });

    // Running again changes nothing.
    await runFill('AUD');
    expect(await payment(p1?.id)).toEqual({ functional_amount: 6501, rate: 0.65, day: '2026-01-01' });
  });
});
