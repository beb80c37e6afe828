import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 36 item 1: add a supporter by hand from the supporters list, see a possible duplicate
 * before saving, then correct their address from their page and find the change in their history.
 */
const browser = useBrowser();

/** Types into a searchable select, as staff do with a long list, and picks the option. */
async function pick(page: Page, label: string, typed: string, option = typed) {
  const box = page.getByRole('textbox', { name: label, exact: true }).or(page.getByRole('combobox', { name: label, exact: true }));
  await box.click();
  await box.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('adds a supporter with an address, warns of a duplicate, then corrects the address with history', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  const email = `grace.${stamp}@example.org`;
  await signIn(page, undefined, undefined, '/jpanel/supporters');

  await page.getByRole('link', { name: 'Add supporter' }).click();
  await page.getByRole('heading', { name: 'Add supporter' }).waitFor();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill(`Hopper${stamp}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 555 010 2030');
  await page.getByRole('textbox', { name: 'Billing address: street' }).fill('1 Navy Way');
  await page.getByRole('textbox', { name: 'Billing address: city' }).fill('Arlington');
  await pick(page, 'Billing address: country', 'United States of', 'United States of America');
  await pick(page, 'Billing address: state', 'Virginia');
  await page.getByRole('textbox', { name: 'Billing address: postcode' }).fill('22201');
  // The contract's own check, before any round trip; Enter submits as everywhere.
  await page.getByRole('textbox', { name: 'Billing address: postcode' }).press('Enter');
  await page.getByText('Email must be valid').waitFor();
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await expectAccessible(page, 'add supporter, filled');
  await screenshot(page, 'supporter-add');
  await page.getByRole('button', { name: 'Add supporter' }).click();

  await page.getByText(`Grace Hopper${stamp} was added.`).waitFor();
  await page.waitForURL(/\/jpanel\/supporters\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('heading', { name: `Grace Hopper${stamp}`, level: 2 }).waitFor();
  const stored = await apiCall<{ supporter: Record<string, unknown> }>(page, 'GET', `/jpanel/supporters/${id}`);
  expect(stored.supporter).toMatchObject({ email, bill_country: 'US', bill_state: 'VA', bill_zip: '22201', bill_phone: '+1 555 010 2030' });

  // A second form with the same e-mail names the first before anything is saved.
  await page.goto('/jpanel/supporters/new');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email.toUpperCase());
  const warning = page.getByRole('status').filter({ hasText: 'This may be someone already here' });
  await warning.getByRole('link', { name: `Grace Hopper${stamp}` }).waitFor();
  await warning.getByText('(same e-mail)').waitFor();
  await expectAccessible(page, 'add supporter, possible duplicate');
  await screenshot(page, 'supporter-add-duplicate');
  await warning.getByRole('link', { name: `Grace Hopper${stamp}` }).click();
  // Leaving the half-filled form asks first.
  await page.getByRole('dialog', { name: 'Leave without saving?' }).getByRole('button', { name: 'Leave without saving' }).click();
  await page.waitForURL(new RegExp(`/jpanel/supporters/${id}$`));

  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  const city = page.getByRole('textbox', { name: 'Billing address: city' });
  await expect.poll(() => city.inputValue()).toBe('Arlington');
  await city.fill('Alexandria');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText(`Grace Hopper${stamp} was saved.`).waitFor();
  expect((await apiCall<{ supporter: Record<string, unknown> }>(page, 'GET', `/jpanel/supporters/${id}`)).supporter.bill_city).toBe('Alexandria');

  await page.getByRole('link', { name: `Grace Hopper${stamp}` }).first().click();
  const history = page.getByRole('region', { name: 'History', exact: true });
  await history.getByText('Alexandria').first().waitFor();
  await history.getByText('Changed by Demo Administrator').first().waitFor();
  await screenshot(page, 'supporter-edited');
  await context.close();
});
