import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { routerPaths } from './support/a11y-screens.ts';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';

/**
 * Issue 41, layout: every list fits a 1440 px screen without scrolling sideways, and on a phone
 * (375 px) shows its rows as cards. The screens are the router's own: every signed-in route
 * without a record id (plus the fundraise tabs and one product's orders), so a list added later
 * is checked too. A screen is a list when it shows a table. One sign-in per screen size; the
 * app moves between screens itself (no page loads), as a person clicking the sidebar would.
 * On a phone every list, the shared server-side table or a short one held whole in the browser
 * (users, themes, pages, feeds, mail, jobs, imports, shipping methods …), shows cards, not a table.
 */
const browser = useBrowser();

/** One test visits some forty screens: more than one screen's share of the suite's time. */
const SCREENS_TIMEOUT = 600_000;

/** Route paths with a parameter that are lists, as addresses to visit. */
const listsWithParams = (productId: number): Record<string, string[]> => ({
  'fundraise/:tab': ['fundraise/pages', 'fundraise/fundraisers'],
  'reports/products/:id': [`reports/products/${productId}`],
});

/** Screens that are lists whatever their data: the hand-written lists moved to cards (issue 41) among them. */
const KNOWN_LISTS = ['users', 'themes', 'pages', 'feeds', 'mail', 'jobs', 'imports', 'settings/shipping', 'batches', 'supporters', 'contributions', 'messenger/numbers', 'settings/exchange-rates', 'supporters/duplicates', 'tasks'];

/** Printed, not browsed: the packing slip opens from selected contributions with their ids. */
const notScreens = ['contributions/packing_slip'];

/** Signed-in screens to visit: the router's paths without a parameter, and the lists above. */
function screens(productId: number): string[] {
  const withParams = listsWithParams(productId);
  return routerPaths()
    .filter((p) => !p.startsWith('/') && p !== '' && p !== '*' && !notScreens.includes(p))
    .flatMap((p) => withParams[p] ?? (p.includes(':') || p.endsWith('/new') || p.endsWith('/create') ? [] : [p]));
}

type Dom = { document: { querySelector: (s: string) => unknown; querySelectorAll: (s: string) => ArrayLike<unknown> } };

/** Moves the app to `path` through its router (a history entry and a popstate), no page load. */
async function goInApp(page: Page, path: string) {
  // The screen being left is marked (its heading and table): one of them going says the new
  // screen is drawing (the fundraise tabs keep their heading but not their table).
  const marked = await page.evaluate(() => {
    type Marked = { setAttribute: (k: string, v: string) => void };
    const elements = Array.from((globalThis as unknown as Dom).document.querySelectorAll('main h2, main table, main [data-row-cards]')) as Marked[];
    for (const element of elements) element.setAttribute('data-left-screen', '');
    return elements.length;
  });
  await page.evaluate((url) => {
    const win = globalThis as unknown as { history: { pushState: (s: unknown, t: string, u: string) => void }; dispatchEvent: (e: unknown) => void; PopStateEvent: new (type: string) => unknown };
    win.history.pushState(null, '', url);
    win.dispatchEvent(new win.PopStateEvent('popstate'));
  }, `/jpanel/${path}`);
  if (marked > 0) await page.waitForFunction((count) => (globalThis as unknown as Dom).document.querySelectorAll('main [data-left-screen]').length < count, marked);
  await page.locator('main :is(h1, h2, h3)').first().waitFor();
  // Loaded: no skeleton rows, loader or loading overlay left in the screen.
  await page.waitForFunction(() => {
    const dom = globalThis as unknown as Dom;
    return dom.document.querySelectorAll('main .mantine-Skeleton-root, main .mantine-Loader-root, main .mantine-LoadingOverlay-root').length === 0;
  });
  await settle(page);
}

/**
 * What scrolls sideways: the page itself and, with `boxes`, any box in the screen that scrolls its
 * content sideways (on a phone a summary table may, inside its own box).
 */
