import type { ShippingMethod, ShippingSettings, TaxRate } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, signInAt, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const read = <T>(page: Page, url: string) =>
  page.evaluate(async (path) => {
    const r = await fetch(path, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as unknown;
  }, url) as Promise<T>;

/** Picks `option` in the combobox labelled `label` by typing part of it. */
async function pick(page: Page, label: string, typed: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

it('creates a tax rate with a region and a product from the settings sidebar', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Taxes' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Taxes' }).click();
  await page.getByRole('heading', { name: 'Taxes', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'NY State Tax' }).waitFor();
  await screenshot(page, 'taxes-list');

  await page.getByRole('link', { name: 'Add tax' }).click();
  const code = `OR Tax ${Date.now() % 100000}`;
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Rate (%)').fill('7.12345');
  await page.getByRole('button', { name: 'Create tax' }).click();
  await page.getByText('Enter a rate from 0 to 100 with at most 4 decimals.').waitFor();
  await page.getByText('Choose a region of this country from the list.').waitFor();
  await page.getByLabel('Rate (%)').fill('6.5');
  await page.getByLabel('City').fill('Portland');
  // The first row starts on the United States.
  await pick(page, 'Region 1', 'Oreg', 'Oregon');
  // Choosing a region clears the error that asked for it.
  await page.getByText('Choose a region of this country from the list.').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Add region' }).click();
  await pick(page, 'Country 2', 'Canad', 'Canada');
  await pick(page, 'Region 2', 'Brit', 'British Columbia');
  await page.getByRole('combobox', { name: 'Charged on' }).fill('Mug');
  await page.getByRole('option', { name: /Coffee Mug/ }).click();
  await screenshot(page, 'tax-new');
  await page.getByRole('button', { name: 'Create tax' }).click();
  await page.waitForURL(/\/jpanel\/settings\/taxes\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await read<TaxRate>(page, `/jpanel/settings/taxes/${id}`);
  expect(saved).toMatchObject({ code, rate: 6.5, city: 'Portland', regions: [{ country: 'CA', region: 'BC' }, { country: 'US', region: 'OR', name: 'Oregon, United States of America' }] });
  expect(saved.product_ids).toHaveLength(1);
  await page.getByRole('heading', { name: `${code} (6.5%)` }).waitFor();

  // Deleting asks first, with Cancel focused: Enter keeps the tax.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete tax' });
  await dialog.waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await screenshot(page, 'tax-delete-dialog');
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog', { name: 'Delete tax' }).getByRole('button', { name: 'Delete' }).click();
  await page.getByText(`Tax ${code} deleted successfully.`).waitFor();
  await page.waitForURL(/\/jpanel\/settings\/taxes$/);
  expect(await page.getByRole('cell', { name: code }).count()).toBe(0);
});

it('adds a tier, then a shipping method with regions and a cost in each tier', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/settings/shipping');
  await page.getByRole('heading', { name: 'Shipping', exact: true }).waitFor();
  await page.getByRole('columnheader', { name: '$100.00 and over' }).waitFor();
  await screenshot(page, 'shipping-settings');

  // Close the open top tier at 199.99 and add "200 and over"; an overlap is refused first.
  await page.getByLabel('Tier 3 maximum').fill('199.99');
  await page.getByRole('button', { name: 'Add tier' }).click();
  expect(await page.getByLabel('Tier 4 minimum').inputValue()).toBe('200.00');
  await page.getByLabel('Tier 4 minimum').fill('150');
  await page.getByRole('button', { name: 'Save tiers' }).click();
  await page.getByText('This tier starts before the previous one ends.').waitFor();
  await page.getByLabel('Tier 4 minimum').fill('200');
  await page.getByRole('button', { name: 'Save tiers' }).click();
  await page.getByText('Shipping tiers saved.').waitFor();
  await page.getByRole('columnheader', { name: '$200.00 and over' }).waitFor();

  await page.getByRole('link', { name: 'Add shipping method' }).click();
  const name = `Freight ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByLabel('Code').fill('FREIGHT');
  await page.getByLabel('Priority').fill('4');
  await page.getByRole('button', { name: 'Add region' }).click();
  await pick(page, 'Country 1', 'United States of', 'United States of America');
  await pick(page, 'Region 1', 'whole', 'The whole country');
  await page.getByRole('button', { name: 'Add region' }).click();
  await pick(page, 'Country 2', 'Canad', 'Canada');
  await pick(page, 'Region 2', 'Ontar', 'Ontario');
  await page.getByLabel('$0.00 – $49.99').fill('12');
  await page.getByLabel('$50.00 – $99.99').fill('15.5');
  await page.getByLabel('$100.00 – $199.99').fill('0');
  await screenshot(page, 'shipping-method-new');
  await page.getByRole('button', { name: 'Create shipping method' }).click();
  await page.waitForURL(/\/jpanel\/settings\/shipping\/methods\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await read<ShippingMethod>(page, `/jpanel/settings/shipping/methods/${id}`);
  expect(saved).toMatchObject({ name, code: 'FREIGHT', priority: 4, is_default: false, regions: [{ country: 'CA', region: 'ON' }, { country: 'US', region: '' }] });
  expect(saved.rates.map((r) => r.amount)).toEqual([12, 15.5, 0]);

  // The grid shows the new method's cost in each tier, and "Not offered" in the last one.
  await page.getByRole('link', { name: 'Shipping', exact: true }).first().click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('cell', { name: '$15.50' }).waitFor();
  await row.getByRole('cell', { name: 'Not offered' }).waitFor();
  const settings = await read<ShippingSettings>(page, '/jpanel/settings/shipping.json');
  expect(settings.tiers.map((t) => [t.min_value, t.max_value])).toEqual([[0, 49.99], [50, 99.99], [100, 199.99], [200, null]]);
  await screenshot(page, 'shipping-settings-after');
});
