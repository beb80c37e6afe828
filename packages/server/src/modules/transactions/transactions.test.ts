import { formatDate, transactionMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let agent: Agent;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
}, 180_000);

/** A succeeded, unrefunded payment of `gateway` paying one contribution; with a live issued receipt when asked. */
async function paymentOf(gateway: string, withReceipt: boolean) {
  const [row] = await rowsOf(sql`
    select p.id, l.contribution_id, c.supporter_id from payments p join payment_links l on l.payment_id = p.id join contributions c on c.id = l.contribution_id
     where p.gateway = ${gateway} and p.status = 'succeeded' and p.amount_refunded = 0 and c.refunded_amount = 0 and not c.is_spam and not c.is_test
       and (select count(*) from payment_links l2 where l2.payment_id = p.id) = 1
       and ${withReceipt} = exists (select 1 from tax_receipt_lines tl join tax_receipts r on r.id = tl.tax_receipt_id where tl.contribution_id = c.id and tl.live and r.status = 'issued')
     order by p.id desc limit 1`);
  if (!row) throw new Error(`no ${gateway} payment in the demo`);
  return { id: Number(row.id), contribution: Number(row.contribution_id), supporter: row.supporter_id === null ? null : Number(row.supporter_id) };
}
const act = async (id: number, action: string, as = agent) => {
  const response = await as.post(`/jpanel/transactions/${id}/${action}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { status: string; message: string };
};

describe('transaction modal', () => {
  it('refunds in full once for two clicks, voids the receipt, records the event and updates lifetime giving', async () => {
    const p = await paymentOf('sandbox', true);
    const [receipt] = await rowsOf(sql`select r.id, r.number from tax_receipts r join tax_receipt_lines l on l.tax_receipt_id = r.id where l.contribution_id = ${p.contribution} and l.live`);
    const [before] = await rowsOf(sql`select lifetime_donation_amount + lifetime_purchase_amount as lifetime from supporters where id = ${p.supporter}`);
    const detail = (await agent.post(`/jpanel/transactions/${p.id}/modal`)).json();
    expect(detail.can).toEqual({ issue_tax_receipt: false, refund: true, refresh_payment_status: true });

    const answers = await Promise.all([act(p.id, 'refund'), act(p.id, 'refund')]);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual(['error', 'success']);
    expect(answers.find((a) => a.status === 'success')?.message).toMatch(new RegExp(`^Transaction #${p.id} has been refunded \\(\\$[\\d,.]+\\)\\.$`));
    const [refund] = await rowsOf(sql`select count(*)::int as n, max(reference_number) as auth, max(created_at) as at from refunds where payment_id = ${p.id}`);
    expect(refund?.n).toBe(1);
    expect(answers.find((a) => a.status === 'error')?.message).toBe(transactionMessages.alreadyRefunded(p.id, formatDate(new Date(refund?.at as string).toISOString()), String(refund?.auth)));
    const [ledger] = await rowsOf(sql`select count(*)::int as n from sandbox_ledger where kind = 'refund' and payment_reference = (select reference_number from payments where id = ${p.id})`);
    expect(ledger?.n).toBe(1);
    const [voided] = await rowsOf(sql`select status, voided_at is not null as dated from tax_receipts where id = ${receipt?.id}`);
    expect(voided).toEqual({ status: 'void', dated: true });
    const [event] = await rowsOf(sql`select count(*)::int as n from domain_events where type = 'contribution.refunded' and (payload->>'contribution_id')::int = ${p.contribution}`);
    expect(event?.n).toBe(1);
    if (p.supporter !== null) {
      const [after] = await rowsOf(sql`select lifetime_donation_amount + lifetime_purchase_amount as lifetime from supporters where id = ${p.supporter}`);
      expect(Number(after?.lifetime)).toBeLessThan(Number(before?.lifetime));
    }
    // A third click, later: still the same one refund.
    expect((await act(p.id, 'refund')).status).toBe('error');
    expect((await agent.post(`/jpanel/transactions/${p.id}/modal`)).json().can.refund).toBe(false);
  });

  it('records an offline payment as refunded by hand, and refuses what no gateway here can reach', async () => {
    const cash = await paymentOf('offline', false).catch(() => paymentOf('offline', true));
    const byHand = await act(cash.id, 'refund');
    expect(byHand).toEqual({ status: 'success', message: expect.stringMatching(/recorded as refunded .* return the money by hand\.$/) });
    const paypal = await paymentOf('paypal', false).catch(() => paymentOf('paypal', true));
    const refused = await act(paypal.id, 'refund');
    expect(refused.status).toBe('error');
    expect(refused.message).toBe(`Refund failed for Transaction #${paypal.id}: its payment was taken through PayPal, which Almoner cannot reach; refund it there.`);
    const [none] = await rowsOf(sql`select count(*)::int as n from refunds where payment_id = ${paypal.id}`);
    expect(none?.n).toBe(0);
  });

  it('issues the tax receipt of what the transaction paid, once', async () => {
    const p = await paymentOf('sandbox', true);
    await t.database.db.execute(sql`update tax_receipts set status = 'void', voided_at = now()
      where id in (select tax_receipt_id from tax_receipt_lines where contribution_id = ${p.contribution} and live)`);
    const issued = await act(p.id, 'issue_tax_receipt');
    expect(issued.status).toBe('success');
    const [receipt] = await rowsOf(sql`select r.number from tax_receipts r join tax_receipt_lines l on l.tax_receipt_id = r.id where l.contribution_id = ${p.contribution} and l.live`);
    expect(issued.message).toBe(`Receipt ${receipt?.number} has been issued successfully.`);
    const again = await act(p.id, 'issue_tax_receipt');
    expect(again).toEqual({ status: 'error', message: `Tax receipt ${receipt?.number} already exists for contribution ID (${p.contribution}).` });
  });

  it('refreshes the payment status from the gateway', async () => {
    const p = await paymentOf('sandbox', false).catch(() => paymentOf('sandbox', true));
    expect(await act(p.id, 'refresh-payment-status')).toEqual({ status: 'success', message: `Transaction #${p.id} is still succeeded at the gateway.` });
    // A status recorded wrongly here (a lost webhook) is corrected from the gateway's answer.
    await t.database.db.execute(sql`update payments set status = 'pending' where id = ${p.id}`);
    expect(await act(p.id, 'refresh-payment-status')).toEqual({ status: 'success', message: `Transaction #${p.id} changed from pending to succeeded.` });
    const [row] = await rowsOf(sql`select p.status, c.payment_status from payments p join payment_links l on l.payment_id = p.id join contributions c on c.id = l.contribution_id where p.id = ${p.id}`);
    expect(row).toEqual({ status: 'succeeded', payment_status: 'succeeded' });
  });

  it('shows and allows each action by permission, and answers 404/422 for unknown ids', async () => {
    const { agent: viewer } = await signedIn(t, { permissions: ['transaction.view'] });
    const p = await paymentOf('sandbox', true);
    const detail = (await viewer.post(`/jpanel/transactions/${p.id}/modal`)).json();
    expect(detail.can).toEqual({ issue_tax_receipt: false, refund: false, refresh_payment_status: false });
    expect((await viewer.post(`/jpanel/transactions/${p.id}/refund`)).statusCode).toBe(403);
    expect((await agent.post('/jpanel/transactions/2147483647/modal')).statusCode).toBe(404);
    expect((await agent.post('/jpanel/transactions/2147483647/refund')).statusCode).toBe(404);
    expect((await agent.post('/jpanel/transactions/0/refund')).statusCode).toBe(422);
  });
});
