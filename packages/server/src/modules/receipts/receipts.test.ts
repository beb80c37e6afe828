import { receiptMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';

let t: TestApp;
let agent: Agent;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const yy = String(new Date().getUTCFullYear() % 100).padStart(2, '0');

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

/**
 * Paid US contributions with something to receipt and no live receipt: the demo receipts every
 * such gift, so their issued receipts are voided first (as a refund would), freeing them.
 */
async function freeContributions(n: number): Promise<number[]> {
  const rows = await rowsOf(sql`
    select c.id from contributions c join tax_receipt_lines l on l.contribution_id = c.id and l.live
      join tax_receipts r on r.id = l.tax_receipt_id and r.status = 'issued'
     where c.refunded_amount = 0 and c.deleted_at is null
     order by c.id desc limit ${n}`);
  await t.database.db.execute(sql`update tax_receipts set status = 'void', voided_at = now()
     where id in (select tax_receipt_id from tax_receipt_lines where contribution_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)}) and live)`);
  return rows.map((r) => Number(r.id));
}

const create = async (contributionId: number, issue: boolean) => {
  const response = await agent.post(`/jpanel/contributions/${contributionId}/tax_receipt`, { issue });
  return { status: response.statusCode, body: response.json() as { id: number; number: string | null; message: string } };
};
const modal = async (id: number) => (await agent.post(`/jpanel/tax_receipt/${id}/modal`)).json() as Record<string, unknown> & { revisions: { number: string; revision: number; changes: { label: string; from: string | null; to: string | null }[] }[] };
const reviseBody = (over: Record<string, unknown> = {}) => ({ name: 'Ada Lovelace', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org', address_01: '1 Main St', city: 'Denver', state: 'CO', zip: '80202', country: 'US', amount: '25.00', issued_at: '2026-03-04', ...over });

describe('tax receipts', () => {
  it('starts from demo data whose receipt lines are live exactly while their receipt is', async () => {
    const wrong = await rowsOf(sql`select l.id from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id
      where l.live <> (r.status <> 'void' and r.deleted_at is null)`);
    expect(wrong).toEqual([]);
  });

  it('creates a receipt on demand with the receiptable amount and refuses a second live one', async () => {
    const [id] = (await freeContributions(1)) as [number];
    const [expected] = await rowsOf(sql`select coalesce(sum(greatest(0, i.total - coalesce(i.fair_market_value, 0) * greatest(1, i.qty)) + i.dcc_amount), 0)::int as amount
      from contribution_items i join products p on p.id = i.product_id where i.contribution_id = ${id} and p.is_tax_receiptable`);
    const first = await create(id, true);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.number).toMatch(new RegExp(`^WEB${yy}-\\d{9}$`));
    expect(first.body.message).toBe(`Receipt ${first.body.number} has been issued successfully.`);
    const [row] = await rowsOf(sql`select amount::int as amount from tax_receipts where id = ${first.body.id}`);
    expect(row?.amount).toBe(expected?.amount);
    const second = await create(id, true);
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(receiptMessages.alreadyExists(String(first.body.number), id));
    // The partial unique index holds even for a writer that skips the service.
    await expect(t.database.db.execute(sql`insert into tax_receipt_lines (tax_receipt_id, contribution_id, description, amount, currency_code)
      values (${first.body.id}, ${id}, 'again', 1, 'USD')`)).rejects.toThrow();
  });

  it('refuses refunded, unpaid and foreign contributions with the incumbent words', async () => {
    const [refunded] = await rowsOf(sql`select c.id from contributions c where c.refunded_amount > 0 and c.paid_at is not null
      and not exists (select 1 from tax_receipt_lines l where l.contribution_id = c.id and l.live) limit 1`);
    await putSettings(t.database.db, { tax_receipt_country: 'ANY' });
    const r1 = await create(Number(refunded?.id), true);
    await putSettings(t.database.db, { tax_receipt_country: 'US' });
    expect(r1.status).toBe(409);
    expect(r1.body.message).toBe(receiptMessages.refunded(Number(refunded?.id)));
    const [foreign] = await rowsOf(sql`select c.id, coalesce(s.bill_country, c.bill_country) as country from contributions c left join supporters s on s.id = c.supporter_id
      where c.paid_at is not null and coalesce(s.bill_country, c.bill_country) <> 'US' limit 1`);
    const r2 = await create(Number(foreign?.id), true);
    expect(r2.body.message).toBe(receiptMessages.wrongCountry(Number(foreign?.id), String(foreign?.country), 'US'));
    const missing = await create(2 ** 31 - 1, true);
    expect(missing.status).toBe(404);
  });

  it('voids a draft by deleting it, and keeps an issued receipt as void', async () => {
    const [a, b] = (await freeContributions(2)) as [number, number];
    const draft = await create(a, false);
    expect(draft.body.number).toBeNull();
    const voided = await agent.post(`/jpanel/tax_receipt/${draft.body.id}/void`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json().deleted_at).not.toBeNull();
    const issued = await create(b, true);
    const v2 = await agent.post(`/jpanel/tax_receipt/${issued.body.id}/void`);
    expect(v2.json()).toMatchObject({ id: issued.body.id, number: issued.body.number, deleted_at: null, message: `Receipt ${issued.body.number} has been voided successfully.` });
    const [row] = await rowsOf(sql`select status, voided_at is not null as voided from tax_receipts where id = ${issued.body.id}`);
    expect(row).toEqual({ status: 'void', voided: true });
    // Both contributions are free for a new receipt; a void receipt cannot be voided or revised again.
    expect((await create(b, true)).status).toBe(200);
    expect((await agent.post(`/jpanel/tax_receipt/${issued.body.id}/void`)).statusCode).toBe(409);
    expect((await agent.post(`/jpanel/tax_receipt/${issued.body.id}/revise`, reviseBody())).statusCode).toBe(409);
  });

  it('ties status to dates in CHECKs', async () => {
    const [r] = await rowsOf(sql`select id from tax_receipts where status = 'issued' limit 1`);
    await expect(t.database.db.execute(sql`update tax_receipts set voided_at = now() where id = ${r?.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update tax_receipts set status = 'void' where id = ${r?.id}`)).rejects.toThrow();
    await expect(t.database.db.execute(sql`update tax_receipts set deleted_at = now() where id = ${r?.id}`)).rejects.toThrow();
  });

  it('issues a draft once, then refuses; revises a draft in place', async () => {
    const [c] = (await freeContributions(1)) as [number];
    const draft = await create(c, false);
    const revised = await agent.post(`/jpanel/tax_receipt/${draft.body.id}/revise`, reviseBody());
    expect(revised.statusCode, revised.body).toBe(200);
    expect((await modal(draft.body.id)).revisions).toEqual([]);
    const issued = await agent.post(`/jpanel/tax_receipt/${draft.body.id}/issue`);
    expect(issued.json().message).toBe(`Receipt ${issued.json().number} has been issued successfully.`);
    expect(await modal(draft.body.id)).toMatchObject({ status: 'issued', amount: 25, name: 'Ada Lovelace', issued_at: '2026-03-04T00:00:00.000Z' });
    expect((await agent.post(`/jpanel/tax_receipt/${draft.body.id}/issue`)).statusCode).toBe(409);
  });

  it('numbers revisions R1, R2, R3 across separate requests, each a frozen row', async () => {
    const [c] = (await freeContributions(1)) as [number];
    const { body } = await create(c, true);
    const base = String(body.number);
    for (const k of [1, 2, 3]) {
      const response = await agent.post(`/jpanel/tax_receipt/${body.id}/revise`, reviseBody({ amount: `${20 + k}.00`, reason: `fix ${k}` }));
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ number: `${base}-R${k}`, message: `Receipt ${base}-R${k} has been successfully revised.` });
    }
    const detail = await modal(body.id);
    expect(detail.number).toBe(`${base}-R3`);
    expect(detail.revisions.map((v) => v.number)).toEqual([`${base}-R1`, `${base}-R2`, `${base}-R3`]);
    expect(detail.revisions[2]?.changes).toEqual([{ label: 'Amount', from: '22.00', to: '23.00' }]);
    const frozen = await rowsOf(sql`select previous_number, previous->>'amount' as amount, reason from tax_receipt_revisions where tax_receipt_id = ${body.id} order by revision`);
    expect(frozen.map((f) => f.previous_number)).toEqual([base, `${base}-R1`, `${base}-R2`]);
    expect(frozen[2]).toMatchObject({ amount: '22.00', reason: 'fix 3' });
  });

  it('refuses bad input with 422 and never 500', async () => {
    const [r] = await rowsOf(sql`select id from tax_receipts where status = 'issued' limit 1`);
    for (const body of [reviseBody({ amount: 'abc' }), reviseBody({ issued_at: '2026-02-30' }), reviseBody({ name: 'a\u0000b' }), reviseBody({ email: 'nope' }), {}]) {
      const response = await agent.post(`/jpanel/tax_receipt/${r?.id}/revise`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await agent.post('/jpanel/tax_receipt/99999999999/issue')).statusCode).toBe(422);
    expect((await agent.post('/jpanel/tax_receipt/abc/modal')).statusCode).toBe(422);
  });

  it('lets only taxreceipt.edit change receipts', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['taxreceipt.view'] });
    const [r] = await rowsOf(sql`select id from tax_receipts where status = 'issued' limit 1`);
    expect((await viewer.post(`/jpanel/tax_receipt/${r?.id}/modal`)).statusCode).toBe(200);
    expect((await viewer.post(`/jpanel/tax_receipt/${r?.id}/void`)).statusCode).toBe(403);
  });

  it('gives 50 parallel issues consecutive numbers with no gap and no duplicate', async () => {
    const ids = await freeContributions(50);
    const drafts = [];
    for (const id of ids) drafts.push((await create(id, false)).body.id);
    const answers = await Promise.all(drafts.map((id) => agent.post(`/jpanel/tax_receipt/${id}/issue`)));
    expect(answers.map((a) => a.statusCode)).toEqual(drafts.map(() => 200));
    const counters = answers.map((a) => Number(/-(\d{9})$/.exec(String(a.json().number))?.[1])).sort((x, y) => x - y);
    expect(new Set(counters).size).toBe(50);
    expect(counters.at(-1)! - counters[0]!).toBe(49);
  }, 60_000);

  it('follows the number format setting, a fresh counter per year', async () => {
    await putSettings(t.database.db, { tax_receipt_number_format: 'GIFT-[YYYY]/[0000]' });
    const [a, b] = (await freeContributions(2)) as [number, number];
    const year = new Date().getUTCFullYear();
    expect((await create(a, true)).body.number).toBe(`GIFT-${year}/0001`);
    expect((await create(b, true)).body.number).toBe(`GIFT-${year}/0002`);
    await putSettings(t.database.db, { tax_receipt_number_format: 'WEB[YY]-[000000000]' });
  });
});
