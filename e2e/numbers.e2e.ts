import type { PhoneNumber } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const listNumbers = (page: Page) =>
  page.evaluate(async () => {
    const r = await fetch('/jpanel/api/v1/messenger/phone-numbers', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return ((await r.json()) as { data: PhoneNumber[] }).data;
  });

// An area code of this run's own, so other runs' numbers never appear in its search.
const area = String(200 + (Date.now() % 700));

it('searches local numbers, provisions one, adds a keyword and releases it after the question', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/messenger/numbers');
  await page.getByRole('heading', { name: 'Text-to-give numbers' }).waitFor();
  await page.getByRole('button', { name: 'Add a number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a text-to-give number' });
  // Local needs an area code: the server's words come back with the status text.
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByText('Unprocessable Entity: Area code is required for local phone numbers.').waitFor();
  await dialog.getByLabel('Area code').fill('000');
  await dialog.getByRole('button', { name: 'Search' }).click();
  await dialog.getByText('No phone numbers available for this search.').waitFor();
  await dialog.getByLabel('Area code').fill(area);
  await dialog.getByRole('button', { name: 'Search' }).click();
  const first = `1 (${area}) 555-0103`;
  await dialog.getByRole('cell', { name: first, exact: true }).waitFor();
  await dialog.getByRole('cell', { name: `+1${area}5550103` }).waitFor();
  await screenshot(page, 'numbers-search-results');
  await dialog.getByRole('button', { name: `Choose ${first}` }).click();
  await page.getByText(`Phone number ${first} successfully provisioned`).waitFor();
  // 700 ms later the list reloads with the new number and the modal is gone.
  await dialog.waitFor({ state: 'detached' });
  const row = page.getByRole('row').filter({ hasText: first });
  await row.waitFor();
  const made = (await listNumbers(page)).find((n) => n.full === `+1${area}5550103`);
  expect(made).toMatchObject({ type: 'local', country: 'US', area_code: area });

  const keyword = `HOPE${area}`;
  await row.getByLabel(`New keyword for ${first}`).fill(keyword.toLowerCase());
  await row.getByRole('button', { name: 'Add' }).click();
  await page.getByText(`Keyword ${keyword} added.`).waitFor();
  await row.getByText(keyword, { exact: true }).waitFor();
  await screenshot(page, 'numbers-list');

  await row.getByRole('button', { name: `Release ${first}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Release number' });
  await confirm.getByText(`Are you sure you want to delete ${first}?`).waitFor();
  // A destructive question starts on Cancel: Enter keeps the number.
  expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await screenshot(page, 'numbers-release-confirm');
  await page.keyboard.press('Enter');
  await confirm.waitFor({ state: 'detached' });
  expect((await listNumbers(page)).some((n) => n.id === made?.id)).toBe(true);
  await row.getByRole('button', { name: `Release ${first}` }).click();
  await page.getByRole('dialog', { name: 'Release number' }).getByRole('button', { name: 'Release' }).click();
  await page.getByText(`${first} successfully released.`).waitFor();
  await row.waitFor({ state: 'detached' });
  expect((await listNumbers(page)).some((n) => n.id === made?.id)).toBe(false);
});

it('provisions a toll-free number only once the verification form is filled', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/messenger/numbers');
  await page.getByRole('button', { name: 'Add a number' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a text-to-give number' });
  await dialog.getByRole('radio', { name: 'Toll-free' }).check();
  expect(await dialog.getByLabel('Area code').isDisabled()).toBe(true);
  await dialog.getByRole('button', { name: 'Search' }).click();
  const choose = dialog.getByRole('button', { name: /^Choose 1 \(800\)/ }).first();
  await choose.waitFor();
  const chosen = ((await choose.getAttribute('aria-label')) ?? '').replace('Choose ', '');
  await choose.click();
  const form = dialog.getByRole('form', { name: 'Toll-free verification' });
  await form.getByLabel('Business name').fill('Hope Shelter');
  await form.getByRole('button', { name: 'Verify and provision' }).click();
  await form.getByText('Please ensure all fields above are filled').waitFor();
  expect(await form.getByLabel('Business website').getAttribute('aria-invalid')).toBe('true');
  await screenshot(page, 'numbers-verification-missing');
  await form.getByLabel('Business website').fill('https://hope.example.org');
  await form.getByLabel('Notification email').fill('ops@hope.example.org');
  await form.getByLabel('How will texts be used?').fill('Supporters text a keyword to give.');
  await form.getByLabel('Sample message').fill('Thank you! Complete your gift here.');
  await form.getByLabel('Monthly message volume').fill('1000');
  await form.getByRole('button', { name: 'Verify and provision' }).click();
  await page.getByText(`Phone number ${chosen} successfully provisioned`).waitFor();
  const row = page.getByRole('row').filter({ hasText: chosen });
  await row.getByText('pending review').waitFor();
  // Leave nothing behind for the next run: release it through the screen.
  await row.getByRole('button', { name: `Release ${chosen}` }).click();
  await page.getByRole('dialog', { name: 'Release number' }).getByRole('button', { name: 'Release' }).click();
  await page.getByText(`${chosen} successfully released.`).waitFor();
});
