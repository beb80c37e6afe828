import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { apiCall, exportItem } from './support/listing.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

/**
 * Issue 7 items 1 and 3: the Background jobs page (retry included) and the mail outbox; issue
 * 41: both on the server listing, with saved views and the one-place export.
 */
const browser = useBrowser();
/** A new stamp for each try: CI tries a failed test once more, and a retry must not meet its first try's user. */
const stamp = () => Date.now() % 1_000_000;

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
}

/** Follows a sidebar link in the Settings group, opening the group when it is closed. */
async function openFromSidebar(page: Page, name: string) {
  const settings = page.getByRole('button', { name: 'Settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  const link = page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name, exact: true });
  const href = (await link.getAttribute('href')) ?? '';
  await link.click();
  await page.waitForURL((url) => url.pathname === href);
}

/** A staff user created without a password: an invitation e-mail goes out through the mailer. */
const invite = (page: Page, first: string, email: string) =>
  apiCall(page, 'POST', '/jpanel/users', { first_name: first, last_name: 'Invitee', email, is_admin_user: true });

it('lists failed jobs with their error and retries one from the Background jobs page', async () => {
  const { page } = await browser.newPage({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const suffix = stamp();
  const email = `bo.${suffix}@bounce.test`;
  // The SMTP server refuses bounce.test for good: a failed mail and a failed job.
  await invite(page, 'Bo', email);

  await openFromSidebar(page, 'Background jobs');
  await page.getByRole('heading', { name: 'Background jobs' }).waitFor();
  await expectAccessible(page, 'background jobs');
  const which = page.getByRole('radiogroup', { name: 'Which jobs' });
  await which.getByText('Failed', { exact: true }).click();
  await page.waitForURL(/f\.status=failed/);
  const row = page.getByRole('row').filter({ hasText: 'Mail send' }).filter({ hasText: '550' }).first();
  await row.waitFor({ timeout: 20_000 });
  expect(await row.getByRole('progressbar').count()).toBe(1);
  await screenshot(page, 'jobs-failed');
  await expectAccessible(page, 'background jobs, failed');

  // The failed jobs as a saved view, and exported from the list's one Export menu.
  const view = `Failed jobs ${suffix}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save view' });
  await dialog.getByLabel('Name').fill(view);
  await dialog.getByLabel('Name').press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await (await exportItem(page, 'Background export')).click();
  const link = page.getByRole('link', { name: /^Download / });
  await link.waitFor({ timeout: 30_000 });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  const exported = parse(await readFile(await download.path(), 'utf8'), { columns: true }) as Record<string, string>[];
  expect(exported.length).toBeGreaterThan(0);
  expect(exported.every((r) => r.State === 'failed')).toBe(true);
  expect(exported.some((r) => r.Job === 'mail_send' && (r.Error ?? '').includes('550'))).toBe(true);

  await row.getByRole('button', { name: /^Retry/ }).click();
  await page.getByText('The job will run again shortly.').waitFor();
  await which.getByText('Finished', { exact: true }).click();
  await page.getByRole('row').filter({ hasText: 'Mail send' }).first().waitFor();
  await screenshot(page, 'jobs-finished');
  await expectAccessible(page, 'background jobs, finished');

  // Coming back later, the saved view brings the failed jobs back.
  await page.goto('/jpanel/jobs');
  await page.getByRole('heading', { name: 'Background jobs' }).waitFor();
  expect(page.url()).not.toMatch(/f\.status/);
  await page.getByRole('combobox', { name: 'Saved view' }).click();
  await page.getByRole('option', { name: view }).click();
  await page.waitForURL(/f\.status=failed/);
});

it('shows the mail outbox and a message with its HTML in a sandboxed frame', async () => {
  const { page } = await browser.newPage({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const email = `cy.${stamp()}@example.org`;
  await invite(page, 'Cy', email);

  await openFromSidebar(page, 'Mail outbox');
  await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByText('Sent').waitFor({ timeout: 20_000 });
  await screenshot(page, 'mail-outbox');
  await expectAccessible(page, 'mail outbox');

  // One recipient's messages: the filter narrows the list to this invitation.
  const recipient = page.getByRole('textbox', { name: 'Recipient', exact: true });
  await recipient.fill(email.toUpperCase());
  await recipient.press('Enter');
  await page.waitForURL(/f\.recipient=/);
  await expect.poll(() => page.locator('tbody tr').count()).toBe(1);

  await row.getByRole('link').first().click();
  await page.getByRole('heading', { name: /invited/ }).waitFor();
  const frame = page.frameLocator('iframe[title="Message as HTML"]');
  await frame.getByText('Hello Cy,').waitFor();
  expect(await page.locator('iframe[title="Message as HTML"]').getAttribute('sandbox')).toBe('');
  await screenshot(page, 'mail-message');
  await expectAccessible(page, 'mail message');
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByText(/\/jpanel\/reset-password\//).waitFor();
});
