import { DASHBOARD_CHARTS, type DashboardChart, type DashboardHeadline, dashboardCharts, dashboardMessages } from '@almoner/contracts';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot } from './support/listing.ts';

/**
 * The dashboard at /jpanel: every chart for a period, a period change that reloads them,
 * the empty state of each, a bad period's message, and only the charts a user may see.
 */
const browser = useBrowser();

const card = (page: Page, chart: string) => page.locator(`section[data-chart="${chart}"]`);
const periodOf = (page: Page) => {
  const url = new URL(page.url());
  return { from: url.searchParams.get('from'), to: url.searchParams.get('to') };
};

/** Waits until a chart shows its drawing or its empty state, and answers which. */
async function settledState(page: Page, chart: string): Promise<'chart' | 'empty'> {
  const section = card(page, chart);
  // A chart is fetched and drawn once its card nears the screen.
  await section.scrollIntoViewIfNeeded();
  await section.locator('.recharts-surface, [data-empty]').first().waitFor();
  return (await section.locator('[data-empty]').count()) > 0 ? 'empty' : 'chart';
}

/** Every chart on screen agrees with its API answer for the same period: drawn, or empty. */
async function expectChartsMatchApi(page: Page, from: string, to: string) {
  const drawn: string[] = [];
  for (const chart of DASHBOARD_CHARTS) {
    const data = await apiCall<DashboardChart>(page, 'GET', `/jpanel/dashboard/${chart}.json?from=${from}&to=${to}`);
    await expect.poll(() => settledState(page, chart), { timeout: 15_000 }).toBe(data.empty ? 'empty' : 'chart');
    if (data.empty) await card(page, chart).getByText(dashboardCharts[chart].empty).waitFor();
    else drawn.push(chart);
  }
  return drawn;
}