async function sidewaysScrolling(page: Page, boxes: boolean): Promise<string[]> {
  return page.evaluate((boxes) => {
    type Box = { scrollWidth: number; clientWidth: number; className: string; tagName: string };
    const dom = globalThis as unknown as Dom & { document: { documentElement: Box }; getComputedStyle: (e: unknown) => { overflowX: string } };
    const found: string[] = [];
    const root = dom.document.documentElement;
    if (root.scrollWidth > root.clientWidth) found.push(`the page (${root.scrollWidth} > ${root.clientWidth} px)`);
    for (const element of Array.from(dom.document.querySelectorAll(boxes ? 'main *' : 'main [data-table-scroll] *')) as Box[]) {
      const overflow = dom.getComputedStyle(element).overflowX;
      if ((overflow === 'auto' || overflow === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]} (${element.scrollWidth} > ${element.clientWidth} px)`);
      }
    }
    return found;
  }, boxes);
}

/**
 * The screen as a person sees it first (the window, not the whole page: 50 cards are 13,000 px
 * tall, and the window is what must not scroll sideways), beside the suite's other screenshots.
 */
async function windowScreenshot(page: Page, name: string) {
  const folder = join(import.meta.dirname, 'screenshots');
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

const shotName = (path: string, width: number) => `lists-fit-${width}-${path.replaceAll('/', '-')}`;

/**
 * A list's tables, and their rows: not a form laid out as a grid (shipping tiers' inputs), nor a
 * report's summary cross-tab (totals by currency, by gateway and brand, fees by type: scrolling
 * in its own box on a phone), nor the one row that says a list is empty.
 */
const listTables = 'main table:not([data-edit-grid]):not([data-summary])';
const listRows = `${listTables} tbody tr:not(:has(td[colspan]))`;

/** The list screens found at 1440 px, with whether each is the shared server-side table. */
const lists: { path: string; dataTable: boolean; rows: number }[] = [];
let storageCookies: Parameters<BrowserContext['addCookies']>[0];
let productId = 0;

beforeAll(async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  await startSession(page);
  storageCookies = await context.cookies();
  productId = (await apiCall<{ id: number }[]>(page, 'GET', '/jpanel/products.json?query=membership'))[0]!.id;
  // My tasks is empty in the demo: a task of the signed-in user's own gives its list a row to show as a card.
  const { data } = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/supporters.listing', { length: 1, status: 'active' });
  await apiCall(page, 'POST', '/jpanel/tasks', { supporter_id: data[0]!.id, title: 'Lists-fit follow-up call' });
  await context.close();
});

describe('lists at 1440 × 900 and on a phone', () => {
  it('fit 1440 px without scrolling sideways', async () => {
    const { context, page } = await browser.newPage({ width: 1440, height: 900 });
    await context.addCookies(storageCookies);
    await page.goto('/jpanel/');
    await page.locator('[data-preloader]').waitFor({ state: 'detached' });
    const overflowing: string[] = [];
    for (const path of screens(productId)) {
      await goInApp(page, path);
      // A list that has not drawn its table yet would be taken for a screen without one: the
      // lists named below are known to be lists, so their table is waited for.
      if (KNOWN_LISTS.includes(path)) await page.locator('main table, main [data-row-cards]').first().waitFor();
      if ((await page.locator('main table, main [data-row-cards]').count()) === 0) continue;
      const dataTable = (await page.locator('main [data-table-scroll]').count()) > 0;
      lists.push({ path, dataTable, rows: await page.locator(listRows).count() });
      overflowing.push(...(await sidewaysScrolling(page, true)).map((what) => `/jpanel/${path}: ${what}`));
      await windowScreenshot(page, shotName(path, 1440));
    }
    expect(lists.filter((l) => l.dataTable).length, 'server-side lists found').toBeGreaterThan(10);
    expect(overflowing).toEqual([]);
    await context.close();
  }, SCREENS_TIMEOUT);

  it('show each row as a card on a phone', async () => {
    const { context, page } = await browser.newPage({ width: 375, height: 812 });
    await context.addCookies(storageCookies);
    await page.goto('/jpanel/');
    await page.locator('[data-preloader]').waitFor({ state: 'detached' });
    const problems: string[] = [];
    for (const { path, rows } of lists) {
      await goInApp(page, path);
      await windowScreenshot(page, shotName(path, 375));
      // The cards with their checkboxes, as a phone shows them, pass axe.
      if (path === 'contributions') await expectAccessible(page, 'contributions as cards');
      // Every list, the shared server-side table or a short one held in the browser, is cards.
      const cards = await page.locator('main [data-row-card]').count();
      if (await page.locator(`main [data-table-scroll], ${listTables}`).count()) problems.push(`/jpanel/${path}: still a table`);
      if (rows > 0 && cards === 0) problems.push(`/jpanel/${path}: no cards`);
      problems.push(...(await sidewaysScrolling(page, false)).map((what) => `/jpanel/${path}: ${what}`));
    }
    // The hand-written lists moved to cards (issue 41) are among those checked.
    expect(lists.map((l) => l.path)).toEqual(expect.arrayContaining(KNOWN_LISTS));
    expect(lists.find((l) => l.path === 'tasks')?.rows, 'My tasks has a row').toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  }, SCREENS_TIMEOUT);

  it('sorts a short list held in the browser from a phone as from its headings', async () => {
    const { context, page } = await browser.newPage({ width: 375, height: 812 });
    await context.addCookies(storageCookies);
    await page.goto('/jpanel/users');
    const sortBy = page.getByRole('combobox', { name: 'Sort by', exact: true });
    await sortBy.waitFor();
    const titles = () => page.locator('main [data-row-card] a').allInnerTexts();
    const before = await titles();
    expect(before.length, 'users to sort').toBeGreaterThan(1);
    // In order as people read names (case and digits), each way; equal names may come in either order.
    const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
    const inOrder = (dir: 1 | -1) => async () => {
      const names = await titles();
      return names.length === before.length && names.every((name, i) => i === 0 || dir * collator.compare(names[i - 1]!, name) <= 0);
    };
    await sortBy.selectOption({ label: 'Name' });
    const direction = page.getByRole('combobox', { name: 'Direction', exact: true });
    expect(await direction.inputValue()).toBe('desc');
    await expect.poll(inOrder(-1)).toBe(true);
    await direction.selectOption('asc');
    await expect.poll(inOrder(1)).toBe(true);
    await expectAccessible(page, 'users as cards, sorted');
    await context.close();

    // On a wide screen the same list sorts from its heading.
    const wide = await browser.newPage({ width: 1440, height: 900 });
    await wide.context.addCookies(storageCookies);
    await wide.page.goto('/jpanel/users');
    const heading = wide.page.getByRole('columnheader', { name: 'Name' });
    await heading.getByRole('button').click();
    await expect.poll(() => heading.getAttribute('aria-sort')).toBe('descending');
    await expect
      .poll(async () => {
        const names = await wide.page.locator('main tbody tr td:first-child a').allInnerTexts();
        return names.length === before.length && names.every((name, i) => i === 0 || collator.compare(names[i - 1]!, name) >= 0);
      })
      .toBe(true);
    await wide.context.close();
  });
});
