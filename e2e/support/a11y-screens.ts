import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { expectAccessible } from './axe.ts';
import { ADMIN, startSession, useBrowser } from './browser.ts';
import { apiCall, settledScreenshot as screenshot } from './listing.ts';
import { drawAllCharts } from './dashboard.ts';

/**
 * Issue 6 item 21: axe-core on every screen of the web app. The list of screens is read from the
 * router's own definition, so a route added later without a visit here fails the suite rather
 * than going unchecked. Each visit waits for the screen to settle, then runs axe (0 serious or
 * critical violations); the menus, drawers and dialogs each screen opens are checked open.
 *
 * The visits live here and run from several files (e2e/a11y*.e2e.ts), each taking every n-th
 * route: one file of ~94 full page loads took 17 minutes of one worker and held the whole suite
 * back by that much; split, the workers share it (issue 29).
 */
const web = join(import.meta.dirname, '..', '..', 'packages', 'web', 'src');

/** Every route path the router mounts: its own, and those of each area's routes file it spreads. */
export function routerPaths(): string[] {
  const router = readFileSync(join(web, 'app', 'router.tsx'), 'utf8');
  const areaFiles = [...router.matchAll(/from '\.\.\/features\/([\w-]+)\/routes\.tsx'/g)].map((m) => join(web, 'features', m[1]!, 'routes.tsx'));
  const publicFile = readFileSync(join(web, 'app', 'public-routes.ts'), 'utf8');
  const paths = (source: string) => [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  const index = /index: true/.test(router) ? [''] : [];
  return [...paths(publicFile), ...paths(router).filter((p) => p !== '/'), ...index, ...areaFiles.flatMap((f) => paths(readFileSync(f, 'utf8')))].sort();
}

export type Ids = { contribution: number; supporter: number; user: number; mail: number; sponsee: number; product: number; paymentGroup: number; promo: number; segment: number; category: number; taxRate: number; shippingMethod: number; page: number; feed: number; post: number; theme: number; campaign: number; role: number; tributeType: number; membershipLevel: number };
type Visit = (page: Page, ids: Ids) => Promise<void>;

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: typeof name === 'string' }).first().waitFor();
const settled = (page: Page) => page.locator('[data-preloader]').waitFor({ state: 'detached' });
/**
 * A listing's rows, settled: cached rows show at once under a loading overlay while they are asked
 * for again, and axe run then finds the overlay's half-hidden table (it failed once on CI).
 */
async function mainRows(page: Page) {
  await page.locator('tbody tr').first().waitFor();
  await page.locator('.mantine-LoadingOverlay-root').first().waitFor({ state: 'detached' });
}

/**
 * The payment dialog of a supporter's monthly gift (issue 39): the card is kept for the renewals,
 * so "Save this card" shows ticked and disabled, with its note.
 */
async function posRecurringPayment(page: Page) {
  const [supporter] = await apiCall<{ display_name: string; email: string | null }[]>(page, 'GET', '/jpanel/supporters.json?query=a');
  const cart = page.getByRole('region', { name: 'Contribution', exact: true });
  await cart.getByRole('button', { name: /Choose a supporter/ }).click();
  const account = page.getByRole('dialog', { name: 'Supporter' });
  await account.getByLabel('Find a supporter').fill(supporter!.email ?? supporter!.display_name);
  await account.getByRole('button', { name: new RegExp(`^${supporter!.display_name}`) }).first().click();
  await account.waitFor({ state: 'detached' });
  const search = page.getByLabel('Search products');
  await search.fill('general fund');
  await search.press('Enter');
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: /^General Fund/ }).click();
  const item = page.getByRole('dialog', { name: 'General Fund' });
  await item.getByText('Monthly', { exact: true }).click();
  await item.getByLabel('Amount').fill('25');
  await item.getByRole('button', { name: 'Add to contribution' }).click();
  await item.waitFor({ state: 'detached' });
  await cart.getByRole('button', { name: /^Pay / }).click();
  const payment = page.getByRole('dialog', { name: /^Payment/ });
  await payment.getByRole('tab', { name: 'Credit Card', exact: true }).click();
  const save = payment.getByRole('checkbox', { name: "Save this card to the supporter's payment methods" });
  await save.waitFor();
  expect(await save.isChecked()).toBe(true);
  expect(await save.isDisabled()).toBe(true);
  await payment.getByText('Kept for the recurring gift: its renewals are charged to this card.').waitFor();
  await screenshot(page, 'a11y-pos-recurring-payment');
  await page.keyboard.press('Escape');
  await payment.waitFor({ state: 'detached' });
}

/** Opens a menu or drawer with `trigger`, checks it, and closes it with Escape. */
async function checkOpened(page: Page, trigger: () => Promise<void>, role: 'menu' | 'dialog', screen: string) {
  await trigger();
  const opened = page.getByRole(role).last();
  await opened.waitFor();
  await expectAccessible(page, screen);
  await page.keyboard.press('Escape');
  await opened.waitFor({ state: 'detached' });
}

/**
 * Opens a signed-in screen the way the app's own links do, when the app is already loaded in
 * `page`: the History API, which the router follows (issue 29). A full load per screen was the
 * largest share of these files' CPU: the bundle parsed and run again, axe injected again, the
 * preloader shown again (measured per load: 0.5–1.0 s of the renderer's main thread, against
 * 0.1–0.2 s for an in-app navigation, plus 0.3 s to inject axe). The screen still starts afresh:
 * the way passes through the shell's "Page not found", so no part of the last screen (the same
 * component under another path, a table's rows) can be taken for the next one, and a form left
 * changed is left as staff would leave it.
 * With no signed-in shell in `page` yet (the first screen, or after a failed one), it loads.
 */
