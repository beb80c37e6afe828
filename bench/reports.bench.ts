// Reports benchmark (issue 12): each report's first page through its endpoint against the same
// statements run directly (the page's rows, its counts and its totals per currency), median of
// BENCH_RUNS runs, and the ratio.
// Usage: npm run bench:reports                       (100,000 contributions, quick)
//        BENCH_N=1000000 npm run bench:reports       (the 1,000,000 contributions)
// PostgreSQL at BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432). The database
// almoner_bench_reports_<N> is made once with generate_series (secondary indexes built after the
// load, see bulkLoad) and kept.
// BENCH_EXPLAIN=1 also prints each statement's plan (EXPLAIN ANALYZE, its first lines and its
// execution time), for the README's account of a report slower than issue 31's 300 ms.
// "ours" also runs what only the endpoint adds for three reports (product-order stats, the fee
// summary and dcc_total, the DCC stats); those statements are not in "sql".
import { type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../packages/server/src/db/client.ts';
import { migrateDatabase } from '../packages/server/src/db/migrate.ts';
import { type ListingDefinition, listingQueries, readListingQuery } from '../packages/server/src/listing/engine.ts';
import { abandonedCartsReport, abandonedCartsTotals } from '../packages/server/src/modules/reports/abandoned.report.ts';
import { dccReport, dccTotals } from '../packages/server/src/modules/reports/dcc.report.ts';
import { platformFeesReport, platformFeesTotals } from '../packages/server/src/modules/reports/fees.report.ts';
import { impactReport, impactTotals } from '../packages/server/src/modules/reports/impact.report.ts';
import { paymentItemsReport, paymentItemsTotals } from '../packages/server/src/modules/reports/payment-items.report.ts';
import { paymentsReport, paymentsTotals } from '../packages/server/src/modules/reports/payments.report.ts';
import { productOrdersReport, productOrdersTotals, productSalesReport, productSalesTotals } from '../packages/server/src/modules/reports/products.report.ts';
import { type TotalsSpec, totalsSql } from '../packages/server/src/modules/reports/reports.totals.ts';
import { generateReportData } from '../packages/server/src/modules/reports/reports.test-data.ts';
import { transactionsReport, transactionsTotals } from '../packages/server/src/modules/reports/transactions.report.ts';
import { benchServer, bulkLoad, median, ms } from './support.ts';

const base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const N = Number(process.env.BENCH_N ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';
const NAME = `almoner_bench_reports_${N}`;
const url = `${base}/${NAME}`;
const dialect = new PgDialect();

type Def = ListingDefinition<Record<string, unknown>>;
type Scenario = { name: string; endpoint: string; def: Def; totals: (def: Def, q: ReturnType<typeof readListingQuery>) => TotalsSpec };
const fixed = (def: unknown, totals: TotalsSpec, name: string, endpoint: string): Scenario => ({ name, endpoint, def: def as Def, totals: () => totals });

async function database() {
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  const exists = await admin.query('select 1 from pg_database where datname = $1', [NAME]);
  if (exists.rowCount === 0) await admin.query(`create database ${NAME}`);
  await admin.end();
  const db = await openDatabase({ url });
  await migrateDatabase(db);
  const [row] = (await db.execute('select count(*)::int as n from contributions')).rows;
  if (Number(row?.n) === 0) {
    console.log(`generating ${N.toLocaleString('en-US')} contributions (once)…`);
    const t = process.hrtime.bigint();
    await bulkLoad(db, ['supporters', 'contributions', 'contribution_items', 'payments', 'payment_links', 'refunds', 'recurring_transactions', 'transaction_fees'], (tx) =>
      generateReportData(tx, N, 'bench'));
    await db.execute('analyze');
    console.log(`  done in ${(ms(t) / 1000).toFixed(1)} s`);
  }
  return db;
}

async function main() {
  const db = await database();
  const [product] = (await db.execute('select min(id) as id from products')).rows;
  const productId = Number(product?.id);
  const scenarios: Scenario[] = [
    fixed(transactionsReport, transactionsTotals, 'transaction history', '/jpanel/reports/transactions.ajax'),
    fixed(paymentsReport, paymentsTotals, 'payments', '/jpanel/reports/payments.ajax'),
    fixed(paymentItemsReport, paymentItemsTotals, 'payments by item', '/jpanel/reports/payments-by-item.ajax'),
    { name: 'orders by product', endpoint: '/jpanel/reports/products.ajax', def: productSalesReport({}) as unknown as Def, totals: (def, q) => productSalesTotals(def as never, q as never) },
    fixed(productOrdersReport(productId), productOrdersTotals, 'product orders', `/jpanel/products/${productId}/contributions.ajax`),
    fixed(platformFeesReport, platformFeesTotals, 'platform fees', '/jpanel/reports/platform-fees.json'),
    fixed(dccReport, dccTotals, 'donor covers costs', '/jpanel/reports/donor-covers-costs.json'),
    fixed(impactReport, impactTotals, 'impact by supporter', '/jpanel/reports/impact-by-supporter.json'),
    fixed(abandonedCartsReport, abandonedCartsTotals, 'abandoned carts', '/jpanel/contributions/abandoned_carts.ajax'),
  ];
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const { app, call } = await benchServer(db);
  console.log(`\nfirst page of each report at ${N.toLocaleString('en-US')} contributions (median of ${RUNS})`);
  for (const s of scenarios) {
    const query = readListingQuery(s.def, {});
    const q = listingQueries(s.def, query);
    const statements: SQL[] = [q.rows, q.filtered, ...(q.total ? [q.total] : []), totalsSql(s.def, query, s.totals(s.def, query), 2)];
    const ours: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      let t = process.hrtime.bigint();
      const response = await call(s.endpoint, {});
      if (!response.ok) throw new Error(`${s.endpoint}: ${response.status} ${await response.text()}`);
      await response.json();
      if (i >= 2) ours.push(ms(t));
      t = process.hrtime.bigint();
      await Promise.all(statements.map((st) => {
        const { sql, params } = dialect.sqlToQuery(st);
        return pool.query(sql, params);
      }));
      if (i >= 2) raw.push(ms(t));
    }
    console.log(`  ${s.name.padEnd(22)} ours ${median(ours).toFixed(1).padStart(9)} ms   sql ${median(raw).toFixed(1).padStart(9)} ms   ratio ${(median(ours) / median(raw)).toFixed(2)}`);
    if (EXPLAIN) await explain(pool, statements);
  }
  await app.close();
  await pool.end();
  await db.close();
}

/** Each statement's plan as the database ran it: the top nodes and the execution time. */
async function explain(pool: pg.Pool, statements: SQL[]) {
  const names = ['rows', 'filtered count', 'total count', 'totals'];
  for (const [i, st] of statements.entries()) {
    const { sql, params } = dialect.sqlToQuery(st);
    const plan = (await pool.query(`explain (analyze, buffers, format text) ${sql}`, params)).rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    const executed = plan.find((line) => line.startsWith('Execution Time')) ?? '';
    console.log(`    ${names[i === statements.length - 1 ? 3 : i]}: ${executed}`);
    for (const line of plan.filter((l) => !/^(Planning|Execution) Time|^\s+Buffers|^\s+Worker/.test(l)).slice(0, 10)) console.log(`      ${line}`);
  }
}

await main();