describe('dashboard', () => {
  it('renders every chart, changes the period and shows empty states', async () => {
    const { page } = await browser.newPage({ width: 1400, height: 900 });
    const fetched = new Set<string>();
    page.on('request', (r) => {
      const chart = /\/jpanel\/dashboard\/([a-z0-9-]+)\.json/.exec(r.url())?.[1];
      if (chart) fetched.add(chart);
    });
    await signIn(page, undefined, undefined, '/jpanel');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    for (const chart of DASHBOARD_CHARTS) {
      await card(page, chart).getByRole('heading', { name: dashboardCharts[chart].title, exact: true }).waitFor();
    }
    expect(await page.locator('section[data-chart]').count()).toBe(DASHBOARD_CHARTS.length);
    // Only the charts near the screen are fetched and drawn; the last one waits for a scroll.
    await settledState(page, 'product-sales');
    expect(fetched.has('product-sales')).toBe(true);
    expect(fetched.has('category-revenue')).toBe(false);
    await settledState(page, 'category-revenue');
    expect(fetched.has('category-revenue')).toBe(true);

    // The default period is the last 30 days.
    await page.getByRole('combobox', { name: 'Period' }).waitFor();
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('Last 30 days');

    // A year of demo data: most charts draw, and the money charts list their currencies.
    await page.getByRole('combobox', { name: 'Period' }).click();
    await page.getByRole('option', { name: 'Last 12 months' }).click();
    await page.waitForURL(/from=\d{4}-\d{2}-\d{2}&to=/);
    const year = periodOf(page);
    const drawn = await expectChartsMatchApi(page, year.from!, year.to!);
    expect(drawn).toEqual(expect.arrayContaining(['product-sales', 'sales-30-day', 'member-signups', 'account-growth', 'engagement', 'best-sellers']));
    // The per-currency table shows only when a currency other than the organisation's is in use.
    const sales = card(page, 'product-sales');
    const salesData = await apiCall<DashboardChart>(page, 'GET', `/jpanel/dashboard/product-sales.json?from=${year.from}&to=${year.to}`);
    if (salesData.money?.by_currency.some((t) => t.currency !== salesData.money?.org_currency)) {
      await sales.getByRole('columnheader', { name: 'Rate used' }).waitFor();
      await sales.getByRole('rowheader', { name: /Total in [A-Z]{3}/ }).or(sales.getByText(/Total in [A-Z]{3}/)).first().waitFor();
    } else expect(await sales.getByRole('columnheader', { name: 'Rate used' }).count()).toBe(0);

    // The headline figures: raised this month and year against a year before, as the API says.
    const headline = page.getByRole('region', { name: 'Headline figures' });
    const figures = await apiCall<DashboardHeadline>(page, 'GET', `/jpanel/dashboard/headline.json?on=${year.to}`);
    const raisedInMonth = headline.getByRole('group', { name: /^Raised in [A-Z][a-z]+$/ });
    await expect.poll(() => raisedInMonth.innerText()).toContain(new Intl.NumberFormat('en-US', { style: 'currency', currency: figures.org_currency }).format(figures.money!.month.raised));
    for (const name of [/^Raised in \d{4}$/, /^Gifts in /, /^New donors in /, 'New monthly donors', 'Monthly recurring']) await headline.getByRole('group', { name }).waitFor();
    await settledScreenshot(page, 'dashboard-year');
    // Close-ups at full size, to read the axes, money and legends.
    for (const chart of ['product-sales', 'sales-30-day', 'category-revenue', 'engagement']) {
      await card(page, chart).screenshot({ path: join(import.meta.dirname, 'screenshots', `dashboard-${chart}.png`) });
    }

    // Back in the browser's history to the last 30 days: the address holds the period.
    await page.goBack();
    await expect.poll(() => page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('Last 30 days');

    // A period long before any data: every chart says so in words.
    await page.goto('/jpanel/?from=2001-01-01&to=2001-01-31');
    for (const chart of DASHBOARD_CHARTS) {
      await card(page, chart).scrollIntoViewIfNeeded();
      await card(page, chart).getByText(dashboardCharts[chart].empty).waitFor();
    }
    await settledScreenshot(page, 'dashboard-empty');

    // Picking dates in the calendar changes the period too.
    await page.getByRole('button', { name: 'Dates' }).click();
    const calendar = page.getByRole('dialog');
    await calendar.waitFor();
    await calendar.getByRole('button', { name: '1 January 2001', exact: true }).click();
    await calendar.getByRole('button', { name: '10 January 2001', exact: true }).click();
    await page.waitForURL(/from=2001-01-01&to=2001-01-10/);
    expect(await page.getByRole('combobox', { name: 'Period' }).inputValue()).toBe('Custom dates');
  });

  it('explains a bad period instead of drawing', async () => {
    const { page } = await browser.newPage();
    await signIn(page, undefined, undefined, '/jpanel');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.goto('/jpanel/?from=2025-03-31&to=2025-03-01');
    await page.getByRole('alert').filter({ hasText: dashboardMessages.order }).first().waitFor();
    expect(await page.locator('section[data-chart]').count()).toBe(0);
    await page.goto('/jpanel/?from=2025-02-30&to=2025-03-01');
    await page.getByText('Date is invalid.').first().waitFor();
    await settledScreenshot(page, 'dashboard-bad-period');
  });

  it('shows a user only the charts of data they may see', async () => {
    const { context, page } = await browser.newPage();
    await signIn(page, undefined, undefined, '/jpanel');
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const email = `dash-${Date.now() % 1_000_000}@example.org`;
    const password = 'dashboard-pass-42';
    await apiCall(page, 'POST', '/jpanel/users', {
      first_name: 'Dash', last_name: 'Viewer', email, password, is_admin_user: true, permissions: ['dashboard.view', 'member.view'],
    });
    await context.close();

    const limited = await browser.newPage();
    await signIn(limited.page, email, password, '/jpanel');
    await limited.page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const expected = DASHBOARD_CHARTS.filter((c) => dashboardCharts[c].permission === 'member.view');
    for (const chart of expected) await settledState(limited.page, chart);
    expect(await limited.page.locator('section[data-chart]').evaluateAll((s) => s.map((e) => e.getAttribute('data-chart')))).toEqual(expected);
    await settledScreenshot(limited.page, 'dashboard-limited');
  });
});
