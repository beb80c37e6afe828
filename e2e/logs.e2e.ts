import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { apiCall } from './support/listing.ts';
import { screenshot, signIn, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';

/** Issue 16 items 2 and 3: a failed background job shows in the log viewer; only account administrators see it. */
const browser = useBrowser();
const suffix = attemptStamp();
const PASSWORD = 'limited-user-1';

it('shows a failed job in the log viewer, filtered, with its context', async () => {
  const { page } = await browser.newPage({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  // The SMTP server refuses bounce.test for good: a failed mail_send job, hence an error entry.
  await apiCall(page, 'POST', '/jpanel/users', { first_name: 'Lo', last_name: 'Invitee', email: `lo.${suffix()}@bounce.test`, is_admin_user: true });
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Log viewer', exact: true }).click();
  await page.getByRole('heading', { name: 'Log viewer' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: 'Mail send job failed' }).first();
  await expect.poll(async () => { await page.reload(); await page.getByRole('heading', { name: 'Log viewer' }).waitFor(); return row.isVisible(); }, { timeout: 30_000, interval: 2000 }).toBe(true);
  expect(await page.getByText(`lo.${suffix()}`).count()).toBe(0);

  await page.getByLabel('Level', { exact: true }).first().click();
  await page.getByRole('option', { name: 'Error' }).click();
  await page.waitForURL(/level=error/);
  await page.getByRole('textbox', { name: 'Search messages and context' }).fill('mail_send');
  await page.keyboard.press('Enter');
  await page.waitForURL(/search=mail_send/);
  await row.waitFor();
  expect(await page.getByRole('row').filter({ hasText: 'Warning' }).count()).toBe(0);
  await row.getByRole('button', { name: /^Show context/ }).click();
  const context = page.getByLabel('Context', { exact: true }).first();
  await context.waitFor();
  expect(await context.textContent()).toContain('"queue": "mail_send"');
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await screenshot(page, 'logs-viewer');
  await expectAccessible(page, 'log viewer, filtered, context open');
});

it('is hidden from staff who are not account administrators', async () => {
  const { page, context } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const email = `logs.staff.${suffix()}@example.org`;
  await apiCall(page, 'POST', '/jpanel/users', { first_name: 'Staff', last_name: 'Logs', email, password: PASSWORD, is_admin_user: true, permissions: ['admin.general', 'user.edit'] });
  await context.close();
  const staff = await browser.newPage();
  await signIn(staff.page, email, PASSWORD);
  await staff.page.getByRole('button', { name: 'Account menu' }).waitFor();
  expect(await staff.page.getByRole('link', { name: 'Log viewer' }).count()).toBe(0);
  await staff.page.goto('/jpanel/logs');
  await staff.page.getByText('No access').waitFor();
  expect(await staff.page.getByRole('table', { name: 'Log entries' }).count()).toBe(0);
});
