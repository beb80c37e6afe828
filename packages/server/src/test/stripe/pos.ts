import { randomUUID } from 'node:crypto';
import type { PosCompleteInput } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { LateTry } from '../../integrations/payments/late-tries.ts';
import { queryRows } from '../../listing/engine.ts';
import { makeOrder, makeVariant } from '../../modules/pos/pos.complete.fixtures.ts';
import { posLeftIntentsJob } from '../../modules/pos/pos.pending-intents.ts';
import { failNextStripeCalls } from './stand-in.ts';
import { type BankDetails, elementsBankMethod, elementsCardMethod, intentAtStripe } from './stripe-js.ts';
import type { StripeWebhookApp } from './webhook-app.ts';

/** Stripe's test card that asks for authentication on every payment (and set-up), typed into Elements. */
export const THREE_DS_CARD = '4000002760003184';

/**
 * The point of sale against the Stripe stand-in, as the stripe-pos-* test files drive it: a card
 * typed into Elements, a one-item order, and the completion and abandon calls. Read inside
 * tests: the app is started by the file's beforeAll (useStripeWebhookApp).
 */
export function stripePos(app: StripeWebhookApp) {
  const db = () => app.t.database.db;
  const complete = (id: number, body: PosCompleteInput) => app.admin.post(`/jpanel/pos/${id}/complete`, body);
  return {
    db,
    /** The PaymentMethod Stripe.js makes from the card typed into Elements (with the publishable key). */
    elementsMethod: (number: string) => elementsCardMethod(app.standIn.url, number),
    /** The us_bank_account PaymentMethod Stripe.js makes from the bank details typed into its fields. */
    bankMethod: (details: BankDetails = {}) => elementsBankMethod(app.standIn.url, details),
    /** An open order of one item at `price`, for `supporterId` when given. */
    async order(price = 2500, supporterId?: number, currency?: string) {
      const v = await makeVariant(db(), { price, quantity: 5 });
      const o = await makeOrder(db(), { ...(supporterId === undefined ? {} : { supporterId }), ...(currency ? { currency } : {}), items: [{ variantId: v.variantId, productId: v.productId, price, qty: 1 }] });
      return { ...o, variantId: v.variantId };
    },
    /** The PaymentIntent as Stripe (the stand-in) has it now. */
    async atStripe(intent: string): Promise<{ status: string; cancellation_reason: string | null }> {
      return intentAtStripe<{ status: string; cancellation_reason: string | null }>(app.standIn.url, intent);
    },
    complete,
    abandon: (id: number, paymentIntent: string) => app.admin.post(`/jpanel/pos/${id}/abandon-payment`, { payment_intent: paymentIntent }),
    /** The cashier's card attempt whose bank asks the donor; the browser then closes (nothing more is sent). Answers the intent. */
    async challengedThenClosed(id: number, card = THREE_DS_CARD): Promise<string> {
      const answered = await complete(id, { payment_type: 'credit_card', token: await elementsCardMethod(app.standIn.url, card) });
      expect(answered.json(), answered.body).toMatchObject({ status: 'authenticate' });
      return (answered.json() as { authenticate: { payment_intent: string } }).authenticate.payment_intent;
    },
    /** A cash sale made while Stripe could not be asked about the order's pending challenge (its read answers 500): left pending. */
    async paidInCashWhileStripeDown(id: number) {
      failNextStripeCalls(1);
      const cash = await complete(id, { payment_type: 'cash', cash_received: 25, cash_change: 0 });
      failNextStripeCalls(0);
      expect(cash.statusCode, cash.body).toBe(200);
      expect((await queryRows(db(), sql`select paid_at is not null as paid, confirmation_number from contributions where id = ${id}`))[0]).toMatchObject({ paid: true, confirmation_number: null });
    },
    /** The order's payments, with what each gave back. */
    payments: (id: number) =>
      queryRows(db(), sql`select p.type, p.status, p.amount::int as amount, p.reference_number, (p.cancelled_at is not null) as cancelled,
          (select coalesce(sum(r.amount), 0)::int from refunds r where r.payment_id = p.id and r.status = 'succeeded') as refunded
        from payments p join payment_links l on l.payment_id = p.id where l.contribution_id = ${id} order by p.id`),
    /** The order's pending intents, oldest first. */
    pending: (id: number) =>
      queryRows(db(), sql`select gateway, reference, amount::int as amount, currency_code from pos_pending_intents where contribution_id = ${id} order by created_at, reference`),
    /** The let-go jobs queued for the order (not yet run: the test app has no worker): their data, and how many seconds after queueing each starts. */
    leftJobs: async (id: number) =>
      (await queryRows(db(), sql`select data, extract(epoch from start_after - created_on)::int as after from pgboss.job
         where name = ${posLeftIntentsJob.name} and (data->>'contribution_id')::int = ${id} and state = 'created'
         order by created_on, coalesce((data->>'late_try')::int, 0)`)).map((row) => ({ data: row.data as { contribution_id: number } & LateTry, after: Number(row.after) })),
    /** The let-go job as a worker runs it, on its `retryCount`th retry (8: pg-boss's last). */
    runLeftJob: (data: { contribution_id: number } & LateTry, retryCount = 0, onGiveUp: () => void = () => {}) =>
      posLeftIntentsJob.handler({
        id: randomUUID(), name: posLeftIntentsJob.name, data, retryCount, retryLimit: posLeftIntentsJob.retryLimit ?? 0, database: app.t.database,
        once: () => Promise.resolve(false), onceEach: () => Promise.resolve([]), progress: () => Promise.resolve(), giveUp: () => Promise.resolve(onGiveUp()),
      }),
    /** The cancels of the intent Stripe was asked for. */
    cancels: (intent: string) => app.standIn.seen.filter((s) => s.method === 'POST' && s.path === `/v1/payment_intents/${intent}/cancel`),
  };
}
