import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ADMIN, screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

/** Screenshots wait for the shell's preloader to go and for modal transitions to settle. */
async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  // Every screen this file photographs is also checked by axe.
  await expectAccessible(page, name);
}
const suffix = attemptStamp();

async function openUsers(page: Page) {
  await signInAt(page, '/jpanel/users');
  await page.getByRole('heading', { name: 'Users', exact: true }).waitFor();
}

const me = (baseUrl: string, token: string) =>
  fetch(`${baseUrl}/jpanel/api/v1/me`, { headers: { authorization: `Bearer ${token}` } });

it('creates a user with permissions, regenerates their API token and deletes them', async () => {
  const { page, context } = await browser.newPage();
  await openUsers(page);
  await screenshot(page, 'users-list');

  await page.getByRole('link', { name: 'Add user' }).click();
  await page.getByRole('heading', { name: 'Add user' }).waitFor();
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByText('Please fill this field.').first().waitFor();
  await screenshot(page, 'user-new-errors');

  const email = `grace.${suffix()}@example.org`;
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('555-0199');
  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByText('Password must be at least 8 characters long.').waitFor();
  await page.getByLabel('Password', { exact: true }).fill('compiler-1952');

  // The admin checkbox shows and hides the permission section.
  const admin = page.getByLabel('Admin user');
  expect(await admin.isChecked()).toBe(true);
  await admin.uncheck();
  expect(await page.getByLabel('Account administrator: all permissions').count()).toBe(0);
  await admin.check();
  await page.getByLabel('View supporters').check();
  await page.getByLabel('Edit contributions').check();
  await screenshot(page, 'user-new');
  await page.getByRole('button', { name: 'Create user' }).click();

  await page.waitForURL(/\/jpanel\/users\/\d+$/);
  await page.getByRole('heading', { name: 'Grace Hopper' }).waitFor();
  await page.getByText('Saved').waitFor();
  expect(await page.getByLabel('View supporters').isChecked()).toBe(true);

  await page.getByRole('button', { name: 'Generate token' }).click();
  const tokenBox = page.getByTestId('api-token');
  await tokenBox.waitFor();
  const first = (await tokenBox.textContent()) ?? '';
  expect(first).toHaveLength(60);
  await screenshot(page, 'user-api-token');
  const answer = await me(browser.baseUrl, first);
  expect(answer.status).toBe(200);
  expect(await answer.json()).toMatchObject({ email, permissions: expect.arrayContaining(['member.view', 'order.edit']) });

  await page.getByRole('button', { name: 'Regenerate', exact: true }).click();
  const regenerate = page.getByRole('dialog', { name: 'Regenerate API token?' });
  await regenerate.getByRole('button', { name: 'Regenerate' }).click();
  await expect.poll(() => tokenBox.textContent()).not.toBe(first);
  expect((await me(browser.baseUrl, first)).status).toBe(401);
  expect((await me(browser.baseUrl, (await tokenBox.textContent()) ?? '')).status).toBe(200);

  await page.getByRole('button', { name: 'Delete user' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete user' });
  await confirm.getByText('Are you sure you want to delete Grace Hopper?').waitFor();
  await screenshot(page, 'user-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForURL(/\/jpanel\/users$/);
  await page.getByText('Grace Hopper deleted successfully.').waitFor();
  expect(await page.getByRole('cell', { name: email }).count()).toBe(0);
  await context.close();
});

it('puts the server’s validation errors on the fields', async () => {
  const { page, context } = await browser.newPage();
  await openUsers(page);
  await page.goto('/jpanel/users/new');
  await page.getByLabel('First name').fill('Dup');
  await page.getByLabel('Last name').fill('Licate');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Create user' }).click();
  await page.getByText(`The email '${ADMIN.email}' is already in use. Please use a different email address.`).waitFor();
  expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
  await screenshot(page, 'user-new-duplicate-email');
  await context.close();
});
