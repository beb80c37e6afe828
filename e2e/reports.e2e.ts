import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { exportItem, listingScreen, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Reports (issue 12 item 1): each page filters, sorts, pages, exports and opens a row, against
 * the demo organisation's data. Assertions compare the screen with the answers it received, so
 * they hold whatever the demo data holds; nothing here changes data.
 */
const browser = useBrowser();
let page: Page;

type Row = { id: number | string; _url: string | null } & Record<string, unknown>;
type Answer = { recordsFiltered: number; data: Row[]; totals?: { currencies: { currency: string }[]; org_currency: string } };

type Report = {
  name: string;
  path: string;
  endpoint: string;
  heading: string;
  /** A column to sort by (its header text and row key; sorted descending on the first click). */
  sort: { label: string; key: string };
  /** A choice filter: its label, the option, the URL parameter and what every row must then hold. */
  filter?: { label: string; option: string; param: RegExp; check: (row: Row) => boolean };
  csv?: { key: string; toKey: (row: Row) => string };
  /** The URL query the report opens with (none: its defaults). */
  query?: () => string;
};

/** Last month, as the Month filter's value: a full month of the demo's fees, whatever today is. */
const lastMonth = () => {
  const d = new Date();
  d.setDate(1);
  d.setMonth(d.getMonth() - 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

const reports: Report[] = [
  {
    name: 'transaction history', path: '/jpanel/reports/transactions', endpoint: '/jpanel/reports/transactions.ajax', heading: 'Transaction history',
    sort: { label: 'Amount', key: 'amount' },
    filter: { label: 'Currency', option: 'USD', param: /f\.currency=USD/, check: (r) => r.currency_code === 'USD' },
    csv: { key: 'ID', toKey: (r) => String(r.id) },
  },
  {
    name: 'payments', path: '/jpanel/reports/payments', endpoint: '/jpanel/reports/payments.ajax', heading: 'Payments',
    sort: { label: 'Amount', key: 'amount' },
    filter: { label: 'Status', option: 'Failed', param: /f\.status=failed/, check: (r) => r.status === 'failed' },
    csv: { key: 'Transaction', toKey: (r) => String(r.id) },
  },
  {
    name: 'payments by item', path: '/jpanel/reports/payments-by-item', endpoint: '/jpanel/reports/payments-by-item.ajax', heading: 'Payments by item',
    sort: { label: 'Amount', key: 'amount' },
    filter: { label: 'Payment', option: 'Failed', param: /f\.status=failed/, check: (r) => r.status === 'failed' },
    csv: { key: 'Contribution', toKey: (r) => String(r.contribution) },
  },
  {
    name: 'orders by product', path: '/jpanel/reports/products', endpoint: '/jpanel/reports/products.ajax', heading: 'Orders by product',
    sort: { label: 'Qty', key: 'qty' },
  },
  {
    name: 'donor covers costs', path: '/jpanel/reports/donor-covers-costs', endpoint: '/jpanel/reports/donor-covers-costs.json', heading: 'Donor covers costs',
    sort: { label: 'DCC amount', key: 'dcc' },
    filter: { label: 'Currency', option: 'USD', param: /f\.currency=USD/, check: (r) => r.currency_code === 'USD' },
  },
  {
    name: 'impact by supporter', path: '/jpanel/reports/impact-by-supporter', endpoint: '/jpanel/reports/impact-by-supporter.json', heading: 'Impact by supporter',
    sort: { label: 'Purchases', key: 'purchase_amount' },
  },
  {
    name: 'abandoned carts', path: '/jpanel/reports/abandoned-carts', endpoint: '/jpanel/contributions/abandoned_carts.ajax', heading: 'Abandoned carts',
    sort: { label: 'Total', key: 'amount' },
    filter: { label: 'Email', option: 'With an email', param: /f\.with_email=1/, check: (r) => typeof r.email === 'string' && r.email !== '' },
  },
  {
    name: 'platform fees', path: '/jpanel/reports/platform-fees', endpoint: '/jpanel/reports/platform-fees.json', heading: 'Platform fees',
    sort: { label: 'Fee', key: 'amount' },
    // The report shows one month, this one by default: on a month's first day the demo has no fees in it yet.
    query: () => `?f.period=${lastMonth()}`,
  },
];

const isSortedDesc = (values: number[]) => values.every((v, i) => i === 0 || values[i - 1]! >= v);

beforeAll(async () => {
  ({ page } = await browser.newPage());
  await startSession(page);
});

describe('reports', () => {
  it('lists the reports in the navigation and on the index', async () => {
    await page.goto('/jpanel/reports');
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    for (const r of reports) await page.getByRole('main').getByRole('link', { name: r.heading, exact: true }).waitFor();
    await screenshot(page, 'reports-index');
  });

  for (const report of reports) {
    it(`${report.name}: sorts, pages, filters, exports and opens a row`, async () => {
      const { openList, reloadBy } = listingScreen<Answer>(report.endpoint, report.path.replace('/jpanel', '/jpanel'), report.heading);
      let answer = await openList(page, report.query?.() ?? '');
      expect(answer.data.length).toBeGreaterThan(0);
      if (answer.totals) await page.getByRole('table', { name: 'Totals by currency' }).waitFor();

      // Sort: the first click on a column sorts it high to low.
      answer = await reloadBy(page, () => page.locator('[data-table-scroll] th').filter({ hasText: new RegExp(`^${report.sort.label}`) }).first().getByRole('button').click());
      expect(isSortedDesc(answer.data.map((r) => Number(r[report.sort.key])))).toBe(true);

      // Page: the next page starts where the first ended.
      if (answer.recordsFiltered > 50) {
        const first = answer.data.map((r) => r.id);
        const second = await reloadBy(page, () => page.getByRole('button', { name: 'Next' }).click());
        await page.waitForURL(/page=2/);
        expect(second.data.some((r) => first.includes(r.id))).toBe(false);
        // Back to the first page: already fetched, so it comes from the cache.
        await page.getByRole('button', { name: 'Previous' }).click();
        await page.waitForURL((url) => !url.search.includes('page=2'));
      }

      // Filter: every row then holds the filter.
      if (report.filter) {
        const f = report.filter;
        await page.getByRole('combobox', { name: f.label }).click();
        answer = await reloadBy(page, () => page.getByRole('option', { name: f.option }).click());
        await page.waitForURL(f.param);
        expect(answer.data.length).toBeGreaterThan(0);
        expect(answer.data.every(f.check)).toBe(true);
      }
      await screenshot(page, `report-${report.name.replaceAll(' ', '-')}`);

      // Export: exactly the listed rows, parsed by a strict CSV parser.
      if (report.csv) {
        const c = report.csv;
        const [download] = await Promise.all([page.waitForEvent('download'), (await exportItem(page, 'Export CSV')).click()]);
        const records = parse(await readFile((await download.path())), { columns: true, relax_quotes: false, relax_column_count: false }) as Record<string, string>[];
        expect(records).toHaveLength(answer.recordsFiltered);
        expect(records.slice(0, answer.data.length).map((r) => r[c.key])).toEqual(answer.data.map(c.toKey));
      }

      // Row click: opens the row's own page.
      const target = answer.data[0]!;
      if (target._url) {
        await page.locator('[data-table-scroll] tbody tr').first().locator('td').nth(1).click();
        await page.waitForURL((url) => url.pathname === target._url);
      }
    });
  }

  it('product orders: opens from orders by product with its stats', async () => {
    const { openList } = listingScreen<Answer>('/jpanel/reports/products.ajax', '/jpanel/reports/products', 'Orders by product');
    const products = await openList(page);
    const product = products.data[0]!;
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(`/jpanel/products/${product.id}/contributions.ajax`)),
      page.locator('tbody tr').first().locator('td').nth(1).click(),
    ]);
    const orders = (await response.json()) as Answer & { stats: { order_count: number; total_qty: number } };
    await page.getByRole('heading', { name: 'Product orders' }).waitFor();
    expect(orders.stats.order_count).toBe(product.contributions);
    expect(orders.stats.total_qty).toBe(product.qty);
    await page.getByText('Orders', { exact: true }).waitFor();
    await screenshot(page, 'report-product-orders');
  });
});
