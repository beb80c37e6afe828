import { contributionNumber, formatDate, messages, toDecimalString, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { dayInZone } from '../money/money.convert.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
type Row = { id: number; short_number: string; number: string; status: string; total: number; ordered_at: string; payment: string; source: string | null };
type Page = { draw: number; recordsTotal: number; recordsFiltered: number; capped: boolean; data: Row[] };

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(400, 120));
  ({ agent } = await signedIn(t));
}, 120_000);

const list = async (body: Record<string, unknown>) => {
  const response = await agent.post('/jpanel/contributions-v2.listing', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Page;
};
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

/** Every row of a filtered listing, page by page. */
async function allPages(body: Record<string, unknown>, length = 50): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; ; start += length) {
    const page = await list({ ...body, start, length });
    rows.push(...page.data);
    if (page.data.length < length) return rows;
  }
}

describe('contributions listing', () => {
  it('answers 50 rows by date descending by default, echoing draw', async () => {
    const page = await list({ draw: 7 });
    expect(page.draw).toBe(7);
    expect(page.data).toHaveLength(50);
    const dates = page.data.map((r) => r.ordered_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const [{ n }] = (await rowsOf(sql`select count(*)::int as n from contributions where deleted_at is null and not is_spam`)) as [{ n: number }];
    expect(page.recordsFiltered).toBe(n);
  });

  it('reads the form-encoded body the DataTables library sends', async () => {
    const form = 'draw=2&start=0&length=10&order%5B0%5D%5Bcolumn%5D=5&order%5B0%5D%5Bdir%5D=asc&search%5Bvalue%5D=&search%5Bregex%5D=false&columns%5B0%5D%5Bdata%5D=0';
    const response = await agent.post('/jpanel/contributions.listing', form, { headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const page = response.json() as Page;
    expect(page.data).toHaveLength(10);
    const totals = page.data.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
  });

  it('applies each filter', async () => {
    const refunded = await allPages({ status: 'refunded' });
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((r) => r.status === 'refunded')).toBe(true);
    const cash = await allPages({ payment_type: ['cash'] });
    expect(cash.every((r) => r.payment === 'Cash')).toBe(true);
    const mid = await allPages({ amount_min: '25', amount_max: '100' });
    // Listing amounts are decimals in the row's currency, as typed in the filter.
    expect(mid.every((r) => r.total >= 25 && r.total <= 100)).toBe(true);
    const range = await allPages({ from: '2026-01-01', to: '2026-03-31' });
    expect(range.every((r) => r.ordered_at >= '2026-01-01' && r.ordered_at < '2026-04-01')).toBe(true);
    const pos = await allPages({ source: ['POS'] });
    expect(pos.every((r) => r.source === 'POS')).toBe(true);
    const bad = await agent.post('/jpanel/contributions-v2.listing', { from: '2026-05-01', to: '2026-01-01' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe('Start Date (2026-05-01) must be before End Date (2026-01-01).');
  });

  it('exports exactly the rows the listing shows across its pages, in the same order', async () => {
    const filter = { payment_type: ['card', 'cash'], amount_min: '10', order: [{ column: 5, dir: 'desc' }, { column: 2, dir: 'asc' }] };
    const shown = (await allPages(filter, 37)).map((r) => r.id);
    const query = 'payment_type[]=card&payment_type[]=cash&amount_min=10&order[0][column]=5&order[0][dir]=desc&order[1][column]=2&order[1][dir]=asc';
    const csv = await agent.get(`/jpanel/contributions.csv?${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const numbers = csv.body.trim().split('\n').slice(1).length;
    expect(numbers).toBe(shown.length);
    const ids = (await rowsOf(sql`select id, coalesce(invoice_number, client_uuid) as number from contributions`)) as { id: number; number: string }[];
    const byNumber = new Map(ids.map((r) => [r.number, r.id]));
    const exported = csv.body.trim().split('\n').slice(1).map((line) => byNumber.get(line.split(',')[0] as string));
    expect(exported).toEqual(shown);
  });

  it('names each row by its short number, and finds a row by it or by its invoice number', async () => {
    const page = await list({ length: 50 });
    for (const r of page.data) expect(r.short_number).toBe(`#${r.id}`);
    // An id no word of any other row holds, so the search can only find it by its id.
    const target = page.data.find((r) => !page.data.some((o) => o.id !== r.id && o.number.includes(String(r.id)))) as Row;
    for (const term of [`#${target.id}`, String(target.id), ` #${target.id} `]) {
      const found = await list({ search: { value: term }, length: 500 });
      expect(found.data.map((r) => r.id), term).toContain(target.id);
      if (term.includes('#')) expect(found.data.map((r) => r.id), term).toEqual([target.id]);
    }
    const byInvoice = await list({ search: { value: target.number.toLowerCase() } });
    expect(byInvoice.data.map((r) => r.id)).toEqual([target.id]);
    // Not a short number: a plain text search, never an error.
    for (const term of ['#', '#abc', '#99999999999', '#0', '# 12']) {
      const response = await agent.post('/jpanel/contributions-v2.listing', { search: { value: term } });
      expect(response.statusCode, term).toBe(200);
    }
    // The Contribution column sorts by the short number's id.
    const ids = (await list({ order: [{ column: 1, dir: 'asc' }], length: 20 })).data.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('clamps or refuses hostile paging, sorting and search — never 500', async () => {
    for (const body of [
      { start: -10, length: -5 },
      { start: 10 ** 12, length: 10 ** 9 },
      { order: [{ column: 99, dir: 'up' }], draw: 'drop table' },
      { search: { value: "' or 1=1; --" } },
      { payment_type: 'bitcoin' },
      { amount_min: 'lots' },
    ]) {
      const response = await agent.post('/jpanel/contributions-v2.listing', body);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
    const huge = await agent.post('/jpanel/contributions-v2.listing', { search: { value: 'x'.repeat(100_000) } });
    expect(huge.statusCode).toBe(422);
  });

  it('needs order.view', async () => {
    const { agent: limited } = await signedIn(t, { permissions: ['member.view'] });
    expect((await limited.post('/jpanel/contributions-v2.listing', {})).statusCode).toBe(403);
  });
});

describe('bulk actions', () => {
  it("answers 'There are no items selected.' with nothing selected", async () => {
    for (const url of ['/jpanel/contributions/batch', '/jpanel/contributions/mark', '/jpanel/contributions/destroy', '/jpanel/contributions/export']) {
      const body = url.endsWith('batch') ? { action: 'complete', ids: [] } : url.endsWith('mark') ? { mark: 'fulfilled' } : { ids: [] };
      const response = await agent.post(url, body);
      expect(response.statusCode, url).toBe(422);
      expect(response.json().message).toBe(messages.noItemsSelected);
    }
  });

  it('marks selected rows fulfilled in one transaction, recorded in the audit trail', async () => {
    const ids = (await list({ status: 'unfulfilled', length: 3 })).data.map((r) => r.id);
    const response = await agent.post('/jpanel/contributions/mark', { ids, mark: 'fulfilled' });
    expect(response.json().message).toBe(`${ids.length} marked fulfilled.`);
    const after = await rowsOf(sql`select count(*)::int as n from contributions where id in (${sql.join(ids.map((i) => sql`${i}`), sql`,`)}) and is_fulfilled`);
    expect(after[0]?.n).toBe(ids.length);
    const audit = await rowsOf(sql`select count(*)::int as n from audit_log where table_name = 'contributions' and changes ? 'is_fulfilled' and actor_user_id is not null`);
    expect(Number(audit[0]?.n)).toBeGreaterThanOrEqual(ids.length);
  });

  it('acts on every row matching the filter when asked for all', async () => {
    const filter = { source: ['Mail'] };
    const matching = (await allPages(filter)).length;
    const response = await agent.post('/jpanel/contributions/batch', { all: true, action: 'spam', ...filter });
    expect(response.json().message).toBe(`Successfully processed ${matching} items.`);
    expect(await allPages(filter)).toHaveLength(0);
    expect((await allPages({ ...filter, status: 'spam' })).length).toBe(matching);
  });

  it('deletes softly: the row leaves the listing, its payments stay', async () => {
    const [row] = (await rowsOf(sql`select c.id from contributions c join payment_links l on l.contribution_id = c.id where c.deleted_at is null and not c.is_spam limit 1`)) as [{ id: number }];
    const response = await agent.post('/jpanel/contributions/destroy', { ids: [row.id] });
    expect(response.json().message).toBe('1 contribution deleted.');
    expect((await allPages({ ids: [row.id] })).length).toBe(0);
    const payments = await rowsOf(sql`select count(*)::int as n from payment_links where contribution_id = ${row.id}`);
    expect(Number(payments[0]?.n)).toBeGreaterThan(0);
    const kept = await rowsOf(sql`select deleted_at from contributions where id = ${row.id}`);
    expect(kept[0]?.deleted_at).not.toBeNull();
  });

  it('exports only the selected rows', async () => {
    const page = await list({ length: 5 });
    const response = await agent.post('/jpanel/contributions/export', { ids: page.data.map((r) => r.id) });
    expect(response.statusCode).toBe(200);
    expect(response.body.trim().split('\n')).toHaveLength(6);
  });

  it('runs every batch action on picked ids and on all matching rows, each in one transaction', async () => {
    const pick = async (where: ReturnType<typeof sql>) =>
      ((await rowsOf(sql`select id from contributions c where c.deleted_at is null and ${where} order by id limit 2`)) as { id: number }[]).map((r) => r.id);
    for (const action of ['complete', 'incomplete', 'spam', 'not_spam', 'spam_and_refund'] as const) {
      const ids = await pick(action === 'not_spam' ? sql`c.is_spam` : sql`not c.is_spam and c.paid_at is not null`);
      const picked = await agent.post('/jpanel/contributions/batch', { action, ids });
      expect(picked.statusCode, `${action} ids`).toBe(200);
      const all = await agent.post('/jpanel/contributions/batch', { action, all: true, supporter_id: 999999 });
      const none = action === 'complete' ? '0 marked fulfilled.' : action === 'incomplete' ? '0 marked unfulfilled.' : 'Successfully processed 0 items.';
      expect(all.json().message, `${action} all`).toBe(none);
    }
  });

  it('refunds what is left on spam & refund through the sandbox gateway, and names each payment it could not refund', async () => {
    const pick = async (gateway: string) =>
      (await rowsOf(sql`select c.id, c.invoice_number, c.client_uuid, p.id as payment_id, p.reference_number, (p.amount - p.amount_refunded)::int as left
                          from contributions c join payment_links l on l.contribution_id = c.id join payments p on p.id = l.payment_id
                         where c.deleted_at is null and not c.is_spam and c.refunded_amount = 0 and p.gateway = ${gateway} and p.status = 'succeeded'
                         order by c.id limit 1`))[0] as { id: number; invoice_number: string | null; client_uuid: string; payment_id: number; reference_number: string; left: number };
    const [card, cash, paypal] = [await pick('sandbox'), await pick('offline'), await pick('paypal')];
    const ledgerBefore = await rowsOf(sql`select count(*)::int as n from sandbox_ledger where kind = 'refund'`);

    const answer = await agent.post('/jpanel/contributions/batch', { action: 'spam_and_refund', ids: [card.id, cash.id, paypal.id] });
    expect(answer.statusCode).toBe(200);
    // Named by the short number staff see in the list.
    expect(answer.json().message).toBe(
      `Successfully processed 3 items. 1 payment refunded; 1 paid offline recorded as refunded (return the money by hand); ` +
        `1 could not be refunded: Contribution #${paypal.id} (its payment was taken through PayPal, which Almoner cannot reach; refund it there).`,
    );

    // The card payment's refund is in the sandbox's own ledger, for what was left, under the refund's reference.
    const ledger = await rowsOf(sql`select reference, amount::int, payment_reference from sandbox_ledger where kind = 'refund' and payment_reference = ${card.reference_number}`);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ amount: card.left });
    const [refund] = await rowsOf(sql`select reference_number, amount::int, reason, idempotency_key from refunds where payment_id = ${card.payment_id}`);
    expect(refund).toMatchObject({ reference_number: ledger[0]?.reference, amount: card.left, reason: 'fraudulent' });
    const ledgerAfter = await rowsOf(sql`select count(*)::int as n from sandbox_ledger where kind = 'refund'`);
    expect(Number(ledgerAfter[0]?.n) - Number(ledgerBefore[0]?.n)).toBe(1);

    // Cash goes back by hand: recorded, with no made-up reference. PayPal is untouched.
    const [cashRefund] = await rowsOf(sql`select reference_number, amount::int from refunds where payment_id = ${cash.payment_id}`);
    expect(cashRefund).toEqual({ reference_number: null, amount: cash.left });
    expect(await rowsOf(sql`select id from refunds where payment_id = ${paypal.payment_id}`)).toEqual([]);

    const after = await rowsOf(sql`select id, refunded_amount = total_amount as full, is_spam from contributions where id in (${card.id}, ${cash.id}, ${paypal.id}) order by id`);
    expect(Object.fromEntries(after.map((r) => [r.id, r.full]))).toEqual({ [card.id]: true, [cash.id]: true, [paypal.id]: false });
    expect(after.every((r) => r.is_spam)).toBe(true);
    // The "Refunded" event carries the amount refunded.
    const history = await rowsOf(sql`select event, amount::int from contribution_status_history where contribution_id = ${card.id} and event in ('marked_spam', 'refunded') order by id`);
    expect(history).toEqual([{ event: 'marked_spam', amount: null }, { event: 'refunded', amount: card.left }]);
    // Its record history answers the refunded amount as a decimal in the contribution's currency.
    const [now] = await rowsOf(sql`select refunded_amount::text as refunded, currency_code from contributions where id = ${card.id}`);
    const trail = (await agent.get(`/jpanel/history/contributions/${card.id}`)).json() as { data: { changes: { field: string }[] }[] };
    const refunded = trail.data.flatMap((e) => e.changes).find((ch) => ch.field === 'refunded_amount');
    expect(refunded).toMatchObject({ kind: 'money', currency: now?.currency_code, before: toDecimalString(0, String(now?.currency_code)), after: toDecimalString(String(now?.refunded), String(now?.currency_code)) });
  });

  it('refunds what it can on spam & refund and reports a payment with no exchange rate for the day, changing nothing for it', async () => {
    const [usd] = await rowsOf(sql`select c.id, p.id as payment_id from contributions c join payment_links l on l.contribution_id = c.id join payments p on p.id = l.payment_id
      where c.deleted_at is null and not c.is_spam and c.refunded_amount = 0 and p.gateway = 'offline' and p.status = 'succeeded' and p.currency_code = 'USD'
      order by c.id desc limit 1`) as [{ id: number; payment_id: number }];
    // A cheque in Canadian dollars; no CAD rate exists for any day, so today's refund cannot be converted.
    await rowsOf(sql`delete from exchange_rates where currency_code = 'CAD'`);
    const [cad] = await rowsOf(sql`insert into contributions (client_uuid, invoice_number, ordered_at, paid_at, payment_status, payment_type, currency_code, total_amount, subtotal_amount,
                                   functional_currency_code, functional_exchange_rate, functional_total_amount)
      values ('no-rate-case', 'NO-RATE-1', now(), now(), 'succeeded', 'cheque', 'CAD', 5000, 5000, 'USD', 0.73, 3650) returning id`) as [{ id: number }];
    const [cheque] = await rowsOf(sql`insert into payments (type, status, amount, currency_code, gateway, paid) values ('cheque', 'succeeded', 5000, 'CAD', 'offline', true) returning id`) as [{ id: number }];
    await rowsOf(sql`insert into payment_links (payment_id, contribution_id) values (${cheque.id}, ${cad.id})`);

    const answer = await agent.post('/jpanel/contributions/batch', { action: 'spam_and_refund', ids: [usd.id, cad.id] });
    expect(answer.statusCode, answer.body).toBe(200);
    const today = dayInZone(new Date(), (await getOrgMoneySettings(t.database.db)).timeZone);
    expect(answer.json().message).toBe(
      'Successfully processed 2 items. 1 paid offline recorded as refunded (return the money by hand); ' +
        `1 could not be refunded: Contribution ${contributionNumber(cad.id)} (no exchange rate from CAD to USD on ${formatDate(today)}; add one under Settings › Exchange rates, then run Spam & refund again).`,
    );
    // The USD payment is refunded; the CAD one has no refund, nothing refunded, but is marked spam like the rest.
    expect(await rowsOf(sql`select count(*)::int as n from refunds where payment_id = ${usd.payment_id}`)).toEqual([{ n: 1 }]);
    expect(await rowsOf(sql`select count(*)::int as n from refunds where payment_id = ${cheque.id}`)).toEqual([{ n: 0 }]);
    expect(await rowsOf(sql`select refunded_amount::int as refunded, is_spam from contributions where id = ${cad.id}`)).toEqual([{ refunded: 0, is_spam: true }]);
    expect(await rowsOf(sql`select amount_refunded::int as refunded from payments where id = ${cheque.id}`)).toEqual([{ refunded: 0 }]);
  });

  it('opens by invoice number as well as by id (the point of sale\'s View link)', async () => {
    const [paid] = (await rowsOf(sql`select id, invoice_number from contributions where invoice_number is not null order by id limit 1`)) as [{ id: number; invoice_number: string }];
    const byNumber = await agent.get(`/jpanel/contributions/${paid.invoice_number}`);
    expect(byNumber.statusCode).toBe(200);
    expect(byNumber.json().contribution.id).toBe(paid.id);
    expect((await agent.get('/jpanel/contributions/NO-SUCH-NUMBER')).statusCode).toBe(404);
    expect((await agent.get('/jpanel/contributions/99999999999')).statusCode).toBe(404);
    expect((await agent.get(`/jpanel/contributions/${encodeURIComponent('a b')}`)).statusCode).toBe(422);
  });

  it('shows on its page what each partial refund covered, item by item, in decimals', async () => {
    // The demo's partial refunds are traced to the items they gave back.
    const [traced] = await rowsOf(sql`select l.contribution_id as id, r.id as refund_id from refund_items ri join refunds r on r.id = ri.refund_id
      join payment_links l on l.payment_id = r.payment_id order by ri.id limit 1`) as [{ id: number; refund_id: number }];
    expect(traced).toBeDefined();
    const lines = await rowsOf(sql`select ri.amount::int as amount, ci.description, ci.gl_code from refund_items ri join contribution_items ci on ci.id = ri.contribution_item_id
      where ri.refund_id = ${traced.refund_id} order by ri.id`);
    const page = (await agent.get(`/jpanel/contributions/${traced.id}`)).json() as {
      payments: { currency_code: string; refunds: { id: number; amount: number; items: { description: string; gl_code: string | null; amount: number }[] }[] }[];
    };
    const payment = page.payments.find((p) => p.refunds.some((r) => r.id === traced.refund_id));
    const refund = payment?.refunds.find((r) => r.id === traced.refund_id);
    const currency = String(payment?.currency_code);
    expect(refund?.items.map(({ description, gl_code, amount }) => ({ description, gl_code, amount }))).toEqual(
      lines.map((l) => ({ description: l.description, gl_code: l.gl_code, amount: Number(toDecimalString(Number(l.amount), currency)) })),
    );
    expect(refund?.items.reduce((sum, i) => sum + toMinor(i.amount, currency), 0)).toBe(toMinor(refund?.amount ?? 0, currency));
  });
});
