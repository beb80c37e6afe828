import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { downloadLines, exportItem, listingScreen, settledScreenshot as screenshot } from './support/listing.ts';

/** The supporters listing and a supporter's page. Nothing here changes data. */
const browser = useBrowser();
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

type Row = { id: number; display_name: string; email: string | null; lifetime_total: number; payments: number; created_at: string; recurring: string | null };
type Listing = { recordsFiltered: number; data: Row[] };

async function adminPage(viewport?: { width: number; height: number }) {
  const { context, page } = await browser.newPage(viewport);
  await context.addCookies(storageState.cookies);
  return { context, page };
}

const { list, reloadBy, openList } = listingScreen<Listing>('/jpanel/supporters.listing', '/jpanel/supporters', 'Supporters');

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await startSession(page);
  storageState = await context.storageState();
  await context.close();
});

describe('supporters listing', () => {
  it('shows 10 newest first, pages, sorts and Shift+sorts', async () => {
    const { context, page } = await adminPage();
    const first = await openList(page);
    expect(first.data).toHaveLength(10);
    const created = first.data.map((r) => r.created_at);
    expect(created).toEqual([...created].sort().reverse());
    await page.getByText(`1–10 of ${first.recordsFiltered.toLocaleString('en-US')}`).waitFor();
    // No bulk actions here, so no checkboxes.
    expect(await page.getByRole('checkbox').count()).toBe(0);
    await screenshot(page, 'supporters-list');

    await reloadBy(page, () => page.getByRole('button', { name: 'Next' }).click());
    await page.getByText('11–20 of').waitFor();
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('1–10 of').waitFor();

    const byLifetime = await reloadBy(page, () => page.getByRole('button', { name: 'Lifetime' }).click());
    const totals = byLifetime.data.map((r) => r.lifetime_total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const twoKeys = await reloadBy(page, () => page.getByRole('button', { name: 'Supporter' }).click({ modifiers: ['Shift'] }));
    await page.waitForURL(/sort=8(%3A|:)desc(%2C|,)1(%3A|:)asc/);
    expect(twoKeys.data.map((r) => r.lifetime_total)).toEqual(totals);
    await screenshot(page, 'supporters-sorted');
    await context.close();
  });

  it('filters by status, recurring profile and created date, and searches', async () => {
    const { context, page } = await adminPage();
    await openList(page);
    await page.getByRole('combobox', { name: 'Recurring profile' }).click();
    const suspended = await reloadBy(page, () => page.getByRole('option', { name: 'Suspended' }).click());
    await page.waitForURL(/f\.recurring=Suspended/);
    expect(suspended.recordsFiltered).toBeGreaterThan(0);
    expect(suspended.recordsFiltered).toBeLessThan(50);
    await screenshot(page, 'supporters-filtered');

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => page.url()).not.toContain('f.');
    await page.getByRole('combobox', { name: 'Status' }).click();
    const all = await reloadBy(page, () => page.getByRole('option', { name: 'All' }).click());
    await page.waitForURL(/f\.status=all/);
    expect(all.recordsFiltered).toBeGreaterThan((await list(page, {})).recordsFiltered);

    // Let the status dropdown finish closing, or the click on Created can land while it animates.
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByLabel('Created').click();
    await page.getByRole('button', { name: 'Last 7 Days' }).waitFor({ state: 'visible' });
    const recent = await reloadBy(page, () => page.getByRole('button', { name: 'Last 7 Days' }).click());
    await page.keyboard.press('Escape');
    const from = new URL(page.url()).searchParams.get('f.from') ?? '';
    expect(recent.data.every((r) => r.created_at.slice(0, 10) >= from)).toBe(true);

    await page.getByRole('button', { name: 'Reset filters' }).click();
    await expect.poll(() => page.url()).not.toContain('f.');
    const target = (await list(page, { length: 10, order: [{ column: 8, dir: 'desc' }] })).data.find((r) => /^[A-Za-z]+ [A-Za-z]+$/.test(r.display_name)) as Row;
    const box = page.getByLabel('Search supporters');
    const debounced = await reloadBy(page, () => box.pressSequentially(target.display_name, { delay: 10 }), target.display_name);
    expect(debounced.data.map((r) => r.id)).toContain(target.id);
    await page.waitForURL(/q=/);
    await box.fill(target.email ?? target.display_name);
    const byEmail = await reloadBy(page, () => box.press('Enter'));
    expect(byEmail.data.map((r) => r.id)).toContain(target.id);
    await screenshot(page, 'supporters-search');
    await context.close();
  });

  it('downloads the list as CSV', async () => {
    const { context, page } = await adminPage();
    const suspended = await openList(page, '?f.recurring=Suspended');
    const { filename, lines } = await downloadLines(page, await exportItem(page, 'Export CSV'));
    expect(filename).toMatch(/^supporters-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(lines[0]).toContain('Display Name');
    expect(lines).toHaveLength(suspended.recordsFiltered + 1);
    await context.close();
  });
});

describe('a supporter', () => {
  it('opens from its row and shows profile, giving, profiles and contributions', async () => {
    const { context, page } = await adminPage();
    const giver = (await list(page, { length: 10, recurring: 'Suspended', order: [{ column: 7, dir: 'desc' }] })).data[0] as Row;
    await openList(page, '?f.recurring=Suspended&sort=7:desc');
    await page.locator('tbody tr').first().getByText(giver.display_name).click();
    await page.waitForURL(new RegExp(`/jpanel/supporters/${giver.id}$`));
    await page.getByRole('heading', { name: giver.display_name }).waitFor();
    await page.getByRole('group', { name: 'Lifetime figures' }).getByText('Donations').waitFor();
    await page.getByRole('region', { name: 'Recurring profiles' }).getByText('Suspended').waitFor();
    const recent = page.getByRole('region', { name: 'Gifts', exact: true });
    await recent.getByRole('link', { name: /^Contribution #\d+$/ }).first().waitFor();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await screenshot(page, 'supporter-page');

    // A recent contribution opens its own page; "View all" lists every one of theirs.
    await recent.getByRole('link', { name: /^Contribution #\d+$/ }).first().click();
    await page.waitForURL(/\/jpanel\/contributions\/\d+$/);
    await page.getByRole('region', { name: 'Supporter' }).getByRole('link', { name: giver.display_name }).waitFor();
    await page.goBack();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/jpanel/contributions-v2.listing')),
      page.getByRole('link', { name: 'View all' }).click(),
    ]);
    await page.waitForURL(new RegExp(`/jpanel/contributions\\?f\\.supporter_id=${giver.id}$`));
    const theirs = (await response.json()) as { data: { supporter_id: number }[] };
    expect(theirs.data.length).toBeGreaterThan(0);
    expect(theirs.data.every((r) => r.supporter_id === giver.id)).toBe(true);
    await expect.poll(() => page.getByRole('combobox', { name: 'Supporter' }).inputValue()).toBe(giver.display_name);
    await screenshot(page, 'supporter-contributions');
    await context.close();
  });

  it('says so when the supporter does not exist', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/supporters/999999');
    await page.getByText('This supporter does not exist.').waitFor();
    await context.close();
  });
});

describe('at 375 px', () => {
  it('folds the filters away, shows rows as cards and opens a supporter', async () => {
    const { context, page } = await adminPage({ width: 375, height: 740 });
    await openList(page);
    await screenshot(page, 'supporters-mobile');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('combobox', { name: 'Status' }).click();
    const all = await reloadBy(page, () => page.getByRole('option', { name: 'All' }).click());
    expect(all.recordsFiltered).toBeGreaterThan(10);
    await screenshot(page, 'supporters-mobile-filters');

    // Issue 41: on a phone each row is a card, not a table scrolling sideways.
    expect(await page.locator('table').count()).toBe(0);
    expect(await page.locator('[data-row-card]').count()).toBeGreaterThan(0);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await reloadBy(page, () => page.getByRole('button', { name: 'Next' }).click());
    await page.getByText('11–20 of').waitFor();

    await page.locator('[data-row-card]').first().click();
    await page.waitForURL(/\/jpanel\/supporters\/\d+$/);
    await page.getByRole('region', { name: 'Gifts', exact: true }).waitFor();
    await screenshot(page, 'supporter-page-mobile');
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(375);
    await context.close();
  });
});
