import { contributionNumber, contributionRefundMessages as m, moneyMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../listing/engine.ts';
import { createTestApp, signedIn, type Agent, type TestApp } from '../../test/test-app.ts';
import { cardToken, makeOrder, makeSupporter, makeVariant } from '../pos/pos.complete.fixtures.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signedIn(t)).agent;
});

const db = () => t.database.db;
const one = async (query: ReturnType<typeof sql>) => (await queryRows(db(), query))[0] ?? {};

/** A receiptable $25.00 card gift, paid at the point of sale (so with a sandbox payment and an issued receipt). */
async function paidGift(price = 2500): Promise<{ id: number }> {
  const v = await makeVariant(db(), { price, quantity: 5, receiptable: true });
  const o = await makeOrder(db(), { supporterId: await makeSupporter(db()), items: [{ variantId: v.variantId, productId: v.productId, price }] });
  const paid = await admin.post(`/jpanel/pos/${o.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db()) });
  expect(paid.statusCode, paid.body).toBe(200);
  return { id: o.id };
}
const refund = (id: number, body: Record<string, unknown>, agent = admin) => agent.post(`/jpanel/contributions/${id}/refund`, body);
const refunded = async (id: number) => Number((await one(sql`select refunded_amount::int as n from contributions where id = ${id}`)).n);

function expectField(response: { statusCode: number; body: string; json: () => unknown }, message: string) {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json()).toMatchObject({ message, errors: { amount: [message] } });
}

describe('refund from the contribution page', () => {
  it('refunds part, then the rest, within what is left, in the incumbent\'s words; the receipt is voided', async () => {
    const c = await paidGift();
    expect(await one(sql`select status from tax_receipts where id in (select tax_receipt_id from tax_receipt_lines where contribution_id = ${c.id})`)).toEqual({ status: 'issued' });
    expectField(await refund(c.id, { refund_type: 'custom', amount: '0' }), m.mustBePositive('USD'));
    expect(m.mustBePositive('USD')).toBe('The refund amount must be greater than $0.');
    expectField(await refund(c.id, { refund_type: 'custom', amount: '25.01' }), m.exceedsTotal('$25.00'));
    expectField(await refund(c.id, { refund_type: 'custom', amount: '1.234' }), moneyMessages.tooManyDecimals('USD', 2));
    expect((await refund(c.id, { refund_type: 'custom', amount: 'ten' })).statusCode).toBe(422);

    const part = await refund(c.id, { refund_type: 'custom', amount: '10.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toEqual({ message: m.refunded(contributionNumber(c.id), '$10.00'), refunded_amount: 10 });
    expect(await refunded(c.id)).toBe(1000);
    expect(await one(sql`select status from tax_receipts where id in (select tax_receipt_id from tax_receipt_lines where contribution_id = ${c.id})`)).toEqual({ status: 'void' });
    expect(await one(sql`select event, amount::int as amount from contribution_status_history where contribution_id = ${c.id} order by id desc limit 1`)).toEqual({ event: 'partially_refunded', amount: 1000 });

    expectField(await refund(c.id, { refund_type: 'custom', amount: '20' }), m.exceedsLeft('$15.00'));
    const rest = await refund(c.id, { refund_type: 'full' });
    expect(rest.json()).toEqual({ message: m.refunded(contributionNumber(c.id), '$15.00'), refunded_amount: 15 });
    expect(await refunded(c.id)).toBe(2500);
    const again = await refund(c.id, { refund_type: 'full' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(m.alreadyRefunded(contributionNumber(c.id)));
    expect(Number((await one(sql`select count(*)::int as n from refunds r join payment_links l on l.payment_id = r.payment_id where l.contribution_id = ${c.id}`)).n)).toBe(2);
  });

  it('two refunds at once never give back more than was paid', async () => {
    const c = await paidGift();
    const answers = await Promise.all([refund(c.id, { refund_type: 'custom', amount: '20' }), refund(c.id, { refund_type: 'custom', amount: '20' })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 422]);
    expect(await refunded(c.id)).toBe(2000);
  });

  it('needs the refund permission; an unknown contribution is a 404', async () => {
    const c = await paidGift();
    const { agent: viewer } = await signedIn(t, { permissions: ['order.view'] });
    expect((await refund(c.id, { refund_type: 'full' }, viewer)).statusCode).toBe(403);
    expect((await refund(2 ** 31 - 1, { refund_type: 'full' })).statusCode).toBe(404);
    expect((await refund(c.id, { refund_type: 'partial' })).statusCode).toBe(422);
    expect(await refunded(c.id)).toBe(0);
  });
});
