import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
}

// A day no other run used, so the rate is new each time (one rate per currency per day).
const day = new Date(Date.UTC(2001, 0, 1) + (Date.now() % 3_000) * 86_400_000).toISOString().slice(0, 10);

it('adds an exchange rate on the exchange-rates screen, refusing a bad one with its field message', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/settings/exchange-rates');
  await page.getByRole('heading', { name: 'Exchange rates', exact: true }).waitFor();
  // A new rate starts on the organisation's today as the server says it, not the browser's day.
  const session = await apiCall<{ today: string }>(page, 'GET', '/jpanel/auth/session');
  expect(await page.getByLabel('Effective from').inputValue()).toBe(session.today);

  await page.getByLabel('Currency').fill('CAD');
  await page.getByLabel(/^Rate in /).fill('0');
  await page.getByLabel('Effective from').fill(day);
  await page.getByRole('button', { name: 'Add rate' }).click();
  await page.getByText('Enter a rate above 0, for example 1.35.').waitFor();
  await screenshot(page, 'exchange-rates-error');

  await page.getByLabel(/^Rate in /).fill('0.7312');
  await page.getByRole('button', { name: 'Add rate' }).click();
  await page.getByText('Exchange rate saved.').waitFor();
  const row = page.locator(`[data-rate="CAD-${day}"]`);
  await row.waitFor();
  expect(await row.innerText()).toContain('0.7312');
  await screenshot(page, 'exchange-rates');
  // Checked once the toast has gone: the theme's toast and error colours are the shell's, judged there.
  await page.getByText('Exchange rate saved.').waitFor({ state: 'detached', timeout: 15_000 });
  await expectAccessible(page, 'exchange rates');

  // The same currency and day again is refused on the date field.
  await page.getByLabel('Currency').fill('CAD');
  await page.getByLabel(/^Rate in /).fill('0.8');
  await page.getByLabel('Effective from').fill(day);
  await page.getByRole('button', { name: 'Add rate' }).click();
  await page.getByText('This currency already has a rate on that date.').waitFor();
});

it('imports a file of rates: a bad row imports none and is named, the fixed file imports every row', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/settings/exchange-rates');
  await page.getByRole('heading', { name: 'Exchange rates', exact: true }).waitFor();

  const next = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const file = (rate: string) => ({
    name: 'rates.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Currency,Rate,Effective On\nEUR,1.0843,${next(1)}\nEUR,${rate},${next(2)}\n`),
  });
  await page.locator('input[type=file]').setInputFiles(file('abc'));
  await page.getByRole('button', { name: 'Import 2 rates' }).click();
  await page.getByText('Nothing was imported: fix the rows below and try again.').waitFor();
  await page.getByText('Row 2, Rate: Enter a rate above 0, for example 1.35.').waitFor();
  expect(await page.locator(`[data-rate="EUR-${next(1)}"]`).count()).toBe(0);
  await screenshot(page, 'exchange-rates-import-error');
  await expectAccessible(page, 'exchange rates import error');

  await page.locator('input[type=file]').setInputFiles(file('1.09'));
  await page.getByRole('button', { name: 'Import 2 rates' }).click();
  await page.getByText('2 exchange rates imported.').waitFor();
  const imported = page.locator(`[data-rate="EUR-${next(2)}"]`);
  await imported.waitFor();
  expect(await imported.innerText()).toContain('Imported');
});

it('saves the organisation time zone on the settings page', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/settings#organisation');
  const zone = page.locator('#setting-time_zone');
  await zone.waitFor();
  await expectAccessible(page, 'settings time zone');
  await zone.click();
  await zone.fill('Toronto');
  await page.getByRole('option', { name: 'America/Toronto' }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Updates saved.').first().waitFor();
  await screenshot(page, 'settings-time-zone');

  await page.reload();
  await zone.waitFor();
  expect(await zone.inputValue()).toBe('America/Toronto');

  // Back to UTC: other browser tests read dates in the default zone.
  await zone.click();
  await zone.fill('UTC');
  await page.getByRole('option', { name: 'UTC', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Updates saved.').first().waitFor();
});

it('counts the giving reports in financial years once the year is set to start in April (issue 37)', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/settings#organisation');
  const month = page.locator('#setting-fiscal_year_start_month');
  await month.waitFor();
  expect(await month.inputValue()).toBe('January');
  await month.click();
  await page.getByRole('option', { name: 'April', exact: true }).click();
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('Updates saved.').first().waitFor();
  try {
    await page.goto('/jpanel/reports/donor-retention');
    await page.getByRole('heading', { name: 'Donor retention', exact: true }).waitFor();
    await page.getByText(/Per year \(financial years \(Settings › Organisation\)\)/).waitFor();
    // Each year is named by the calendar year it ends in, with its months.
    await page.getByRole('cell', { name: /^FY \d{4} \(Apr \d{4} – Mar \d{4}\)$/ }).first().waitFor();
    await screenshot(page, 'donor-retention-financial-years');
    await expectAccessible(page, 'donor retention in financial years');
  } finally {
    // Back to calendar years: other browser tests read the reports' years as calendar years.
    await apiCall(page, 'POST', '/jpanel/settings', { fiscal_year_start_month: 1 });
  }
});
