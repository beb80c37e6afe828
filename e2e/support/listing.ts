import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './axe.ts';
import { screenshot as takeScreenshot } from './browser.ts';
import { settle } from './settle.ts';

/**
 * A screenshot once the preloader is gone and transitions have settled; the screen it shows is
 * checked by axe too (issue 6 item 21: every screen a test visits).
 */
export async function settledScreenshot(page: Page, name: string) {
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

/** An API call with the page's session (XHR header and CSRF token, as the app sends them). */
export async function apiCall<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.fetch(path, {
    method,
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token, Accept: 'application/json' },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${method} ${path}`).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Helpers for one listing screen: its endpoint, its page and its heading. */
export function listingScreen<Listing>(endpoint: string, path: string, heading: string) {
  const list = (page: Page, body: Record<string, unknown>) => apiCall<Listing>(page, 'POST', endpoint, body);

  /**
   * Runs `action` and answers the listing response it caused. With `sent`, the response to the
   * request whose body holds that text: typing is debounced, but a machine that stalls between
   * two keys lets a query for the first letters go out before the whole word's.
   */
  async function reloadBy(page: Page, action: () => Promise<unknown>, sent?: string): Promise<Listing> {
    const [response] = await Promise.all([
      page.waitForResponse(
        (r) => r.url().endsWith(endpoint) && r.request().method() === 'POST' && (sent === undefined || (r.request().postData() ?? '').includes(sent)),
      ),
      action(),
    ]);
    return (await response.json()) as Listing;
  }

  async function openList(page: Page, query = '') {
    // The listing of the new document only: waiting from before the navigation could catch a
    // last refetch of the page being left, whose body is gone once the navigation commits.
    await page.goto(`${path}${query}`, { waitUntil: 'commit' });
    const listing = await reloadBy(page, async () => undefined);
    await page.getByRole('heading', { name: heading, exact: true }).waitFor();
    // A table's first row, or on a phone its first card.
    await page.locator('tbody tr, [data-row-card]').first().waitFor();
    return listing;
  }

  return { list, reloadBy, openList };
}

/**
 * Opens the list's one Export menu (in its table's toolbar, issue 41) and answers its item
 * `name`, ready to click.
 */
export async function exportItem(page: Page, name: 'Export CSV' | 'Background export'): Promise<Locator> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const item = page.getByRole('menuitem', { name, exact: true });
  await item.waitFor();
  return item;
}

/** Clicks `trigger`, waits for the download and answers its file name and CSV lines. */
export async function downloadLines(page: Page, trigger: Locator): Promise<{ filename: string; lines: string[] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  const lines = (await readFile(await download.path(), 'utf8')).trim().split('\n');
  return { filename: download.suggestedFilename(), lines };
}
