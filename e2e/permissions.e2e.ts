import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ADMIN, signIn, useBrowser } from './support/browser.ts';
import { apiCall, downloadLines, exportItem, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Limited staff see only what they may use: every control and link below is checked absent (or
 * present) from the user's own permissions, the same rule the server applies to its routes.
 */
const browser = useBrowser();
const suffix = Date.now() % 1_000_000;
const PASSWORD = 'limited-user-1';

type Row = { id: number; supporter_id: number | null };
const ids = { contribution: 0, supporter: 0, weakUser: 0, adminUser: 0 };

async function createUser(page: Page, name: string, permissions: string[]) {
  const email = `${name}.${suffix}@example.org`;
  const user = await apiCall<{ id: number }>(page, 'POST', '/jpanel/users', {
    first_name: 'Limited',
    last_name: name,
    email,
    password: PASSWORD,
    is_admin_user: true,
    permissions,
  });
  return { email, id: user.id };
}

const users = {} as Record<'orders' | 'supporters' | 'userEditor' | 'userViewer', { email: string; id: number }>;

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const { data } = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { length: 50 });
  const linked = data.find((r) => r.supporter_id !== null);
  expect(linked).toBeDefined();
  ids.contribution = linked!.id;
  ids.supporter = linked!.supporter_id!;
  users.orders = await createUser(page, 'orders', ['order.view']);
  users.supporters = await createUser(page, 'supporters', ['member.view']);
  users.userEditor = await createUser(page, 'usereditor', ['user.edit', 'member.edit']);
  users.userViewer = await createUser(page, 'userviewer', ['user.view']);
  ids.weakUser = (await createUser(page, 'weak', ['member.view'])).id;
  const list = await apiCall<{ data: { id: number; email: string }[] }>(page, 'GET', '/jpanel/users.json');
  ids.adminUser = list.data.find((u) => u.email === ADMIN.email)!.id;
  await context.close();
});

async function signedInAs(user: { email: string }) {
  const { context, page } = await browser.newPage();
  await signIn(page, user.email, PASSWORD);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  return { context, page };
}

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
const count = (page: Page, role: Parameters<Page['getByRole']>[0], name: string | RegExp) => page.getByRole(role, { name, exact: typeof name === 'string' }).count();