async function go(page: Page, url: string): Promise<void> {
  const shell = page.getByRole('navigation', { name: 'Main navigation' });
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/jpanel') || (await shell.count()) === 0) {
    await page.goto(url);
    return;
  }
  await historyPush(page, BETWEEN);
  const between = page.getByText(BETWEEN, { exact: true });
  // A screen left with a form changed (a visit that tried its fields) asks first, as for staff.
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await between.or(leave).waitFor();
  if (await leave.isVisible()) await leave.getByRole('button', { name: 'Leave without saving' }).click();
  await between.waitFor();
  await historyPush(page, url);
  await between.waitFor({ state: 'detached' });
}

/** A path no route has: the shell answers it with its "Page not found" screen, naming it. */
const BETWEEN = '/jpanel/between-two-screens';

/** Pushes `url` onto the history and tells the router, as a Back or Forward would. */
function historyPush(page: Page, url: string): Promise<void> {
  return page.evaluate((to) => {
    // The e2e project has no DOM types: name what is used through globalThis.
    type History = { state: { idx?: number } | null; pushState: (state: unknown, title: string, url: string) => void };
    const dom = globalThis as unknown as { history: History; dispatchEvent: (e: unknown) => boolean; PopStateEvent: new (type: string, init: object) => unknown };
    // The router's own entry shape, so its index of entries (for Back, and for a blocked leave) holds.
    const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (dom.history.state?.idx ?? 0) + 1 };
    dom.history.pushState(state, '', to);
    dom.dispatchEvent(new dom.PopStateEvent('popstate', { state }));
  }, url);
}

/**
 * Screens driven through their main path in their own browser test: here each is only opened,
 * left to settle and checked with axe.
 */
const openedOnly =
  (url: string): Visit =>
  async (page) => {
    await go(page, url);
    await page.getByRole('heading').first().waitFor();
    await settled(page);
    await expectAccessible(page, url);
  };

