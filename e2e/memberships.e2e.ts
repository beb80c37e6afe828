import { membershipMessages as m } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';
import { dismissToasts } from './support/toasts.ts';

/**
 * Issue 38 item 1: a membership level created in Settings, granted to a supporter from their page
 * with a reason and a member number, extended and ended, then found on the renewals list and sent
 * a reminder. The level and the supporter are the test's own.
 */
const browser = useBrowser();
const attempt = attemptStamp();

async function toastSays(page: Page, message: string) {
  await page.locator('[data-toast]').getByText(message).waitFor();
  await dismissToasts(page);
}

/** An ISO day `days` from the app's today: the server's clock, from its answer's Date header. */
async function dayFromToday(page: Page, days: number): Promise<string> {
  const date = (await page.request.get('/jpanel/auth/session', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).headers().date;
  if (!date) throw new Error('The server sent no Date header.');
  const now = new Date(date);
  now.setUTCDate(now.getUTCDate() + days);
  return now.toISOString().slice(0, 10);
}

it('creates a level, grants, extends and ends a membership with reasons, and reminds a member due to renew', async () => {
  const stamp = attempt();
  const level = `Patron ${stamp}`;
  const { page } = await browser.newPage();
  await signIn(page, undefined, undefined, '/jpanel/membership-levels');
  await page.getByRole('link', { name: 'Add membership level' }).click();
  await page.getByLabel('Name').fill(level);
  await page.getByLabel('Length (days)').fill('0');
  await page.getByRole('button', { name: 'Create membership level' }).click();
  await expect.poll(() => page.getByText(m.duration).count()).toBe(1);
  await page.getByLabel('Length (days)').fill('365');
  await page.getByLabel('Price').fill('120');
  await page.getByRole('button', { name: 'Create membership level' }).click();
  await toastSays(page, m.levelCreated(level));
  await screenshot(page, 'membership-level');

  const { supporter } = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Mira', last_name: `Member${stamp}`, email: `mira.${stamp}@example.org` });
  await page.goto(`/jpanel/supporters/${supporter.id}`);
  await page.getByRole('button', { name: 'Grant membership' }).click();
  const grant = page.getByRole('dialog', { name: 'Grant membership' });
  await grant.getByRole('combobox', { name: 'Level' }).click();
  await page.getByRole('option', { name: `${level} (365 days)` }).click();
  await grant.getByLabel('Membership number').fill(`M-${stamp}`);
  await grant.getByRole('button', { name: 'Grant membership' }).click();
  await expect.poll(() => grant.getByText(m.reason).count()).toBe(1);
  await grant.getByLabel('Why, for the record').fill('Joined at the spring fair, paid cash.');
  await screenshot(page, 'membership-grant');
  await grant.getByRole('button', { name: 'Grant membership' }).click();
  await toastSays(page, m.granted(level));
  await page.getByText(`Membership number M-${stamp}`).waitFor();

  // Ended early (moved away), then extended again after a call: both in the membership's history.
  await page.getByRole('button', { name: `End ${level} membership`, exact: true }).click();
  const end = page.getByRole('dialog', { name: 'End membership' });
  await end.getByLabel('Why, for the record').fill('Moved abroad.');
  await end.getByRole('button', { name: 'End membership' }).click();
  await page.locator('[data-toast]').getByText(/membership ended on/).waitFor();
  await dismissToasts(page);
  const soon = await dayFromToday(page, 10);
  await page.getByRole('button', { name: `Extend ${level} membership`, exact: true }).click();
  const extend = page.getByRole('dialog', { name: 'Extend membership' });
  await extend.getByLabel('New expiry date').fill(soon);
  await extend.getByLabel('Why, for the record').fill('Came back; renewed by phone.');
  await extend.getByRole('button', { name: 'Extend membership' }).click();
  await page.locator('[data-toast]').getByText(/membership now expires on/).waitFor();
  await dismissToasts(page);
  await page.getByRole('button', { name: `Extend ${level} membership`, exact: true }).click();
  await page.getByRole('dialog', { name: 'Extend membership' }).getByText('Came back; renewed by phone.').first().waitFor();
  await screenshot(page, 'membership-history');
  await page.keyboard.press('Escape');

  await page.goto('/jpanel/memberships/renewals');
  const name = `Mira Member${stamp}`;
  await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
  await screenshot(page, 'membership-renewals');
  await page.getByRole('button', { name: 'Send 1 reminder' }).click();
  await toastSays(page, m.remindersSent(1));
  const due = await apiCall<{ data: { supporter_id: number; reminded_at: string | null }[] }>(page, 'GET', '/jpanel/memberships/renewals.json');
  expect(due.data.find((r) => r.supporter_id === supporter.id)?.reminded_at).toEqual(expect.any(String));
});