describe('a user who may only view contributions', () => {
  it('sees contributions without actions they cannot take, and the supporter as plain text', async () => {
    const { context, page } = await signedInAs(users.orders);
    expect(await sidebar(page).getByRole('link', { name: 'Contributions' }).count()).toBe(1);
    for (const name of ['Supporters', 'Users', 'Settings']) expect(await sidebar(page).getByText(name, { exact: true }).count(), name).toBe(0);

    await page.goto('/jpanel/contributions');
    await page.locator('tbody tr').first().waitFor();
    // With nothing selected the bulk actions are in one menu (issue 41): only Export is offered.
    await page.getByRole('button', { name: 'Bulk actions' }).click();
    await page.getByRole('menuitem', { name: 'Export selected' }).waitFor();
    for (const action of ['Mark fulfilled', 'Mark unfulfilled', 'Mark as spam', 'Spam & refund', 'Delete']) {
      expect(await count(page, 'menuitem', action), action).toBe(0);
      expect(await count(page, 'button', action), action).toBe(0);
    }
    await page.keyboard.press('Escape');
    await page.getByRole('menuitem', { name: 'Export selected' }).waitFor({ state: 'hidden' });
    const { lines } = await downloadLines(page, await exportItem(page, 'Export CSV'));
    expect(lines[0]).toContain('Contribution Number');
    await screenshot(page, 'limited-orders-list');

    await page.goto(`/jpanel/contributions/${ids.contribution}`);
    await page.getByRole('region', { name: 'Supporter' }).waitFor();
    expect(await page.locator(`a[href$="/supporters/${ids.supporter}"]`).count()).toBe(0);
    for (const action of ['Delete', 'Mark fulfilled', 'Mark unfulfilled']) expect(await count(page, 'button', action), action).toBe(0);
    await screenshot(page, 'limited-orders-contribution');
    await expectAccessible(page, 'contribution, limited user');

    // Home offers only the areas they may open; a settings address typed by hand has no form.
    await page.goto('/jpanel/');
    await page.getByRole('heading', { name: 'Go to' }).waitFor();
    expect(await count(page, 'link', 'Contributions')).toBeGreaterThan(0);
    for (const name of ['Supporters', 'Users', 'Organisation']) expect(await page.getByRole('main').getByRole('link', { name, exact: true }).count(), name).toBe(0);
    await page.goto('/jpanel/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    expect(await count(page, 'button', 'Save')).toBe(0);
    await screenshot(page, 'limited-orders-settings');
    await context.close();
  });
});

describe('a user who may only view supporters', () => {
  it('sees a supporter without links into contributions', async () => {
    const { context, page } = await signedInAs(users.supporters);
    expect(await sidebar(page).getByText('Contributions', { exact: true }).count()).toBe(0);
    await page.goto(`/jpanel/supporters/${ids.supporter}`);
    // The record's sections since issue 36: Gifts needs order.view, the activity does not.
    await page.getByRole('region', { name: 'Activity', exact: true }).waitFor();
    expect(await page.locator('a[href*="/contributions"]').count()).toBe(0);
    expect(await count(page, 'link', 'View all')).toBe(0);
    expect(await count(page, 'link', 'Contributions')).toBe(0);
    await screenshot(page, 'limited-supporters-supporter');
    await page.goto('/jpanel/supporters');
    await page.locator('tbody tr').first().waitFor();
    const { lines } = await downloadLines(page, await exportItem(page, 'Export CSV'));
    expect(lines.length).toBeGreaterThan(1);
    await screenshot(page, 'limited-supporters-list');
    await expectAccessible(page, 'supporters, limited user');

    // An export the server refuses says so, in the server's words, and saves nothing.
    const refusal = 'The export could not be made. Try again in a moment.';
    await page.route(/\/jpanel\/supporters\.csv/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: refusal }) }));
    let downloads = 0;
    page.on('download', () => downloads++);
    await (await exportItem(page, 'Export CSV')).click();
    await page.getByText(refusal).waitFor();
    await screenshot(page, 'limited-supporters-export-failed');
    await expectAccessible(page, 'supporters, export refused');
    expect(downloads).toBe(0);
    await context.close();
  });
});

describe('staff with user.edit and member.edit', () => {
  it('offers only permissions they hold, and manages only users below them', async () => {
    const { context, page } = await signedInAs(users.userEditor);
    await page.goto('/jpanel/users/new');
    await page.getByRole('button', { name: 'Create user' }).waitFor();
    expect(await page.getByLabel('View supporters').count()).toBe(1);
    expect(await page.getByLabel('Edit users').count()).toBe(1);
    for (const label of ['Edit contributions', 'View contributions', 'Account administrator: all permissions']) {
      expect(await page.getByLabel(label).count(), label).toBe(0);
    }
    await screenshot(page, 'limited-user-editor-new');

    await page.goto(`/jpanel/users/${ids.weakUser}`);
    await page.getByRole('button', { name: 'Save' }).waitFor();
    expect(await count(page, 'button', 'Delete user')).toBe(1);
    expect(await count(page, 'button', 'Generate token')).toBe(1);

    await page.goto(`/jpanel/users/${ids.adminUser}`);
    await page.getByText('You can view this user but not change them').waitFor();
    for (const name of ['Save', 'Delete user', 'Generate token', 'Regenerate', 'Turn off two-factor']) {
      expect(await count(page, 'button', name), name).toBe(0);
    }
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await screenshot(page, 'limited-user-editor-admin');
    await expectAccessible(page, 'user form, read only');
    await context.close();
  });
});

describe('staff who may only view users', () => {
  it('has no Add user and no form', async () => {
    const { context, page } = await signedInAs(users.userViewer);
    await page.goto('/jpanel/users');
    await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect(await count(page, 'link', 'Add user')).toBe(0);
    await page.goto(`/jpanel/users/${ids.weakUser}`);
    await page.getByText('You can view users but not change them.').waitFor();
    expect(await count(page, 'button', 'Save')).toBe(0);
    expect(await count(page, 'button', 'Delete user')).toBe(0);
    await screenshot(page, 'limited-user-viewer');
    await page.goto('/jpanel/users/new');
    await page.getByText('No access').waitFor();
    expect(await count(page, 'button', 'Create user')).toBe(0);
    await context.close();
  });
});
