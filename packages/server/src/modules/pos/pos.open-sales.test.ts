import { posMessages, type PosOpenSale, type PosOrder } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeOrder } from './pos.complete.fixtures.ts';

/**
 * Issue 41: a sale opened at the point of sale and never paid is an open sale. It is listed in the
 * POS to resume or discard, and the ledger (its rows, kept counts, CSV and a supporter's gifts)
 * leaves it out until a payment is tried.
 */

let t: TestApp;
let admin: Agent;
const rows = (query: ReturnType<typeof sql>) => queryRows(t.database.db, query);

type Page = { recordsTotal: number; recordsFiltered: number; data: { id: number }[] };
const ledger = async (body: Record<string, unknown> = {}) => {
  const response = await admin.post('/jpanel/contributions.listing', { length: 100, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const openSales = async () => {
  const response = await admin.get('/jpanel/pos/open.json');
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: PosOpenSale[] }).data;
};
async function start(): Promise<PosOrder> {
  const response = await admin.post('/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().order;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

describe('open sales', () => {
  it('are listed in the POS and nowhere in the ledger, whose kept count agrees with its rows', async () => {
    const paid = await makeOrder(t.database.db, { items: [{ price: 1500 }], billFirstName: 'Ada', billLastName: 'Paid' });
    await t.database.db.execute(sql`update contributions set paid_at = now(), payment_status = 'succeeded', payment_type = 'cash' where id = ${paid.id}`);
    const open = await start();
    const named = await makeOrder(t.database.db, { items: [{ price: 5000 }], billFirstName: 'Grace', billLastName: 'Open' });

    const page = await ledger();
    expect(page.data.map((r) => r.id)).toEqual([paid.id]);
    // The total comes from the kept counts (migration 0046), the filtered figure from the rows.
    expect(page.recordsTotal).toBe(1);
    expect(page.recordsFiltered).toBe(1);
    expect((await ledger({ status: 'pending' })).data).toEqual([]);
    const csv = (await admin.get('/jpanel/contributions.csv')).body;
    expect(csv).not.toContain(open.client_uuid);
    expect(csv).not.toContain(named.clientUuid);

    const listed = await openSales();
    expect(listed.map((s) => s.id)).toEqual([named.id, open.id]);
    expect(listed[0]).toMatchObject({ number: named.clientUuid, supporter: 'Grace Open', items: 1, total_amount: 50, currency_code: 'USD' });
    expect(listed[1]).toMatchObject({ number: open.client_uuid, supporter: null, items: 0, total_amount: 0 });
    expect(listed[1]!.started_by).toMatch(/^Test User\d+$/);
  });

  it('joins the ledger and its counts once a payment is tried, and leaves the open sales', async () => {
    const before = await ledger();
    const sale = await makeOrder(t.database.db, { items: [{ price: 2000 }] });
    expect((await ledger()).recordsTotal).toBe(before.recordsTotal);
    await t.database.db.execute(sql`update contributions set payment_status = 'failed', payment_type = 'card' where id = ${sale.id}`);
    const after = await ledger();
    expect(after.recordsTotal).toBe(before.recordsTotal + 1);
    expect(after.data.map((r) => r.id)).toContain(sale.id);
    expect((await openSales()).map((s) => s.id)).not.toContain(sale.id);
    const refused = await admin.post(`/jpanel/pos/${sale.id}/discard`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(posMessages.notAnOpenSale);
  });

  it('discards an open sale: gone from the list, deleted with its history entry; once only', async () => {
    const sale = await start();
    const answer = await admin.post(`/jpanel/pos/${sale.id}/discard`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ message: posMessages.openSaleDiscarded });
    expect((await openSales()).map((s) => s.id)).not.toContain(sale.id);
    const [row] = await rows(sql`select deleted_at is not null as gone, deleted_by,
      (select event from contribution_status_history h where h.contribution_id = c.id order by h.id desc limit 1) as event
      from contributions c where id = ${sale.id}`);
    expect(row).toMatchObject({ gone: true, event: 'deleted' });
    expect(row?.deleted_by).not.toBeNull();
    expect((await admin.post(`/jpanel/pos/${sale.id}/discard`)).statusCode).toBe(404);
    expect((await admin.post('/jpanel/pos/999999/discard')).statusCode).toBe(404);
  });

  it('is the POS cashier\'s: staff without pos.edit may not list or discard', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['contribution.view'] });
    expect((await viewer.get('/jpanel/pos/open.json')).statusCode).toBe(403);
    const sale = await start();
    expect((await viewer.post(`/jpanel/pos/${sale.id}/discard`)).statusCode).toBe(403);
  });
});
