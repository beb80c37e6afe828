import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { apiCall } from './support/listing.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

/** Issue 7 items 1 and 3: the Background jobs page (retry included) and the mail outbox. */
const browser = useBrowser();
const suffix = Date.now() % 1_000_000;

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
  const email = `bo.${suffix}@bounce.test`;
  // The SMTP server refuses bounce.test for good: a failed mail and a failed job.
  await invite(page, 'Bo', email);

  await openFromSidebar(page, 'Background jobs');
  await page.getByRole('heading', { name: 'Background jobs' }).waitFor();
  await expectAccessible(page, 'background jobs');
  await page.getByText('Failed', { exact: true }).click();
  const row = page.getByRole('row').filter({ hasText: 'Mail send' }).filter({ hasText: '550' }).first();
  await row.waitFor({ timeout: 20_000 });
  expect(await row.getByRole('progressbar').count()).toBe(1);
  await screenshot(page, 'jobs-failed');
  await expectAccessible(page, 'background jobs, failed');

  await row.getByRole('button', { name: /^Retry/ }).click();
  await page.getByText('The job will run again shortly.').waitFor();
  await page.getByText('Finished', { exact: true }).click();
  await page.getByRole('row').filter({ hasText: 'Mail send' }).first().waitFor();
  await screenshot(page, 'jobs-finished');
  await expectAccessible(page, 'background jobs, finished');
});

it('shows the mail outbox and a message with its HTML in a sandboxed frame', async () => {
  const { page } = await browser.newPage({ width: 1440, height: 900 });
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const email = `cy.${suffix}@example.org`;
  await invite(page, 'Cy', email);

  await openFromSidebar(page, 'Mail outbox');
  await page.getByRole('heading', { name: 'Mail outbox' }).waitFor();
  const row = page.getByRole('row').filter({ hasText: email });
  await row.getByText('Sent').waitFor({ timeout: 20_000 });
  await screenshot(page, 'mail-outbox');
  await expectAccessible(page, 'mail outbox');

  await row.getByRole('link').click();
  await page.getByRole('heading', { name: /invited/ }).waitFor();
  const frame = page.frameLocator('iframe[title="Message as HTML"]');
  await frame.getByText('Hello Cy,').waitFor();
  expect(await page.locator('iframe[title="Message as HTML"]').getAttribute('sandbox')).toBe('');
  await screenshot(page, 'mail-message');
  await expectAccessible(page, 'mail message');
  await page.getByRole('tab', { name: 'Text' }).click();
  await page.getByText(/\/jpanel\/reset-password\//).waitFor();
});
