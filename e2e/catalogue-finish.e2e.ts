import type { ProductDetail, Promo } from '@almoner/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, startSession, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { pngFile } from './support/images.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';

/**
 * Issue 8, what e2e/products, promos, payment-groups, categories and segments did not show yet:
 * the site URL picker, the variant Images tab and picker thumbnails, a category image, a promo
 * scoped to a category, and the point of sale selling a product just configured at its prices
 * and within its stock.
 */
const browser = useBrowser();
const s = attemptStamp();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const file = pngFile;

async function signedIn(page: Page) {
  await startSession(page);
}

const moveButton = (scope: Locator, name: string, direction: 'up' | 'down') =>
  scope.getByRole('button', { name: new RegExp(`^Move ${name}\\.png ${direction}$`, 'i') });

it('links the product’s alternative button with the URL picker, orders variant images and shows the thumbnail in the picker', async () => {
  const { page, context } = await browser.newPage();
  await signedIn(page);
  await page.goto('/jpanel/products/new');
  await page.getByRole('heading', { name: 'Add product' }).waitFor();
  await page.getByLabel('Name').first().fill(`Field report ${s()}`);
  await page.getByLabel('SKU').fill(`REPORT-${s()}`);

  // The URL picker offers the site's pages; a page of the site is not an external link.
  await page.getByLabel('Alternative button label').fill('Read the report');
  const link = page.getByRole('combobox', { name: 'Alternative button link' });
  await link.fill('about');
  await page.getByRole('option', { name: /About us/ }).click();
  expect(await link.inputValue()).toBe('/about');
  expect(await page.getByText('This URL is an external link.').count()).toBe(0);
  await link.fill('javascript:alert(1)');

  await page.getByRole('button', { name: 'Add variant' }).click();
  const modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill('Printed copy');
  await modal.getByLabel('Regular price (USD)').fill('15');
  // The Images tab comes first: three uploads, the last moved up, the first removed.
  await modal.getByRole('tab', { name: 'Images' }).click();
  await modal.locator('input[type=file]').setInputFiles([file('Cover', [200, 60, 40]), file('Spread', [40, 120, 200]), file('Back', [60, 160, 80])]);
  await expect.poll(() => modal.getByTestId('variant-image').count()).toBe(3);
  await moveButton(modal, 'Back', 'up').click();
  await modal.getByRole('button', { name: /^Remove cover\.png$/ }).click();
  await expect.poll(() => modal.getByTestId('variant-image').allInnerTexts()).toEqual(['back.png (thumbnail)', 'spread.png']);
  await screenshot(page, 'catalogue-variant-images');
  await modal.getByRole('button', { name: 'Done' }).click();
  await modal.waitFor({ state: 'detached' });

  // The schema refuses a link that is neither a page of the site nor a web address.
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.getByText('Enter a page of this site (starting with /) or a full web address (https://…).').waitFor();
  await link.fill('https://example.org/field-report');
  await page.getByText('This URL is an external link.').waitFor();
  await link.press('Tab');
  await screenshot(page, 'catalogue-url-picker-external');
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/jpanel\/products\/\d+$/);
  const id = Number(/products\/(\d+)$/.exec(page.url())![1]);
  const saved = await apiCall<ProductDetail>(page, 'GET', `/jpanel/products/${id}`);
  expect(saved).toMatchObject({ alt_button_label: 'Read the report', alt_button_url: 'https://example.org/field-report' });
  expect(saved.variants[0]!.images.map((i) => i.filename)).toEqual([expect.stringMatching(/^back(-\d+)?\.png$/), expect.stringMatching(/^spread(-\d+)?\.png$/)]);

  // The saved form shows the images again, in their order, with the notice for the link.
  await page.getByRole('button', { name: 'Edit Printed copy' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit variant' });
  await expect.poll(() => edit.getByTestId('variant-image').count()).toBe(2);
  await edit.getByRole('img', { name: 'back.png' }).waitFor();
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await page.getByText('This URL is an external link.').waitFor();

  // The product picker shows the first variant image as the product's thumbnail.
  await page.goto('/jpanel/promos/new');
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await page.getByRole('combobox', { name: 'Products' }).fill(`Field report ${s()}`);
  const option = page.getByRole('option', { name: new RegExp(`Field report ${s()}`) });
  await option.waitFor();
  await expect.poll(() => option.locator('img').getAttribute('src')).toBeTruthy();
  await screenshot(page, 'catalogue-product-picker-thumbnail');
  await context.close();
});

it('gives a category an image, scopes a promo to it, and the POS sells what was just configured', async () => {
  const { page, context } = await browser.newPage({ width: 1280, height: 900 });
  await signedIn(page);

  // A category with an image.
  await page.goto('/jpanel/categories/new');
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Lanterns ${s()}`);
  await page.locator('input[type=file]').setInputFiles(file('Lanterns', [230, 170, 30]));
  await page.getByRole('img', { name: 'lanterns.png' }).waitFor();
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.waitForURL(/\/jpanel\/categories\/\d+$/);
  const categoryId = Number(/(\d+)$/.exec(page.url())![1]);
  await screenshot(page, 'catalogue-category-image');
  const category = await apiCall<{ image: { filename: string } | null }>(page, 'GET', `/jpanel/product_categories/${categoryId}`);
  expect(category.image?.filename).toMatch(/^lanterns(-\d+)?\.png$/);

  // A product in it (a donation with presets and a minimum, and one fixed-price lantern on sale),
  // and one outside it.
  const lantern = await apiCall<ProductDetail>(page, 'POST', '/jpanel/products', {
    name: `Paper lantern ${s()}`, code: `LANTERN-${s()}`, base_currency: 'USD', category_ids: [categoryId],
    outofstock_allow: false, outofstock_message: 'Sold out until spring.',
    variants: [
      { variant_name: 'Light a lantern', is_donation: true, price_presets: '10, 20', price_minimum: 5, quantity: 50 },
      { variant_name: 'Lantern', price: 30, sale_price: 25.5, quantity: 1 },
    ],
  });
  await apiCall(page, 'POST', '/jpanel/products', { name: `Tin mug ${s()}`, code: `MUG-${s()}`, base_currency: 'USD', variants: [{ variant_name: 'Mug', price: 12 }] });

  // A percent promo for the category only.
  await page.goto('/jpanel/promos/new');
  // The first-load preloader covers the page for 800 ms and would take the option's click.
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  const code = `GLOW${s()}`;
  await page.getByLabel('Code').fill(code);
  await page.getByLabel('Discount (%)').fill('10');
  await page.getByRole('combobox', { name: 'Categories' }).fill(`Lanterns ${s()}`);
  await page.getByRole('option', { name: `Lanterns ${s()}` }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Create promo code' }).click();
  await page.waitForURL(/\/jpanel\/promos\/\d+$/);
  const promo = await apiCall<Promo>(page, 'GET', `/jpanel/promos/${Number(/(\d+)$/.exec(page.url())![1])}`);
  expect(promo).toMatchObject({ code, discount_type: 'percent', category_ids: [categoryId], product_ids: [] });

  // The POS: the donation asks at least the minimum and offers the presets.
  await page.goto('/jpanel/pos');
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
  const cart = page.getByRole('region', { name: 'Contribution', exact: true });
  const open = async (keywords: string, name: string) => {
    const search = page.getByLabel('Search products');
    await search.fill(keywords);
    await search.press('Enter');
    await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
    const dialog = page.getByRole('dialog', { name });
    await dialog.waitFor();
    return dialog;
  };
  const choose = async (dialog: Locator, label: RegExp) => {
    await dialog.getByRole('combobox', { name: 'Option' }).click();
    await page.getByRole('option', { name: label }).click();
  };
  let dialog = await open(`LANTERN-${s()}`, `Paper lantern ${s()}`);
  await choose(dialog, /^Light a lantern/);
  await dialog.getByLabel('Amount').fill('3');
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.getByText('Must be at least $5.00').waitFor();
  await dialog.getByText('$20.00', { exact: true }).click();
  expect(await dialog.getByLabel('Amount').inputValue()).toBe('20');
  await screenshot(page, 'catalogue-pos-donation');
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.waitFor({ state: 'detached' });

  // The fixed lantern sells at its sale price, and only the one in stock can be chosen.
  dialog = await open(`LANTERN-${s()}`, `Paper lantern ${s()}`);
  await choose(dialog, /^Lantern — \$25\.50/);
  await dialog.getByText('$30.00').waitFor();
  await dialog.getByRole('combobox', { name: 'Quantity' }).click();
  expect(await page.getByRole('listbox').getByRole('option').allInnerTexts()).toEqual(['1']);
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.waitFor({ state: 'detached' });
  dialog = await open(`MUG-${s()}`, `Tin mug ${s()}`);
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => cart.locator('[data-total="Subtotal"]').innerText()).toBe('$57.50');

  // The category's promo takes 10% off the lantern lines only: 18.00 + 22.95 + 12.00.
  await cart.getByRole('button', { name: 'Promo' }).click();
  const promoDialog = page.getByRole('dialog', { name: 'Promo codes' });
  await promoDialog.getByLabel('Promo code').fill(code);
  await promoDialog.getByRole('button', { name: 'Apply' }).click();
  await promoDialog.waitFor({ state: 'detached' });
  await expect.poll(() => cart.locator('[data-total="Subtotal"]').innerText()).toBe('$52.95');
  await screenshot(page, 'catalogue-pos-cart');

  const total = Number((await cart.locator('[data-total="Total"]').innerText()).replace(/[^\d.]/g, ''));
  await cart.getByRole('button', { name: /^Pay / }).click();
  const pay = page.getByRole('dialog', { name: /^Payment/ });
  await pay.getByRole('tab', { name: 'Cash', exact: true }).click();
  await pay.getByLabel('Cash received').fill(String(Math.ceil(total)));
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url())),
    pay.getByRole('button', { name: /^Complete/ }).click(),
  ]);
  expect(response.status(), await response.text()).toBe(200);
  const done = (await response.json()) as { payment: { invoicenumber: string } };
  await page.getByRole('heading', { name: `Contribution #${done.payment.invoicenumber} Complete!` }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await cart.getByText('No items yet.').waitFor();

  // The last lantern is gone: the stock history says why, and the POS refuses another.
  const movements = await apiCall<{ data: { variant_name: string; reason: string; change: number; quantity_after: number }[] }>(page, 'GET', `/jpanel/products/${lantern.id}/stock_movements`);
  expect(movements.data.filter((m) => m.variant_name === 'Lantern').map((m) => [m.reason, m.change, m.quantity_after])).toEqual([['sale', -1, 0], ['initial', 1, 1]]);
  dialog = await open(`LANTERN-${s()}`, `Paper lantern ${s()}`);
  await choose(dialog, /^Lantern — \$25\.50/);
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await page.getByRole('dialog').getByText('Sold out until spring.').waitFor();
  await screenshot(page, 'catalogue-pos-sold-out');
  await context.close();
});