/** Signed-in screens, keyed by their route path; each visit checks the screen and what it opens. */
export const shellVisits: Record<string, Visit> = {
  '': async (page) => {
    await go(page, '/jpanel/');
    await heading(page, /Welcome/);
    // The landing page is the dashboard: checked once every chart has drawn or said it is empty.
    await heading(page, 'Dashboard');
    await drawAllCharts(page);
    await expectAccessible(page, 'home');
    await checkOpened(page, () => page.getByRole('button', { name: 'Account menu' }).click(), 'menu', 'account menu');
  },
  users: async (page) => {
    await go(page, '/jpanel/users');
    await heading(page, 'Users');
    await mainRows(page);
    await expectAccessible(page, 'users');
  },
  'users/new': async (page) => {
    await go(page, '/jpanel/users/new');
    await page.getByRole('button', { name: 'Create user' }).waitFor();
    await expectAccessible(page, 'new user form');
    // The form's errors shown are part of the screen too.
    await page.getByRole('button', { name: 'Create user' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new user form with errors');
  },
  'users/:id': async (page, ids) => {
    await go(page, `/jpanel/users/${ids.user}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'user form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete user' }).click(), 'dialog', 'delete user dialog');
    // Issue 6 item 20 on this form too: leaving with unsaved changes asks, Stay focused first.
    const firstName = page.getByRole('textbox', { name: 'First name' });
    await firstName.fill(`${await firstName.inputValue()}x`);
    const home = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' });
    await home.click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    expect(await page.locator(':focus').textContent()).toBe('Stay on this page');
    await expectAccessible(page, 'user form, leave without saving?');
    await leave.getByRole('button', { name: 'Leave without saving' }).click();
    await heading(page, /Welcome/);
  },
  profile: async (page) => {
    await go(page, '/jpanel/profile');
    await heading(page, 'Your profile');
    await settled(page);
    await expectAccessible(page, 'profile');
  },
  settings: async (page) => {
    await go(page, '/jpanel/settings');
    await page.getByRole('textbox', { name: 'Organisation name' }).waitFor();
    const tabs = page.getByRole('tab');
    const names = await tabs.allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    for (const name of names) {
      await page.getByRole('tab', { name: name.trim(), exact: true }).click();
      await page.getByRole('tab', { name: name.trim(), exact: true, selected: true }).waitFor();
      await expectAccessible(page, `settings: ${name.trim()}`);
    }
  },
  contributions: async (page) => {
    await go(page, '/jpanel/contributions');
    await heading(page, 'Contributions');
    await mainRows(page);
    await screenshot(page, 'a11y-contributions');
    await expectAccessible(page, 'contributions');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('listbox').waitFor();
    await expectAccessible(page, 'contributions, status filter open');
    await page.keyboard.press('Escape');
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    await page.getByLabel('Date', { exact: true }).click();
    await page.getByRole('button', { name: 'Last 30 Days' }).waitFor({ state: 'visible' });
    await expectAccessible(page, 'contributions, date presets open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Last 30 Days' }).waitFor({ state: 'hidden' });
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await checkOpened(page, () => page.getByRole('button', { name: 'Mark as spam', exact: true }).click(), 'dialog', 'contributions bulk spam dialog');
  },
  'contributions/unacknowledged': async (page) => {
    await go(page, '/jpanel/contributions/unacknowledged');
    await heading(page, 'Unacknowledged gifts');
    await mainRows(page);
    await expectAccessible(page, 'unacknowledged gifts');
  },
  'contributions/:id': async (page, ids) => {
    await go(page, `/jpanel/contributions/${ids.contribution}`);
    await page.getByRole('region', { name: 'Supporter' }).waitFor();
    await settled(page);
    await screenshot(page, 'a11y-contribution');
    await expectAccessible(page, 'contribution');
  },
  supporters: async (page) => {
    await go(page, '/jpanel/supporters');
    await heading(page, 'Supporters');
    await mainRows(page);
    await expectAccessible(page, 'supporters');
    // On a phone the filters fold behind a Filters button.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: /^Filters/ }).click();
    await page.getByRole('button', { name: /^Filters/, expanded: true }).waitFor();
    await expectAccessible(page, 'supporters on a phone, filters open');
    await page.setViewportSize({ width: 1280, height: 800 });
  },
  'supporters/:id': async (page, ids) => {
    await go(page, `/jpanel/supporters/${ids.supporter}`);
    await page.getByRole('region', { name: 'Gifts', exact: true }).waitFor();
    await page.getByRole('region', { name: 'Activity', exact: true }).locator('[data-activity]').first().waitFor();
    await settled(page);
    await screenshot(page, 'a11y-supporter');
    await expectAccessible(page, 'supporter');
    await checkOpened(page, () => page.getByRole('button', { name: 'Add task' }).click(), 'dialog', 'add a task');
    await checkOpened(page, () => page.getByRole('button', { name: 'Manage tags' }).click(), 'dialog', 'manage tags');
    await checkOpened(page, () => page.getByRole('button', { name: 'Export data' }).click(), 'menu', 'export a supporter\'s data');
    await checkOpened(page, () => page.getByRole('button', { name: 'Erase personal data' }).click(), 'dialog', 'erase personal data (closed unsent)');
  },
  tasks: async (page) => {
    await go(page, '/jpanel/tasks');
    await heading(page, 'My tasks');
    await settled(page);
    await page.locator('[aria-label="Loading tasks"]').waitFor({ state: 'detached' });
    await expectAccessible(page, 'my tasks');
  },
  batches: async (page) => {
    await go(page, '/jpanel/batches?status=all');
    await heading(page, 'Gift batches');
    await mainRows(page);
    await expectAccessible(page, 'gift batches');
    await checkOpened(page, () => page.getByRole('button', { name: 'New batch' }).click(), 'dialog', 'new gift batch');
  },
  // The demo's open batch (its keying grid) and closed one (posted gifts, the slip).
  'batches/:id': async (page) => {
    const { data } = await apiCall<{ data: { id: number; name: string; status: string }[] }>(page, 'GET', '/jpanel/batches.json?status=all');
    for (const status of ['open', 'closed']) {
      const batch = data.find((b) => b.status === status);
      expect(batch, `a demo ${status} batch`).toBeDefined();
      await go(page, `/jpanel/batches/${batch?.id}`);
      await heading(page, batch?.name ?? '');
      await page.getByRole('table', { name: 'Gifts in this batch' }).waitFor();
      await settled(page);
      await expectAccessible(page, `${status} gift batch`);
    }
  },
  'batches/:id/deposit-slip': async (page) => {
    const { data } = await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/batches.json?status=closed');
    await go(page, `/jpanel/batches/${data[0]?.id}/deposit-slip`);
    await heading(page, 'Deposit slip');
    await settled(page);
    await expectAccessible(page, 'deposit slip');
  },
  'supporters/new': async (page) => {
    await go(page, '/jpanel/supporters/new');
    await heading(page, 'Add supporter');
    await settled(page);
    await expectAccessible(page, 'add supporter');
    await page.getByRole('button', { name: 'Add supporter' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'add supporter with errors');
  },
  'supporters/:id/edit': async (page, ids) => {
    await go(page, `/jpanel/supporters/${ids.supporter}/edit`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'edit supporter');
  },
  sponsorships: async (page) => {
    await go(page, '/jpanel/sponsorships');
    await heading(page, 'Sponsorships');
    await mainRows(page);
    await expectAccessible(page, 'sponsorships');
  },
  sponsors: async (page) => {
    await go(page, '/jpanel/sponsors');
    await heading(page, 'Sponsors');
    await mainRows(page);
    await expectAccessible(page, 'sponsors');
  },
  'sponsorships/:id': async (page, ids) => {
    await go(page, `/jpanel/sponsorships/${ids.sponsee}`);
    await page.getByRole('region', { name: 'Timeline' }).getByRole('article').first().waitFor();
    await settled(page);
    await expectAccessible(page, 'sponsee');
    await checkOpened(page, () => page.getByRole('button', { name: 'Add sponsor' }).click(), 'dialog', 'add a sponsor');
    await checkOpened(page, () => page.getByRole('button', { name: 'Add an Update' }).click(), 'dialog', 'add an update');
    await checkOpened(page, () => page.getByRole('button', { name: 'Edit sponsee' }).click(), 'dialog', 'edit sponsee');
  },
  'donor-crm/sandbox/:id': openedOnly('/jpanel/donor-crm/sandbox/1'),
  'messenger/console': openedOnly('/jpanel/messenger/console'),
  'messenger/numbers': openedOnly('/jpanel/messenger/numbers'),
  'settings/billing': openedOnly('/jpanel/settings/billing'),
  'settings/data-sync': openedOnly('/jpanel/settings/data-sync'),
  'settings/donor-crm': openedOnly('/jpanel/settings/donor-crm'),
  'settings/payment-providers': openedOnly('/jpanel/settings/payment-providers'),
  'settings/hooks': async (page) => {
    await go(page, '/jpanel/settings/hooks');
    await heading(page, 'Webhooks');
    await mainRows(page);
    await expectAccessible(page, 'webhooks');
  },
  // Issue 14 items 3–5: pages, feeds and the theme file editor (driven in pages/feeds/theme-editor.e2e.ts).
  pages: async (page) => {
    await go(page, '/jpanel/pages');
    await heading(page, 'Pages');
    await mainRows(page);
    await expectAccessible(page, 'pages');
  },
  'pages/new': async (page) => {
    await go(page, '/jpanel/pages/new');
    await page.getByRole('textbox', { name: 'Page content', exact: true }).waitFor();
    await expectAccessible(page, 'new page');
    await page.getByRole('combobox', { name: 'Page type' }).click();
    await page.getByRole('option', { name: 'Category page' }).click();
    await page.getByRole('combobox', { name: 'Category' }).waitFor();
    await expectAccessible(page, 'new category page');
  },
  'pages/:id': async (page, ids) => {
    await go(page, `/jpanel/pages/${ids.page}`);
    await page.getByRole('textbox', { name: 'Page content', exact: true }).waitFor();
    await settled(page);
    await expectAccessible(page, 'page editor, visual');
    await page.getByText('Code', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Page content (code)' }).waitFor();
    await expectAccessible(page, 'page editor, code');
    await checkOpened(page, () => page.getByRole('button', { name: 'Templates' }).click(), 'dialog', 'templates library');
    await checkOpened(page, () => page.getByRole('button', { name: /^Restore / }).first().click(), 'dialog', 'restore revision');
    await checkOpened(page, () => page.getByRole('button', { name: /^Delete (Revision|Autosaved)/ }).first().click(), 'dialog', 'delete revision');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete page' }).click(), 'dialog', 'delete page');
  },
  feeds: async (page) => {
    await go(page, '/jpanel/feeds');
    await heading(page, 'Feeds');
    await mainRows(page);
    await expectAccessible(page, 'feeds');
  },
  'feeds/new': async (page) => {
    await go(page, '/jpanel/feeds/new');
    await page.getByRole('button', { name: 'Create feed' }).waitFor();
    await expectAccessible(page, 'new feed');
  },
  'feeds/:id': async (page, ids) => {
    await go(page, `/jpanel/feeds/${ids.feed}`);
    await page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first().waitFor();
    await page.getByRole('textbox', { name: 'Podcast author' }).waitFor();
    await expectAccessible(page, 'feed with podcast options and posts');
    await checkOpened(page, () => page.getByRole('list', { name: 'Posts' }).getByRole('button', { name: /^Delete / }).first().click(), 'dialog', 'delete post');
  },
  'feeds/:feedId/posts/new': async (page, ids) => {
    await go(page, `/jpanel/feeds/${ids.feed}/posts/new`);
    await page.getByRole('button', { name: 'Create post' }).waitFor();
    await expectAccessible(page, 'new post');
  },
  'feeds/:feedId/posts/:id': async (page, ids) => {
    await go(page, `/jpanel/feeds/${ids.feed}/posts/${ids.post}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'post form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete post' }).click(), 'dialog', 'delete post');
  },
  themes: async (page) => {
    await go(page, '/jpanel/themes');
    await heading(page, 'Themes');
    await mainRows(page);
    await expectAccessible(page, 'themes');
  },
  'themes/:id/editor': async (page, ids) => {
    await go(page, `/jpanel/themes/${ids.theme}/editor`);
    const tree = page.getByRole('navigation', { name: 'Theme files' });
    await tree.getByRole('button', { name: 'page.liquid' }).click();
    await page.getByRole('textbox', { name: 'Contents of templates/page.liquid' }).waitFor();
    await expectAccessible(page, 'theme editor');
    await checkOpened(page, () => page.getByRole('button', { name: 'Template variables' }).click(), 'dialog', 'template variables');
    await page.getByRole('button', { name: 'Older versions' }).click();
    await page.getByRole('combobox', { name: 'Version' }).waitFor();
    await expectAccessible(page, 'theme editor, older versions');
  },
  'settings/hooks/new': openedOnly('/jpanel/settings/hooks/new'),
  imports: openedOnly('/jpanel/imports'),
  'imports/:kind': openedOnly('/jpanel/imports/supporters'),
  'import/sponsee-photos': openedOnly('/jpanel/import/sponsee-photos'),
  'supporters/duplicates': openedOnly('/jpanel/supporters/duplicates'),
  'supporters/duplicates/:id': openedOnly('/jpanel/supporters/duplicates/1'),
  'virtual-events': openedOnly('/jpanel/virtual-events'),
  'virtual-events/create': openedOnly('/jpanel/virtual-events/create'),
  'virtual-events/:id/edit': openedOnly('/jpanel/virtual-events/1/edit'),
  'settings/hooks/:id': async (page) => {
    await go(page, '/jpanel/settings/hooks');
    await page.locator('tbody tr a').first().click();
    await heading(page, 'Edit webhook');
    await settled(page);
    await expectAccessible(page, 'webhook and its deliveries');
  },
  'settings/exchange-rates': async (page) => {
    await go(page, '/jpanel/settings/exchange-rates');
    await heading(page, 'Exchange rates');
    await settled(page);
    await expectAccessible(page, 'exchange rates');
  },
  jobs: async (page) => {
    await go(page, '/jpanel/jobs');
    await heading(page, 'Background jobs');
    await page.getByRole('radiogroup', { name: 'Which jobs' }).getByText('Finished', { exact: true }).click();
    await mainRows(page);
    await expectAccessible(page, 'background jobs');
  },
  logs: async (page) => {
    await go(page, '/jpanel/logs');
    await heading(page, 'Log viewer');
    await settled(page);
    await page.getByRole('table', { name: 'Log entries' }).or(page.getByText(/^No log entries/)).first().waitFor();
    await expectAccessible(page, 'log viewer');
    const context = page.getByRole('button', { name: /^Show context/ }).first();
    if (await context.count()) {
      await context.click();
      await page.getByLabel('Context', { exact: true }).first().waitFor();
      await expectAccessible(page, 'log viewer, context open');
    }
  },
  mail: async (page) => {
    await go(page, '/jpanel/mail');
    await heading(page, 'Mail outbox');
    await mainRows(page);
    await expectAccessible(page, 'mail outbox');
  },
  'mail/:id': async (page, ids) => {
    await go(page, `/jpanel/mail/${ids.mail}`);
    await page.getByRole('heading', { name: 'Attachments' }).waitFor();
    await expectAccessible(page, 'mail message');
  },
  'settings/mail-templates': async (page) => {
    await go(page, '/jpanel/settings/mail-templates');
    await heading(page, 'Mail templates');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTitle('HTML preview').waitFor();
    await expectAccessible(page, 'mail templates');
  },
  'tax-receipts': async (page) => {
    await go(page, '/jpanel/tax-receipts');
    await heading(page, 'Tax receipts');
    await mainRows(page);
    await expectAccessible(page, 'tax receipts');
  },
  'tax-receipts/:id': async (page) => {
    // The receipt modal over its list, at its own address: the first issued row's.
    await go(page, '/jpanel/tax-receipts?f.status=issued');
    await mainRows(page);
    await page.locator('tbody tr').first().locator('td').nth(2).click();
    await page.waitForURL(/\/jpanel\/tax-receipts\/\d+/);
    await page.getByRole('dialog', { name: /^Tax receipt/ }).getByRole('button', { name: 'PDF' }).waitFor();
    await settled(page);
    await expectAccessible(page, 'tax receipt modal');
    await page.getByRole('dialog').getByRole('button', { name: 'Revise' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'tax receipt revise form');
  },
  'tax-receipts/year-end': async (page) => {
    await go(page, '/jpanel/tax-receipts/year-end');
    await heading(page, 'Year-end receipts');
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByRole('region', { name: 'Dry run result' }).waitFor();
    await expectAccessible(page, 'year-end receipts');
  },
  'tax-receipts/ledger': async (page) => {
    await go(page, '/jpanel/tax-receipts/ledger');
    await heading(page, 'Receipt number ledger');
    await mainRows(page);
    await expectAccessible(page, 'receipt number ledger');
  },
  'recurring/:id': async (page) => {
    // A demo profile, found through the recurring payments list's own API: the newest gifts may
    // be ones an earlier file of the same worker made, with no profile page to lead to.
    const { data } = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/recurring_payments.ajax', { length: 1 });
    await go(page, `/jpanel/recurring/${data[0]!.id}`);
    await page.getByRole('heading', { name: /^Recurring profile #/ }).waitFor();
    await settled(page);
    await expectAccessible(page, 'recurring profile');
  },
  'recurring/attention': async (page) => {
    await go(page, '/jpanel/recurring/attention');
    await heading(page, 'Recurring profiles that need attention');
    await settled(page);
    await expectAccessible(page, 'recurring needs attention');
  },
  products: async (page) => {
    await go(page, '/jpanel/products');
    await heading(page, 'Products');
    await mainRows(page);
    await expectAccessible(page, 'products');
  },
  'products/new': async (page) => {
    await go(page, '/jpanel/products/new');
    await page.getByRole('button', { name: 'Create product' }).waitFor();
    await expectAccessible(page, 'new product form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Add variant' }).click(), 'dialog', 'variant modal');
  },
  'products/:id': async (page, ids) => {
    await go(page, `/jpanel/products/${ids.product}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'product form');
  },
  'payment-groups': async (page) => {
    await go(page, '/jpanel/payment-groups');
    await heading(page, 'Payment groups');
    await mainRows(page);
    await expectAccessible(page, 'payment groups');
  },
  'payment-groups/new': async (page) => {
    await go(page, '/jpanel/payment-groups/new');
    await page.getByRole('button', { name: 'Create payment group' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new payment group with errors');
  },
  'payment-groups/:id': async (page, ids) => {
    await go(page, `/jpanel/payment-groups/${ids.paymentGroup}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'payment group form');
  },
  promos: async (page) => {
    await go(page, '/jpanel/promos');
    await heading(page, 'Promo codes');
    await mainRows(page);
    await expectAccessible(page, 'promo codes');
  },
  'promos/new': async (page) => {
    await go(page, '/jpanel/promos/new');
    await page.getByRole('button', { name: 'Create promo code' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new promo code with errors');
  },
  'promos/:id': async (page, ids) => {
    await go(page, `/jpanel/promos/${ids.promo}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'promo code form');
  },
  pos: async (page) => {
    await go(page, '/jpanel/pos');
    await heading(page, 'Point of sale');
    await page.locator('[data-category]').first().waitFor();
    await settled(page);
    await expectAccessible(page, 'point of sale');
    await checkOpened(page, () => page.getByRole('button', { name: 'Choose a supporter' }).click(), 'dialog', 'point of sale, supporter picker');
    await checkOpened(page, () => page.getByRole('button', { name: 'Sponsorship' }).click(), 'dialog', 'point of sale, child sponsorship');
    await checkOpened(page, () => page.getByRole('button', { name: 'Details' }).click(), 'dialog', 'point of sale, details');
    await checkOpened(page, () => page.getByRole('button', { name: 'Addresses' }).click(), 'dialog', 'point of sale, addresses');
    await checkOpened(page, () => page.getByRole('button', { name: 'Defaults' }).click(), 'menu', 'point of sale, defaults menu');
    await posRecurringPayment(page);
  },
  'contributions/packing_slip': async (page, ids) => {
    await go(page, `/jpanel/contributions/packing_slip?id=${ids.contribution}`);
    await heading(page, 'Packing slip');
    await settled(page);
    await expectAccessible(page, 'packing slip');
  },
  segments: async (page) => {
    await go(page, '/jpanel/segments');
    await heading(page, 'Segments');
    await mainRows(page);
    await expectAccessible(page, 'segments');
  },
  'segments/new': async (page) => {
    await go(page, '/jpanel/segments/new');
    await page.getByRole('button', { name: 'Create segment' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new segment with errors');
  },
  'segments/:id': async (page, ids) => {
    await go(page, `/jpanel/segments/${ids.segment}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'segment form');
  },
  categories: async (page) => {
    await go(page, '/jpanel/categories');
    await heading(page, 'Product categories');
    await mainRows(page);
    await expectAccessible(page, 'product categories');
  },
  'categories/new': async (page) => {
    await go(page, '/jpanel/categories/new');
    await page.getByRole('button', { name: 'Create category' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new category with errors');
  },
  'categories/:id': async (page, ids) => {
    await go(page, `/jpanel/categories/${ids.category}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'category form');
  },
  reports: async (page) => {
    await go(page, '/jpanel/reports');
    await heading(page, 'Reports');
    await expectAccessible(page, 'reports');
  },
  ...Object.fromEntries(
    (
      [
        ['reports/transactions', 'Transaction history'],
        ['reports/payments', 'Payments'],
        ['reports/payments-by-item', 'Payments by item'],
        ['reports/products', 'Orders by product'],
        ['reports/platform-fees', 'Platform fees'],
        ['reports/donor-covers-costs', 'Donor covers costs'],
        ['reports/impact-by-supporter', 'Impact by supporter'],
        ['reports/abandoned-carts', 'Abandoned carts'],
        ['reports/fund-totals', 'Totals by fund'],
        ['reports/lapsed-donors', 'LYBUNT and SYBUNT'],
        ['reports/donor-retention', 'Donor retention'],
      ] as const
    ).map(([path, title]): [string, Visit] => [
      path,
      async (page) => {
        await go(page, `/jpanel/${path}`);
        await heading(page, title);
        await page.locator('table[aria-label="Totals by currency"], tbody tr td').first().waitFor();
        await expectAccessible(page, title);
      },
    ]),
  ),
  'reports/reconciliation': async (page) => {
    await go(page, '/jpanel/reports/reconciliation');
    await heading(page, 'Reconciliation');
    await page.getByText('Days with payments').waitFor();
    await expectAccessible(page, 'reconciliation');
  },
  'reports/campaign-results': async (page) => {
    await go(page, '/jpanel/reports/campaign-results');
    await heading(page, 'Campaign results');
    // The campaign picker (Mantine's searchable Select: a textbox or a combobox by its state; its
    // hidden option list bears the same label, so not by label alone).
    await page.getByRole('textbox', { name: 'Campaign', exact: true }).or(page.getByRole('combobox', { name: 'Campaign', exact: true })).first().waitFor();
    await expectAccessible(page, 'campaign results: choose a campaign');
  },
  'reports/campaign-results/:id': async (page, ids) => {
    await go(page, `/jpanel/reports/campaign-results/${ids.campaign}`);
    await heading(page, 'Campaign results');
    await mainRows(page);
    await page.getByText('Average gift').first().waitFor();
    await expectAccessible(page, 'campaign results');
  },
  audit: async (page) => {
    await go(page, '/jpanel/audit');
    await heading(page, 'Audit log');
    await mainRows(page);
    await expectAccessible(page, 'audit log');
  },
  'users/roles': async (page) => {
    await go(page, '/jpanel/users/roles');
    await heading(page, 'Roles');
    await mainRows(page);
    await expectAccessible(page, 'roles');
  },
  'users/roles/new': async (page) => {
    await go(page, '/jpanel/users/roles/new');
    await page.getByRole('button', { name: 'Create role' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new role with errors');
  },
  'users/roles/:id': async (page, ids) => {
    await go(page, `/jpanel/users/roles/${ids.role}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await expectAccessible(page, 'role form');
  },
  campaigns: async (page) => {
    await go(page, '/jpanel/campaigns');
    await heading(page, 'Campaigns');
    await mainRows(page);
    await expectAccessible(page, 'campaigns');
  },
  'campaigns/new': async (page) => {
    await go(page, '/jpanel/campaigns/new');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new campaign with errors');
  },
  'campaigns/:id': async (page, ids) => {
    await go(page, `/jpanel/campaigns/${ids.campaign}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    await expectAccessible(page, 'campaign form');
  },
  'reports/products/:id': async (page, ids) => {
    await go(page, `/jpanel/reports/products/${ids.product}`);
    await heading(page, 'Product orders');
    await settled(page);
    await expectAccessible(page, 'product orders');
  },
  'settings/taxes': async (page) => {
    await go(page, '/jpanel/settings/taxes');
    await heading(page, 'Taxes');
    await mainRows(page);
    await expectAccessible(page, 'taxes');
  },
  'settings/taxes/new': async (page) => {
    await go(page, '/jpanel/settings/taxes/new');
    await page.getByRole('button', { name: 'Create tax' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new tax with errors');
  },
  'settings/taxes/:id': async (page, ids) => {
    await go(page, `/jpanel/settings/taxes/${ids.taxRate}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'tax form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete' }).click(), 'dialog', 'delete tax dialog');
  },
  'tribute-types': async (page) => {
    await go(page, '/jpanel/tribute-types');
    await heading(page, 'Tribute types');
    await mainRows(page);
    await expectAccessible(page, 'tribute types');
  },
  'tribute-types/new': async (page) => {
    await go(page, '/jpanel/tribute-types/new');
    await page.getByRole('button', { name: 'Create tribute type' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new tribute type with errors');
  },
  'tribute-types/:id': async (page, ids) => {
    await go(page, `/jpanel/tribute-types/${ids.tributeType}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'tribute type form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete' }).click(), 'dialog', 'delete tribute type dialog');
  },
  'membership-levels': async (page) => {
    await go(page, '/jpanel/membership-levels');
    await heading(page, 'Membership levels');
    await mainRows(page);
    await expectAccessible(page, 'membership levels');
  },
  'membership-levels/new': async (page) => {
    await go(page, '/jpanel/membership-levels/new');
    await page.getByRole('button', { name: 'Create membership level' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new membership level with errors');
  },
  'membership-levels/:id': async (page, ids) => {
    await go(page, `/jpanel/membership-levels/${ids.membershipLevel}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'membership level form');
    await checkOpened(page, () => page.getByRole('button', { name: 'Delete' }).click(), 'dialog', 'delete membership level dialog');
  },
  'memberships/renewals': async (page) => {
    await go(page, '/jpanel/memberships/renewals');
    await heading(page, 'Membership renewals due');
    await page.getByLabel('Days either side of today').waitFor();
    await expectAccessible(page, 'membership renewals');
  },
  'settings/shipping': async (page) => {
    await go(page, '/jpanel/settings/shipping');
    await heading(page, 'Shipping');
    await mainRows(page);
    await expectAccessible(page, 'shipping');
  },
  'settings/shipping/methods/new': async (page) => {
    await go(page, '/jpanel/settings/shipping/methods/new');
    await page.getByRole('button', { name: 'Create shipping method' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'new shipping method with errors');
  },
  'settings/shipping/methods/:id': async (page, ids) => {
    await go(page, `/jpanel/settings/shipping/methods/${ids.shippingMethod}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    await expectAccessible(page, 'shipping method form');
  },
  'recurring-payments': async (page) => {
    await go(page, '/jpanel/recurring-payments');
    await heading(page, 'Recurring payments');
    await mainRows(page);
    await expectAccessible(page, 'recurring payments');
    await checkOpened(page, () => page.getByRole('button', { name: 'Columns' }).click(), 'menu', 'recurring payments columns menu');
    await checkOpened(page, () => page.getByRole('button', { name: 'Save view' }).click(), 'dialog', 'save view dialog');
  },
  tributes: async (page) => {
    await go(page, '/jpanel/tributes');
    await heading(page, 'Tributes');
    await mainRows(page);
    await expectAccessible(page, 'tributes');
    await checkOpened(page, () => page.locator('tbody tr').first().click(), 'dialog', 'tribute modal from the list');
  },
  'fundraise/:tab': async (page) => {
    await go(page, '/jpanel/fundraise/pages');
    await heading(page, 'Fundraise');
    await mainRows(page);
    await expectAccessible(page, 'fundraise pages tab');
    await go(page, '/jpanel/fundraise/fundraisers');
    await page.getByRole('columnheader', { name: 'Active pages' }).waitFor();
    await mainRows(page);
    await expectAccessible(page, 'fundraise fundraisers tab');
  },
  media: async (page) => {
    await go(page, '/jpanel/media');
    await heading(page, 'Media library');
    await page.getByLabel('Search images').waitFor();
    await page.getByLabel('Loading images').waitFor({ state: 'detached' });
    await expectAccessible(page, 'media library');
    await go(page, '/jpanel/media?type=downloads');
    await page.getByTestId('library-file').first().waitFor();
    await expectAccessible(page, 'media library: downloads');
  },
  '*': async (page) => {
    await go(page, '/jpanel/no-such-screen');
    await heading(page, 'Page not found');
    await expectAccessible(page, 'page not found');
  },
};

/** Signed-out screens. */
export const publicVisits: Record<string, (page: Page) => Promise<void>> = {
  '/login': async (page) => {
    await page.goto('/jpanel/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await expectAccessible(page, 'sign in');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'sign in with errors');
  },
  '/forgot-password': async (page) => {
    await page.goto('/jpanel/forgot-password');
    await heading(page, 'Forgot your password?');
    await expectAccessible(page, 'forgot password');
    await page.getByRole('button', { name: 'Email password reset link' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await expectAccessible(page, 'forgot password with errors');
  },
  '/reset-password/:token': async (page) => {
    await page.goto('/jpanel/reset-password/not-a-real-token?email=someone%40example.org');
    await heading(page, 'Reset your password');
    await expectAccessible(page, 'reset password');
    await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
    await page.getByLabel('Confirm new password').fill('second-pass-3');
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('The password field confirmation does not match.').waitFor();
    await expectAccessible(page, 'reset password with errors');
  },
  // A gift link that is not valid; the valid page (card fields, payment) is checked in messenger.e2e.ts.
  '/give/:token': async (page) => {
    await page.goto('/jpanel/give/not-a-real-link');
    await heading(page, 'This gift link is not valid.');
    await expectAccessible(page, 'gift link not valid');
  },
  // A card link that is not valid; the valid page (card fields) is checked in recurring-change.e2e.ts.
  '/update-card/:token': async (page) => {
    await page.goto('/jpanel/update-card/not-a-real-link');
    await heading(page, 'This link is not valid. Please contact us for a new one.');
    await expectAccessible(page, 'update card link not valid');
  },
  '/two-factor-challenge': async (page) => {
    await page.goto('/jpanel/two-factor-challenge');
    await heading(page, 'Two-factor authentication');
    await expectAccessible(page, 'two-factor challenge');
    await page.getByRole('button', { name: /recovery code/i }).click();
    await page.getByText('Enter one of your emergency recovery codes.').waitFor();
    await expectAccessible(page, 'two-factor challenge, recovery code');
  },
};


export type Signedin = { ids: Ids; storageState: Awaited<ReturnType<BrowserContext['storageState']>> };

/** Signs in once and finds a record of each kind the screens open. */
export async function prepareScreens(browser: ReturnType<typeof useBrowser>): Promise<Signedin> {
  const ids: Ids = { contribution: 0, supporter: 0, user: 0, mail: 0, sponsee: 0, product: 0, paymentGroup: 0, promo: 0, segment: 0, category: 0, taxRate: 0, shippingMethod: 0, page: 0, feed: 0, post: 0, theme: 0, campaign: 0, role: 0, tributeType: 0, membershipLevel: 0 };
  const { context, page } = await browser.newPage();
  await startSession(page);
  const storageState = await context.storageState();
  const { data } = await apiCall<{ data: { id: number; supporter_id: number | null }[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { length: 50 });
  const linked = data.find((r) => r.supporter_id !== null)!;
  ids.contribution = linked.id;
  ids.supporter = linked.supporter_id!;
  const users = await apiCall<{ data: { id: number; email: string }[] }>(page, 'GET', '/jpanel/users.json');
  ids.user = users.data.find((u) => u.email !== ADMIN.email)?.id ?? users.data[0]!.id;
  ids.sponsee = (await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/sponsorship.ajax', { is_sponsored: '1' })).data[0]!.id;
  ids.product = (await apiCall<{ id: number }[]>(page, 'GET', '/jpanel/products.json?query=membership'))[0]!.id;
  ids.paymentGroup = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/payment_groups.json')).data[0]!.id;
  ids.promo = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/promos.json')).data[0]!.id;
  ids.segment = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/segments.json')).data[0]!.id;
  ids.category = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/product_categories.json')).data[0]!.id;
  ids.taxRate = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/settings/taxes.json')).data[0]!.id;
  ids.campaign = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/campaigns.json')).data[0]!.id;
  ids.tributeType = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/tribute-types.json')).data[0]!.id;
  ids.membershipLevel = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/memberships/levels.json')).data[0]!.id;
  ids.role = (await apiCall<{ id: number }>(page, 'POST', '/jpanel/roles', { name: `Finance ${Date.now() % 1_000_000}`, permissions: ['order.view', 'transaction.view'] })).id;
  ids.shippingMethod = (await apiCall<{ methods: { id: number }[] }>(page, 'GET', '/jpanel/settings/shipping.json')).methods[0]!.id;
  ids.page = (await apiCall<{ data: { id: number; title: string }[] }>(page, 'GET', '/jpanel/pages.json')).data.find((p) => p.title === 'Home')!.id;
  ids.feed = (await apiCall<{ data: { id: number; is_podcast: boolean }[] }>(page, 'GET', '/jpanel/feeds.json')).data.find((f) => f.is_podcast)!.id;
  ids.post = (await apiCall<{ data: { id: number }[] }>(page, 'GET', `/jpanel/feeds/${ids.feed}/posts.json`)).data[0]!.id;
  ids.theme = (await apiCall<{ data: { id: number; handle: string }[] }>(page, 'GET', '/jpanel/themes.json')).data.find((t) => t.handle === 'hope')!.id;
  // A user created without a password is sent an invitation: a message for the outbox screens.
  await apiCall(page, 'POST', '/jpanel/users', { first_name: 'Axe', last_name: 'Invitee', email: `axe.${Date.now() % 1_000_000}@example.org` });
  for (let i = 0; i < 50 && !ids.mail; i++) {
    ids.mail = (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/mail.json')).data[0]?.id ?? 0;
    if (!ids.mail) await page.waitForTimeout(200);
  }
  await context.close();
  return { ids, storageState };
}

/** The signed-in routes this file checks: every `parts`-th, starting at `part` (1-based). */
export function routesOfPart(part: number, parts: number): string[] {
  return Object.keys(shellVisits)
    .sort()
    .filter((_, i) => i % parts === part - 1);
}

/** How many files share the signed-in routes (e2e/a11y.e2e.ts and e2e/a11y-N.e2e.ts). */
export const A11Y_PARTS = 4;

/**
 * Declares this file's share of the signed-in screens, one test per route, so each screen has its
 * own time budget and a failure names its route. Answers the file's browser for its other tests.
 */
export function checkScreensOfPart(part: number) {
  const browser = useBrowser();
  let signedIn: Signedin;
  // One page for the file's screens, each opened from the last (see `go`); a screen that failed
  // may have left anything behind, so the next one starts in a fresh context.
  let shared: { context: BrowserContext; page: Page } | undefined;
  beforeAll(async () => {
    signedIn = await prepareScreens(browser);
  });
  describe(`every screen passes axe (part ${part} of ${A11Y_PARTS})`, () => {
    it.each(routesOfPart(part, A11Y_PARTS))('signed-in screen /jpanel/%s, with its menus, drawers and dialogs', async (path) => {
      shared ??= await browser.newPage();
      const { context, page } = shared;
      browser.watch(page);
      if (!(await context.cookies()).length) await context.addCookies(signedIn.storageState.cookies);
      let passed = false;
      try {
        await shellVisits[path]!(page, signedIn.ids);
        passed = true;
      } finally {
        if (!passed) {
          shared = undefined;
          // After the failure is reported with what the page showed (useBrowser's afterEach).
          onTestFinished(() => context.close());
        }
      }
    });
  });
  return browser;
}
