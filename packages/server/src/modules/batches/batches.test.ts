import { batchMessages, depositSlipMessages, posMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { makeSupporter } from '../pos/pos.complete.fixtures.ts';

let t: TestApp;
let staff: Agent;
let reader: Agent;
let variantId: number;
let supporters: number[];
let today: string;

const q = () => t.database.db;
const dayOffset = async (days: number) =>
  String((await queryRows(q(), sql`select ((now() at time zone coalesce((select value #>> '{}' from settings where key = 'time_zone'), 'UTC'))::date + ${days}::int)::text as d`))[0]?.d);

/** A one-time donation the POS sells, with a $5.00 minimum. */
async function makeDesignation(): Promise<number> {
  const [p] = await queryRows(q(), sql`insert into products (name, code, base_currency, show_in_pos, is_tax_receiptable, gl_code)
    values ('Batch Test Fund', ${`BTF-${Math.random().toString(36).slice(2, 8)}`}, 'USD', true, true, 'BTF_4000') returning id`);
  const [v] = await queryRows(q(), sql`insert into product_variants (product_id, variant_name, price, price_minimum, is_donation, billing_period, is_default)
    values (${p!.id}, 'One-time', 0, 500, true, 'onetime', true) returning id`);
  return Number(v!.id);
}

async function newBatch(count: number, total: number, name = 'Week 49 cheques') {
  const res = await staff.post('/jpanel/batches', { name, deposit_date: today, currency_code: 'USD', expected_count: count, expected_total: total });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().batch as { id: number };
}

const gift = (i: number, amount: number, extra: Record<string, unknown> = {}) => ({
  supporter_id: supporters[i % supporters.length], amount, payment_type: 'check', check_number: `10${i}`, variant_id: variantId, received_on: today, ...extra,
});

async function addGifts(batchId: number, amounts: number[]) {
  for (const [i, amount] of amounts.entries()) {
    const res = await staff.post(`/jpanel/batches/${batchId}/gifts`, gift(i, amount));
    expect(res.statusCode, res.body).toBe(201);
  }
}

const postedOf = async (batchId: number) =>
  queryRows(q(), sql`select c.id, c.deleted_at, c.total_amount::bigint as total, c.check_number, c.payment_type, c.supporter_id
                       from gift_batch_gifts g join contributions c on c.id = g.contribution_id where g.batch_id = ${batchId} order by g.position`);
const contributionCount = async () => Number((await queryRows(q(), sql`select count(*)::int as n from contributions`))[0]?.n);

beforeAll(async () => {
  t = await createTestApp();
  staff = (await signedIn(t, { permissions: ['pos.edit'] })).agent;
  reader = (await signedIn(t, { permissions: ['order.view'] })).agent;
  variantId = await makeDesignation();
  supporters = [await makeSupporter(q()), await makeSupporter(q()), await makeSupporter(q())];
  today = await dayOffset(0);
});

describe('gift batches', () => {
  it('starts a batch, lists it open, and needs the POS permission', async () => {
    const batch = await newBatch(2, 75);
    expect((await staff.get('/jpanel/batches.json?status=open')).json().data.map((b: { id: number }) => b.id)).toContain(batch.id);
    expect((await reader.get('/jpanel/batches.json')).statusCode).toBe(403);
    const bad = await staff.post('/jpanel/batches', { name: '', deposit_date: '2026-02-30', currency_code: 'XXQ', expected_count: 0, expected_total: -1 });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['currency_code', 'deposit_date', 'expected_count', 'expected_total', 'name']);
  });

  it('adds, corrects and removes rows while open, with running totals', async () => {
    const batch = await newBatch(2, 75);
    await addGifts(batch.id, [50, 30]);
    let page = (await staff.get(`/jpanel/batches/${batch.id}.json`)).json();
    expect(page.entered).toEqual({ count: 2, total: 80 });
    const second = page.gifts[1].id;
    const edited = await staff.post(`/jpanel/batches/${batch.id}/gifts/${second}`, gift(1, 25, { check_number: '999', note: 'Corrected' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().batch.gifts[1]).toMatchObject({ amount: 25, check_number: '999', note: 'Corrected' });
    expect(edited.json().batch.entered).toEqual({ count: 2, total: 75 });
    const removed = await staff.post(`/jpanel/batches/${batch.id}/gifts/${second}/remove`);
    expect(removed.json().message).toBe(batchMessages.giftRemoved);
    page = (await staff.get(`/jpanel/batches/${batch.id}.json`)).json();
    expect(page.entered).toEqual({ count: 1, total: 50 });
    // The edit is in the audit trail with its before and after.
    const trail = await queryRows(q(), sql`select action, changes from audit_log where table_name = 'gift_batch_gifts' and record_id = ${String(second)} order by id`);
    expect(trail.map((r) => r.action)).toEqual(['insert', 'update', 'delete']);
    expect((trail[1]!.changes as Record<string, unknown>).amount).toEqual([3000, 2500]);
    // The batch's history shows it, labelled by gift, money in the batch's currency.
    const history = (await staff.get(`/jpanel/history/gift_batches/${batch.id}`)).json();
    const amount = history.data.flatMap((e: { changes: { label: string; before: unknown; after: unknown }[] }) => e.changes)
      .find((c: { label: string; before: unknown }) => c.label === `Amount · Gift #${second}` && c.before === '30.00');
    expect(amount).toMatchObject({ before: '30.00', after: '25.00' });
    expect(history.data.map((e: { action: string }) => e.action)).toEqual(expect.arrayContaining(['insert', 'update', 'delete']));
    expect((await reader.get(`/jpanel/history/gift_batches/${batch.id}`)).statusCode).toBe(403);
  });

  it('refuses bad rows with a clear message and changes nothing', async () => {
    const batch = await newBatch(1, 10);
    const archived = await makeSupporter(q());
    await q().execute(sql`update supporters set archived_at = now(), is_active = false where id = ${archived}`);
    const cases: [Record<string, unknown>, string, string][] = [
      [gift(0, 4), 'amount', posMessages.amountMinimum(500, 'USD')],
      [gift(0, 10, { currency_code: 'CAD' }), 'currency_code', batchMessages.currencyDiffers('USD')],
      [gift(0, 10, { supporter_id: archived }), 'supporter_id', batchMessages.supporterArchived('Ada Lovelace')],
      [gift(0, 10, { supporter_id: 2 ** 31 - 2 }), 'supporter_id', batchMessages.supporterMissing],
      [gift(0, 10, { supporter_id: null }), 'supporter_id', batchMessages.supporterRequired],
      [gift(0, 10, { check_number: '' }), 'check_number', batchMessages.checkNumber],
      [gift(0, 10, { received_on: await dayOffset(2) }), 'received_on', batchMessages.futureDate],
      [gift(0, 10, { variant_id: null }), 'variant_id', batchMessages.designationRequired],
    ];
    for (const [body, field, message] of cases) {
      const res = await staff.post(`/jpanel/batches/${batch.id}/gifts`, body);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toEqual([message]);
    }
    // Cash without a supporter is fine (a collection plate).
    const cash = await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(0, 10, { supporter_id: null, payment_type: 'cash', check_number: '' }));
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().batch.entered).toEqual({ count: 1, total: 10 });
  });

  it('refuses to close until count and total match, showing the difference', async () => {
    const batch = await newBatch(2, 120);
    await addGifts(batch.id, [50]);
    const count = await staff.post(`/jpanel/batches/${batch.id}/close`);
    expect(count.statusCode).toBe(422);
    expect(count.json().message).toBe(batchMessages.countDiffers(1, 2));
    await addGifts(batch.id, [30]);
    const short = await staff.post(`/jpanel/batches/${batch.id}/close`);
    expect(short.json().message).toBe('The batch is $40.00 short of its expected total.');
    expect(await postedOf(batch.id)).toEqual([]);
  });

  it('posts every gift in one transaction: a fault half-way posts nothing; the retry posts each once', async () => {
    const amounts = [10, 20, 30, 40, 50, 60];
    const batch = await newBatch(6, 210);
    await addGifts(batch.id, amounts);
    const fourth = (await staff.get(`/jpanel/batches/${batch.id}.json`)).json().gifts[3];
    await staff.post(`/jpanel/batches/${batch.id}/gifts/${fourth.id}`, gift(3, 40, { check_number: 'FAULT-4' }));
    // The test's own instrument: the database refuses the fourth cheque's payment, after three were posted.
    await q().execute(sql.raw(`create or replace function batch_test_fault() returns trigger language plpgsql as $$
      begin if new.cheque_number = 'FAULT-4' then raise exception 'injected fault'; end if; return new; end $$`));
    await q().execute(sql.raw('create trigger batch_test_fault before insert on payments for each row execute function batch_test_fault()'));
    const before = await contributionCount();
    const failed = await staff.post(`/jpanel/batches/${batch.id}/close`);
    expect(failed.statusCode).toBe(500);
    expect(await contributionCount()).toBe(before);
    expect((await staff.get(`/jpanel/batches/${batch.id}.json`)).json().status).toBe('open');
    await q().execute(sql.raw('drop trigger batch_test_fault on payments'));

    const [first, again] = await Promise.all([staff.post(`/jpanel/batches/${batch.id}/close`), staff.post(`/jpanel/batches/${batch.id}/close`)]);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(first.json().message).toBe(batchMessages.closed(6));
    const retry = await staff.post(`/jpanel/batches/${batch.id}/close`);
    expect(retry.json().batch.status).toBe('closed');
    expect(await contributionCount()).toBe(before + 6);
    const posted = await postedOf(batch.id);
    expect(posted.map((p) => Number(p.total))).toEqual(amounts.map((a) => a * 100));
    expect(posted.map((p) => p.check_number)).toEqual(['100', '101', '102', 'FAULT-4', '104', '105']);
    expect(posted.every((p) => p.payment_type === 'cheque')).toBe(true);
    const payments = await queryRows(q(), sql`select p.cheque_number from payments p join payment_links l on l.payment_id = p.id
      where l.contribution_id in (select contribution_id from gift_batch_gifts where batch_id = ${batch.id}) order by p.id`);
    expect(payments.map((p) => p.cheque_number)).toEqual(['100', '101', '102', 'FAULT-4', '104', '105']);
    const events = await queryRows(q(), sql`select count(*)::int as n from domain_events where type = 'contribution.paid'
      and (payload->>'contribution_id')::int in (select contribution_id from gift_batch_gifts where batch_id = ${batch.id})`);
    expect(Number(events[0]?.n)).toBe(6);
    // A closed batch cannot change.
    const edit = await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(0, 10));
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe(batchMessages.closedNoEdit('Week 49 cheques'));
  });

  it('gives a deposit slip of a closed batch as JSON and as a PDF, and none while open', async () => {
    const batch = await newBatch(3, 90);
    await addGifts(batch.id, [25, 35]);
    await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(2, 30, { payment_type: 'cash', check_number: '' }));
    expect((await staff.get(`/jpanel/batches/${batch.id}/deposit-slip.pdf`)).json().message).toBe(depositSlipMessages.notClosed);
    expect((await staff.post(`/jpanel/batches/${batch.id}/close`)).statusCode).toBe(200);
    const slip = (await staff.get(`/jpanel/batches/${batch.id}/deposit-slip.json`)).json();
    expect(slip).toMatchObject({ cheque_total: 60, cash_count: 1, cash_total: 30, total: 90 });
    expect(slip.cheques.map((c: { check_number: string }) => c.check_number)).toEqual(['100', '101']);
    const pdf = await staff.get(`/jpanel/batches/${batch.id}/deposit-slip.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('reopens only while nothing is receipted, deleting the posted gifts with history', async () => {
    const batch = await newBatch(2, 60);
    await addGifts(batch.id, [20, 40]);
    await staff.post(`/jpanel/batches/${batch.id}/close`);
    const posted = await postedOf(batch.id);
    // Whatever the receipt rules issued at close, one live receipt on one gift refuses the reopen.
    await q().execute(sql`delete from tax_receipt_lines where contribution_id in (${posted[0]!.id}, ${posted[1]!.id})`);
    const [receipt] = await queryRows(q(), sql`insert into tax_receipts (status, number, issued_at, amount, currency_code)
      values ('issued', ${`BT-${batch.id}`}, now(), 2000, 'USD') returning id`);
    await q().execute(sql`insert into tax_receipt_lines (tax_receipt_id, contribution_id, description, amount, currency_code)
      values (${receipt!.id}, ${posted[0]!.id}, 'Gift', 2000, 'USD')`);
    const refused = await staff.post(`/jpanel/batches/${batch.id}/reopen`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(batchMessages.receipted([`BT-${batch.id}`]));
    expect((await postedOf(batch.id)).every((p) => p.deleted_at === null)).toBe(true);

    await q().execute(sql`update tax_receipts set status = 'void', voided_at = now() where id = ${receipt!.id}`);
    const reopened = await staff.post(`/jpanel/batches/${batch.id}/reopen`);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().message).toBe(batchMessages.reopened(2));
    expect(reopened.json().batch).toMatchObject({ status: 'open', closed_at: null });
    const gone = await queryRows(q(), sql`select deleted_at from contributions where id in (${posted[0]!.id}, ${posted[1]!.id})`);
    expect(gone.every((c) => c.deleted_at !== null)).toBe(true);
    const history = await queryRows(q(), sql`select event from contribution_status_history where contribution_id = ${posted[0]!.id} order by id`);
    expect(history.map((h) => h.event)).toContain('deleted');
    expect((await staff.post(`/jpanel/batches/${batch.id}/reopen`)).json().message).toBe(batchMessages.alreadyOpen('Week 49 cheques'));
    // Closed again, it posts fresh gifts.
    expect((await staff.post(`/jpanel/batches/${batch.id}/close`)).statusCode).toBe(200);
    expect((await postedOf(batch.id)).every((p) => p.deleted_at === null && !posted.some((o) => o.id === p.id))).toBe(true);
  });
});

describe('a batch\'s header, campaigns and history', () => {
  it('edits the header while open, refusing bad values; credits each gift to its row\'s campaign and appeal at close; history names the fund', async () => {
    const [k] = await queryRows(q(), sql`insert into campaigns (name, goal_amount, currency_code, starts_on) values (${`Batch campaign ${Date.now()}`}, 100000, 'USD', '2020-01-01') returning id`);
    const [a] = await queryRows(q(), sql`insert into appeals (campaign_id, name, code) values (${k!.id}, 'Letter', ${`BL${Date.now() % 100000}`}) returning id`);
    const batch = await newBatch(1, 10, 'Week 50 cheques');

    const edited = await staff.post(`/jpanel/batches/${batch.id}`, { name: 'Week 50 deposit', deposit_date: today, expected_count: 2, expected_total: '30.00' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().batch).toMatchObject({ name: 'Week 50 deposit', expected: { count: 2, total: 30 } });
    expect((await staff.post(`/jpanel/batches/${batch.id}`, { expected_count: 0 })).statusCode).toBe(422);
    expect((await staff.post(`/jpanel/batches/${batch.id}`, { name: '  ' })).statusCode).toBe(422);
    expect((await staff.post(`/jpanel/batches/${batch.id}`, { deposit_date: '2026-02-30' })).statusCode).toBe(422);

    const unknown = await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(0, 10, { campaign_id: 99999999 }));
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('campaign_id');
    expect((await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(0, 10, { appeal_id: a!.id }))).statusCode).toBe(201);
    expect((await staff.post(`/jpanel/batches/${batch.id}/gifts`, gift(1, 20))).statusCode).toBe(201);
    const rows = (await staff.get(`/jpanel/batches/${batch.id}.json`)).json().gifts as { campaign_id: number | null; appeal_id: number | null }[];
    expect(rows.map((r) => [r.campaign_id, r.appeal_id])).toEqual([[Number(k!.id), Number(a!.id)], [null, null]]);

    expect((await staff.post(`/jpanel/batches/${batch.id}/close`)).statusCode).toBe(200);
    const posted = await queryRows(q(), sql`select c.campaign_id, c.appeal_id from gift_batch_gifts g join contributions c on c.id = g.contribution_id where g.batch_id = ${batch.id} order by g.position`);
    expect(posted).toEqual([{ campaign_id: Number(k!.id), appeal_id: Number(a!.id) }, { campaign_id: null, appeal_id: null }]);

    const history = (await staff.get(`/jpanel/history/gift_batches/${batch.id}`)).json() as { data: { changes: { field: string; label: string; after: unknown }[] }[] };
    const changes = history.data.flatMap((e) => e.changes);
    expect(changes).toEqual(expect.arrayContaining([
      expect.objectContaining({ field: 'variant_id', after: { id: variantId, name: 'Batch Test Fund' } }),
      expect.objectContaining({ field: 'name', after: 'Week 50 deposit' }),
      expect.objectContaining({ field: 'appeal_id', after: expect.objectContaining({ id: Number(a!.id) }) }),
    ]));
  });
});
