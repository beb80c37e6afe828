import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database } from '../packages/server/src/db/client.ts';
import { queryRows } from '../packages/server/src/listing/engine.ts';
import { cardToken, makeOrder, makeVariant } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { pgBin } from '../packages/server/src/test/pg-cluster.ts';
import { SEED, SHORT, printFigures, prng } from './support/figures.ts';
import { type Answer, KillableServer } from './support/killable-server.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Item 5 of issue 17 (faults): kill -9 of the server at a random moment during a point-of-sale
 * complete, then a restart and the same request again. Exactly one payment is recorded, the
 * sandbox gateway's own ledger holds exactly one charge, stock is taken once and the order is
 * paid: nothing doubled, nothing lost. The same for a full refund from a contribution's page:
 * one refund row, one refund at the gateway, the contribution refunded once. On the suite's own
 * PostgreSQL cluster.
 */
const KILLS = SHORT ? 3 : 10;

describe.skipIf(!pgBin)('kill -9', () => {
  const own = ownCluster();
  let server: KillableServer | undefined;

  afterAll(async () => {
    await server?.kill();
  });

  /** A paid POS order of 2 × 15.00 by card, completed with no kill. */
  async function paidOrder(db: Database['db'], srv: KillableServer) {
    const { variantId, productId } = await makeVariant(db, { price: 1500, quantity: 10 });
    const order = await makeOrder(db, { items: [{ variantId, productId, price: 1500, qty: 2 }] });
    const paid = await srv.call('POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: await cardToken(db) });
    if (paid.status !== 200) throw new Error(`complete answered ${paid.status} ${paid.text.slice(0, 200)}`);
    return order;
  }

  it(`a POS complete killed at random moments (${KILLS} times) and retried charges once and records once`, async () => {
    const { cluster, database } = await own.open();
    server = await KillableServer.start(cluster.url, { ALMONER_ROLE: 'web' });
    const db = database.db;
    const rng = prng(SEED);
    const outcomes = { 'answered before the kill': 0, 'cut off by the kill': 0 };
    // Where each kill landed, read from the database before the retry.
    const landed = { 'before the charge': 0, 'charged, not yet recorded': 0, 'recorded': 0 };
    const restartMs: number[] = [];
    const problems: string[] = [];

    for (let i = 0; i < KILLS; i += 1) {
      const { variantId, productId } = await makeVariant(db, { price: 1500, quantity: 10 });
      const order = await makeOrder(db, { items: [{ variantId, productId, price: 1500, qty: 2 }] });
      const body = { payment_type: 'credit_card', token: await cardToken(db) };
      const path = `/jpanel/pos/${order.id}/complete`;

      // The kill lands anywhere from before the request is read to after it is answered.
      const delay = rng.int(0, 400);
      const first = server.call('POST', path, body).then(
        (a): Answer | null => a,
        () => null,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      await server.kill();
      const firstAnswer = await first;
      outcomes[firstAnswer ? 'answered before the kill' : 'cut off by the kill'] += 1;
      const [before] = await queryRows(db, sql`
        select (select count(*) from sandbox_ledger where description = ${`Payment for Contribution #${order.clientUuid}`})::int as charged,
               (select count(*) from payment_links where contribution_id = ${order.id})::int as recorded`);
      landed[Number(before?.recorded) ? 'recorded' : Number(before?.charged) ? 'charged, not yet recorded' : 'before the charge'] += 1;
      const restarted = performance.now();
      await server.restart();
      restartMs.push(performance.now() - restarted);

      // The cashier presses Complete again: the same order, the same card.
      const retry = await server.call('POST', path, body);
      if (retry.status !== 200) problems.push(`order ${i}: retry answered ${retry.status} ${retry.text.slice(0, 200)}`);
      else if (!(JSON.parse(retry.text) as { order?: { is_paid?: boolean } }).order?.is_paid) problems.push(`order ${i}: retry left it unpaid`);

      const [payments] = await queryRows(db, sql`
        select count(*)::int as n from payments p join payment_links l on l.payment_id = p.id
        where l.contribution_id = ${order.id} and p.paid`);
      const [charges] = await queryRows(db, sql`
        select count(*)::int as n from sandbox_ledger where kind = 'charge' and description = ${`Payment for Contribution #${order.clientUuid}`}`);
      const [stock] = await queryRows(db, sql`select quantity from product_variants where id = ${variantId}`);
      if (Number(payments?.n) !== 1) problems.push(`order ${i} (kill after ${delay} ms): ${payments?.n} paid payments`);
      if (Number(charges?.n) !== 1) problems.push(`order ${i} (kill after ${delay} ms): ${charges?.n} sandbox charges`);
      if (Number(stock?.quantity) !== 8) problems.push(`order ${i} (kill after ${delay} ms): stock ${stock?.quantity}, expected 8`);
    }

    printFigures('kill -9 during a POS complete', {
      seed: SEED,
      kills: KILLS,
      ...outcomes,
      ...Object.fromEntries(Object.entries(landed).map(([k, v]) => [`kill landed: ${k}`, v])),
      'restart to serving (ms, mean)': (restartMs.reduce((a, b) => a + b, 0) / restartMs.length).toFixed(0),
      'orders with other than one payment, one charge, stock taken once': problems.length,
    });
    expect(problems).toEqual([]);
  }, 240_000);

  it(`a full refund killed at random moments (${KILLS} times) and retried refunds once`, async () => {
    // Runs after the POS test: its cluster, database and server are reused.
    if (!server) throw new Error('the POS test starts the cluster and the server');
    const db = own.current().database.db;
    const rng = prng(SEED + 1);
    const outcomes = { 'answered before the kill': 0, 'cut off by the kill': 0 };
    const retries = { 'refunded by the retry': 0, 'refused by the retry as already refunded': 0 };
    const problems: string[] = [];

    for (let i = 0; i < KILLS; i += 1) {
      const order = await paidOrder(db, server);
      const path = `/jpanel/contributions/${order.id}/refund`;
      const delay = rng.int(0, 400);
      const first = server.call('POST', path, { refund_type: 'full' }).then(
        (a): Answer | null => a,
        () => null,
      );
      await new Promise((resolve) => setTimeout(resolve, delay));
      await server.kill();
      outcomes[(await first) ? 'answered before the kill' : 'cut off by the kill'] += 1;
      await server.restart();

      // Staff press Refund again: it refunds if the first did not commit, else says it is done.
      const retry = await server.call('POST', path, { refund_type: 'full' });
      if (retry.status === 200) retries['refunded by the retry'] += 1;
      else if (retry.status === 409 && retry.text.includes('already fully refunded')) retries['refused by the retry as already refunded'] += 1;
      else problems.push(`order ${i}: retry answered ${retry.status} ${retry.text.slice(0, 200)}`);

      const [state] = await queryRows(db, sql`
        select (select count(*) from refunds r join payment_links l on l.payment_id = r.payment_id
                 where l.contribution_id = ${order.id} and r.status = 'succeeded')::int as refunds,
               (select count(*) from sandbox_ledger g join payments p on p.reference_number = g.payment_reference
                  join payment_links l on l.payment_id = p.id
                 where l.contribution_id = ${order.id} and g.kind = 'refund' and g.status = 'succeeded')::int as gateway_refunds,
               (select refunded_amount::bigint from contributions where id = ${order.id}) as refunded`);
      if (Number(state?.refunds) !== 1) problems.push(`order ${i} (kill after ${delay} ms): ${state?.refunds} refund rows`);
      if (Number(state?.gateway_refunds) !== 1) problems.push(`order ${i} (kill after ${delay} ms): ${state?.gateway_refunds} refunds at the gateway`);
      if (Number(state?.refunded) !== order.total) problems.push(`order ${i} (kill after ${delay} ms): refunded ${state?.refunded} of ${order.total}`);
    }

    printFigures('kill -9 during a refund', {
      seed: SEED + 1,
      kills: KILLS,
      ...outcomes,
      ...retries,
      'contributions with other than one refund, refunded once': problems.length,
    });
    expect(problems).toEqual([]);
  }, 240_000);
});
