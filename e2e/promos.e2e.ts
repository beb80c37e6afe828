import type { Promo } from '@almoner/contracts';
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

const readPromo = (page: Page, id: number) =>
  page.evaluate(async (promoId) => {
    const r = await fetch(`/jpanel/promos/${promoId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as Promo;
  }, id);

it('creates a buy-x-get-y promo scoped to a product, and duplicates it', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/promos');
  await page.getByRole('link', { name: 'Add promo code' }).click();
  const code = `BXGY${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code);
  await page.getByLabel('Discount (%)').fill('25');
  await page.getByText('25% off each qualifying item.').waitFor();
  expect(await page.getByLabel('Buy quantity').count()).toBe(0);

  // The bxgy types bring their fields and change the description.
  await page.getByRole('combobox', { name: 'Discount type' }).click();
  await page.getByRole('option', { name: 'Buy X, get amount off' }).click();
  await page.getByLabel('Discount (USD)').fill('10');
  await page.getByLabel('Buy quantity').fill('3');
  await page.getByText('Buy 3, get $10.00 off on the whole order').waitFor();
  await page.getByLabel('Times per order').fill('2');
  await page.getByLabel('Uses in total').fill('100');
  await page.getByLabel('Starts on').fill('2026-12-01');
  await page.getByLabel('Ends on').fill('2026-12-31');
  await page.getByRole('combobox', { name: 'Products' }).fill('T-Shirt');
  await page.getByRole('option', { name: /Hope T-Shirt/ }).click();
  await screenshot(page, 'promo-new-bxgy');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await page.waitForURL(/\/jpanel\/promos\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await readPromo(page, id);
  expect(saved).toMatchObject({ code, discount_type: 'bxgy_dollar', discount: 10, buy_quantity: 3, allocation_limit: 2, usage_limit: 100, starts_on: '2026-12-01', ends_on: '2026-12-31', summary: 'Buy 3, get $10.00 off' });
  expect(saved.product_ids).toHaveLength(1);

  await page.getByRole('button', { name: 'Duplicate' }).click();
  await page.getByText(`Duplicated as ${code}-2.`).waitFor();
  await page.getByRole('heading', { name: `${code}-2` }).waitFor();
  await screenshot(page, 'promo-duplicated');
});
