import { settingsMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 41, "wrong or contradictory": what a new staff member saw on a fresh demo, each checked
 * where they saw it. Nothing here changes data other files read.
 */
const browser = useBrowser();

async function adminPage() {
  const opened = await browser.newPage({ width: 1440, height: 900 });
  await signIn(opened.page);
  await opened.page.getByRole('button', { name: 'Account menu' }).waitFor();
  return opened;
}

const settled = (page: Page) => page.locator('[data-preloader]').waitFor({ state: 'detached' });

describe('issue 41: screens that contradicted themselves', () => {
  it('a recurring profile lists every payment its figures count, the first gift included', async () => {
    const { context, page } = await adminPage();
    const listing = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/recurring_payments.ajax', { draw: 1, start: 0, length: 1 });
    const id = listing.data[0]!.id;
    const profile = await apiCall<{ num_cycles_completed: number; transactions: { counts: boolean }[] }>(page, 'GET', `/jpanel/recurring/${id}`);
    await page.goto(`/jpanel/recurring/${id}`);
    await page.getByRole('heading', { name: /^Recurring profile #/ }).waitFor();
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(profile.transactions.length);
    expect(profile.transactions.filter((t) => t.counts).length).toBe(profile.num_cycles_completed);
    await page.getByText('· first gift').waitFor();
    await screenshot(page, 'issue41-recurring-profile');
    await context.close();
  });

  it('shows the organisation currency locked, with the reason, and enables Save only after a change', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/settings#organisation');
    await settled(page);
    const currency = page.locator('#setting-site_currency');
    await currency.waitFor();
    expect(await currency.isDisabled()).toBe(true);
    const described = (await currency.getAttribute('aria-describedby')) ?? '';
    expect(described, 'the reason describes the field').not.toBe('');
    expect(await page.locator(`[id="${described}"]`).innerText()).toBe(settingsMessages.currencyLocked);
    const save = page.getByRole('button', { name: 'Save changes' });
    expect(await save.isDisabled()).toBe(true);
    const name = page.getByRole('textbox', { name: 'Organisation name' });
    const before = await name.inputValue();
    await name.fill(`${before} `);
    expect(await save.isEnabled()).toBe(true);
    await screenshot(page, 'issue41-settings-locked-currency');
    await name.fill(before);
    expect(await save.isDisabled()).toBe(true);
    await context.close();
  });

  it('lists each page under the menu its editor shows', async () => {
    const { context, page } = await adminPage();
    const pages = await apiCall<{ data: { id: number; parent_title: string | null }[] }>(page, 'GET', '/jpanel/pages.json');
    const child = pages.data.find((p) => p.parent_title !== null);
    expect(child, 'a demo page sits in a menu').toBeDefined();
    const detail = await apiCall<{ parent_id: number | null; title: string }>(page, 'GET', `/jpanel/pages/${child!.id}.json`);
    expect(pages.data.find((p) => p.id === detail.parent_id)).toBeDefined();
    await page.goto('/jpanel/pages');
    const row = page.locator('tbody tr', { has: page.getByRole('link', { name: detail.title, exact: true }) }).first();
    await row.waitFor();
    expect(await row.locator('td').nth(3).innerText()).toBe(child!.parent_title);
    await screenshot(page, 'issue41-pages-in-menu');
    await context.close();
  });

  it('shows one coherent history on a contribution: status events, then edits with an empty text that does not deny them', async () => {
    const { context, page } = await adminPage();
    const { data } = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/contributions.listing', { draw: 1, start: 0, length: 1 });
    await page.goto(`/jpanel/contributions/${data[0]!.id}`);
    await page.getByRole('region', { name: 'Status history' }).waitFor();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await page.getByText('Payments, refunds and status changes are under Status history.').waitFor();
    await page.getByText(/^No one has edited its details|^(Created|Changed|Deleted) by/).first().waitFor();
    expect(await page.getByText('No changes recorded yet.').count()).toBe(0);
    await screenshot(page, 'issue41-contribution-history');
    await context.close();
  });

  it('says what a demo import did, and for a failed one what failed and what to do', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/imports');
    const table = page.locator('table');
    await table.getByText(/^(Created|Would create) \d+, updated \d+, skipped \d+, rejected \d+$/).first().waitFor();
    expect(await table.getByText(/(Created|Would create) 0, updated 0, skipped 0, rejected 0/).count()).toBe(0);
    await table.getByText(/Check the file and import it again/).first().waitFor();
    expect(await page.getByText('Failed to submit data to the import service').count()).toBe(0);
    await screenshot(page, 'issue41-imports');
    await context.close();
  });

  it('shows the demo product pictures on the point of sale, with no failed request', async () => {
    const { context, page } = await adminPage();
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/storage/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await page.goto('/jpanel/pos');
    await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
    await settled(page);
    const images = page.locator('img[src*="/storage/products/"]');
    await images.first().waitFor();
    // Loaded once each reports its natural size; a 404 leaves it at 0 (checked again below).
    // Polled from outside the page, as shell.e2e.ts does: the Content Security Policy forbids waitForFunction's eval.
    await expect.poll(() => page.evaluate(`[...document.querySelectorAll('img[src*="/storage/products/"]')].every((img) => img.complete)`)).toBe(true);
    const sizes = await images.evaluateAll((list) => list.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth));
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.every((width) => width > 0)).toBe(true);
    expect(failed).toEqual([]);
    await screenshot(page, 'issue41-pos-pictures');
    await context.close();
  });
});
