import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../packages/server/src/app.ts';
import { cardToken, makeOrder, makeVariant } from '../packages/server/src/modules/pos/pos.complete.fixtures.ts';
import { type PgCluster, pgBin, startStandby } from '../packages/server/src/test/pg-cluster.ts';
import { Agent, buildUser, testConfig } from '../packages/server/src/test/test-app.ts';
import { printFigures } from './support/figures.ts';
import { ownCluster } from './support/own-cluster.ts';

/**
 * Issue 32 item 3: DATABASE_READ_URL. A hot standby streams from the suite's own primary; the app
 * is given the primary as DATABASE_URL and the standby as DATABASE_READ_URL. With the standby's
 * replay paused, a sale is made: the point of sale and the contributions list (the primary) show
 * it at once, while the payments report, the dashboard and the contributions CSV (the replica)
 * do not, until replay resumes. So each read goes where docs/scaling.md says it goes.
 */
describe.skipIf(!pgBin)('reports, the dashboard and exports on a read replica', () => {
  const own = ownCluster();
  let standby: PgCluster | undefined;
  let replica: pg.Client | undefined;
  let app: FastifyInstance | undefined;

  afterAll(async () => {
    await app?.close();
    await replica?.end();
    standby?.remove();
  });

  it('reads reports, the dashboard and the CSV export from the replica, and the rest from the primary', async () => {
    const { cluster, database } = await own.open();
    standby = await startStandby(cluster);
    replica = new pg.Client({ connectionString: standby.url });
    await replica.connect();
    app = await buildApp({ database, config: { ...testConfig, databaseUrl: cluster.url, databaseReadUrl: standby.url } });
    const agent = new Agent(app);
    await agent.login((await buildUser(database)).email);

    /** Waits until the standby has replayed everything the primary has written so far. */
    const caughtUp = async () => {
      const [{ lsn }] = (await database.execute('select pg_current_wal_lsn()::text as lsn')).rows as [{ lsn: string }];
      for (let i = 0; i < 600; i += 1) {
        const { rows } = await replica!.query<{ behind: boolean }>('select pg_last_wal_replay_lsn() < $1::pg_lsn as behind', [lsn]);
        if (!rows[0]?.behind) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('the standby did not catch up');
    };
    const sale = async () => {
      const { variantId, productId } = await makeVariant(database.db, { price: 2500, quantity: 5 });
      const order = await makeOrder(database.db, { items: [{ variantId, productId, price: 2500, qty: 1 }] });
      const paid = await agent.post(`/jpanel/pos/${order.id}/complete`, { payment_type: 'credit_card', token: await cardToken(database.db) });
      expect(paid.statusCode, paid.body.slice(0, 200)).toBe(200);
      return order.id;
    };
    // The day the database's clock says it is: the sales are made now.
    const [{ today }] = (await database.execute("select to_char(now(), 'YYYY-MM-DD') as today")).rows as [{ today: string }];
    const seen = async () => {
      const report = (await agent.post('/jpanel/reports/payments.ajax', { start: 0, length: 100 })).json() as { recordsTotal: number };
      // The list's rows, not its count: a count is kept for 30 s (count-cache.ts).
      const listing = (await agent.post('/jpanel/contributions-v2.listing', { start: 0, length: 100 })).json() as { data: { id: number }[] };
      const csv = (await agent.get('/jpanel/contributions.csv')).body.trim().split('\n').length - 1;
      const dashboard = (await agent.get(`/jpanel/dashboard/headline.json?on=${today}`)).json() as Record<string, unknown>;
      return { report: report.recordsTotal, listing: listing.data.length, csv, dashboard: JSON.stringify(dashboard) };
    };

    await sale();
    await caughtUp();
    const before = await seen();
    expect(before.report).toBe(1);
    expect(before.csv).toBe(1);

    await replica.query('select pg_wal_replay_pause()');
    const second = await sale();
    const paused = await seen();
    await replica.query('select pg_wal_replay_resume()');
    await caughtUp();
    const after = await seen();

    printFigures('read replica (DATABASE_READ_URL)', {
      'payments report (replica): before / replay paused / resumed': `${before.report} / ${paused.report} / ${after.report}`,
      'contributions CSV rows (replica)': `${before.csv} / ${paused.csv} / ${after.csv}`,
      'contributions list (primary)': `${before.listing} / ${paused.listing} / ${after.listing}`,
      'dashboard headline (replica) changed while paused': String(paused.dashboard !== before.dashboard),
    });
    // The primary's reads see the second sale at once; the replica's only once replayed.
    expect(paused.listing).toBe(before.listing + 1);
    expect(paused.report).toBe(before.report);
    expect(paused.csv).toBe(before.csv);
    expect(paused.dashboard).toBe(before.dashboard);
    expect(after).toMatchObject({ report: before.report + 1, csv: before.csv + 1, listing: before.listing + 1 });
    expect(after.dashboard).not.toBe(before.dashboard);
    expect(second).toBeGreaterThan(0);
  });
});
