import type { ProductDetail } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { moveByKeyboard } from './support/sortable.ts';
import { settle } from './support/settle.ts';
import { dismissToasts } from './support/toasts.ts';
import { apiCall } from './support/listing.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

/** The product as the API answers it, fetched by the signed-in page. */
const readProduct = (page: Page, id: number): Promise<ProductDetail> =>
  page.evaluate(async (productId) => {
    const r = await fetch(`/jpanel/products/${productId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as ProductDetail;
  }, id);

const suffix = Date.now() % 1_000_000;
const FIELD_TYPES = ['Text', 'Large text', 'Drop-down', 'Multiple choice', 'Checkbox', 'Date', 'Email', 'Phone', 'HTML', 'Hidden'];

async function pick(page: Page, scope: ReturnType<Page['locator']> | Page, label: string, option: string) {
  await scope.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function addCustomFields(page: Page) {
  for (const [i, type] of FIELD_TYPES.entries()) {
    await page.getByRole('button', { name: 'Add custom field' }).click();
    const row = page.getByTestId('custom-field-row').nth(i);
    await pick(page, row, 'Type', type);
    await row.getByLabel('Name').fill(`${type} question`);
    if (type === 'Drop-down') {
      await row.getByLabel('Choices').fill('Small\nMedium\nLarge');
      await pick(page, row, 'Default choice', 'Medium');
    }
    if (type === 'Multiple choice') {
      await row.getByLabel('Separate values and labels').check();
      await row.getByRole('button', { name: 'Add choice' }).click();
      await row.getByLabel('Choice 1 value').fill('r');
      await row.getByLabel('Choice 1 label').fill('Red');
      await row.getByRole('button', { name: 'Add choice' }).click();
      await row.getByLabel('Choice 2 value').fill('b');
      await row.getByLabel('Choice 2 label').fill('Blue');
    }
    if (type === 'HTML') await row.getByLabel('HTML', { exact: true }).fill('<p>Thank you for giving.</p>');
  }
}

it('creates a product with a donation and a fixed variant, custom fields of every type and designations', async () => {
  const { page } = await browser.newPage();
  await signInAt(page, '/jpanel/products');
  await page.getByRole('heading', { name: 'Products', exact: true }).waitFor();
  await page.getByRole('cell', { name: 'Annual Membership' }).waitFor();
  await screenshot(page, 'products-list');

  await page.getByRole('link', { name: 'Add product' }).click();
  await page.getByRole('heading', { name: 'Add product' }).waitFor();
  await page.getByLabel('Name').first().fill('Winter appeal');
  // The SKU is checked on the server as soon as the field is left.
  await page.getByLabel('SKU').fill('WINTER APPEAL');
  await page.getByLabel('Summary').click();
  await page.getByText('The product code/sku must not contain any spaces or special characters.').waitFor();
  await page.getByLabel('SKU').fill('membership');
  await page.getByLabel('Summary').click();
  await page.getByText('The SKU is already in use. The SKU must be unique.').waitFor();
  const sku = `WINTER-${suffix}`;
  await page.getByLabel('SKU').fill(sku);
  await pick(page, page, 'Template', 'Page with payment');

  // Designations: the supporter chooses; codes are normalised as they are left.
  await page.getByText("Supporter's choice").click();
  await page.getByLabel('Designation 1 label').fill('Where it is needed most');
  await page.getByLabel('Designation 1 account').fill('general fund');
  await page.getByLabel('Designation 2 label').fill('Warm coats');
  await page.getByLabel('Designation 2 account').fill('coats-2026!');
  await page.getByLabel('Designation 3 label').click();
  expect(await page.getByLabel('Designation 2 account').inputValue()).toBe('COATS_2026');
  await page.getByLabel('Designation 2 is the default').check();

  await addCustomFields(page);

  // Variant 1: a donation with presets.
  await page.getByRole('button', { name: 'Add variant' }).click();
  let modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill('Give any amount');
  await modal.getByText('Donation', { exact: true }).click();
  await modal.getByLabel('Preset amounts').fill('25, 50, 100');
  await modal.getByLabel('Minimum amount (USD)').fill('5');
  await screenshot(page, 'product-variant-donation');
  await modal.getByRole('button', { name: 'Done' }).click();
  await modal.waitFor({ state: 'detached' });

  // Variant 2: a fixed price with a bundle and a download.
  await page.getByRole('button', { name: 'Add variant' }).click();
  modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill('Scarf and report');
  await modal.getByLabel('Regular price (USD)').fill('30');
  await modal.getByLabel('Sale price (USD)').fill('25.50');
  await modal.getByRole('tab', { name: 'Inventory' }).click();
  await modal.getByRole('textbox', { name: 'Quantity', exact: true }).fill('12');
  await modal.getByLabel('Restock level').fill('3');
  await modal.getByRole('tab', { name: 'Media' }).click();
  await modal.getByText('File', { exact: true }).click();
  // The file from the downloads library, the same one the Media library page shows.
  await modal.getByRole('button', { name: 'Choose from library' }).click();
  const library = page.getByRole('dialog', { name: 'Downloads' });
  await library.getByLabel('Search files').fill('annual-report');
  await library.getByRole('button', { name: 'Choose annual-report.pdf' }).click();
  await library.waitFor({ state: 'detached' });
  await expect.poll(() => modal.getByRole('textbox', { name: 'File', exact: true }).or(modal.getByRole('combobox', { name: 'File', exact: true })).first().inputValue()).toBe('annual-report.pdf');
  await pick(page, modal, 'Link expires after', '2 days');
  await pick(page, modal, 'Downloads', '3');
  await modal.getByRole('tab', { name: 'Bundles' }).click();
  await modal.getByRole('combobox', { name: 'Add a bundled variant' }).fill('Individual');
  await page.getByRole('option', { name: 'Annual Membership – Individual' }).click();
  await modal.getByLabel('Annual Membership – Individual quantity').fill('2');
  await screenshot(page, 'product-variant-fixed');
  await modal.getByRole('button', { name: 'Done' }).click();
  await modal.waitFor({ state: 'detached' });

  const rows = page.getByTestId('variant-row');
  expect(await rows.count()).toBe(2);
  await expect.poll(() => rows.nth(1).innerText()).toContain('$25.50');
  await page.getByRole('button', { name: 'Set Scarf and report as default' }).click();
  await screenshot(page, 'product-new');

  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/jpanel\/products\/\d+$/);
  await page.getByRole('heading', { name: 'Winter appeal' }).waitFor();
  const id = Number(/products\/(\d+)$/.exec(page.url())![1]);

  const saved = await readProduct(page, id);
  expect(saved.code).toBe(sku);
  expect(saved.designation_options).toEqual({
    type: 'supporters_choice',
    default_account: 'COATS_2026',
    designations: [
      { label: 'Where it is needed most', account: 'GENERAL_FUND', is_default: false },
      { label: 'Warm coats', account: 'COATS_2026', is_default: true },
    ],
  });
  expect(saved.custom_fields.map((f) => f.type)).toEqual(['text', 'lg_text', 'select', 'multi-select', 'check', 'date', 'email', 'phone', 'html', 'hidden']);
  expect(saved.custom_fields[2]).toMatchObject({ default_value: 'Medium', choices: [{ value: 'Small' }, { value: 'Medium' }, { value: 'Large' }] });
  expect(saved.custom_fields[3]).toMatchObject({ format: 'advanced', choices: [{ value: 'r', label: 'Red' }, { value: 'b', label: 'Blue' }] });
  const [donation, fixed] = saved.variants as [ProductDetail['variants'][number], ProductDetail['variants'][number]];
  expect(donation).toMatchObject({ variant_name: 'Give any amount', is_donation: true, price_presets: [25, 50, 100], price_minimum: 5, is_default: false });
  expect(fixed).toMatchObject({ variant_name: 'Scarf and report', is_default: true, price: 30, sale_price: 25.5, quantity: 12, file_type: 'file', download_limit: 3, download_expiry_seconds: 172800 });
  expect(fixed.linked_variants).toMatchObject([{ name: 'Annual Membership – Individual', quantity: 2 }]);
  await screenshot(page, 'product-saved');

  // Reorder by keyboard (dnd-kit's sensor), remove an existing field (marked, not dropped), save.
  await moveByKeyboard(page, page.getByRole('button', { name: 'Move Hidden question', exact: true }), 'ArrowUp', 1);
  await page.getByRole('button', { name: 'Remove Text question', exact: true }).click();
  await page.getByText('Deleted on save').waitFor();
  await screenshot(page, 'product-fields-edited');
  // The creation's 'Product saved.' may still be up: closed first, so the toast waited for is this
  // save's (on PostgreSQL both were on screen at once).
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Product saved.').waitFor();
  const after = await readProduct(page, id);
  expect(after.custom_fields.map((f) => f.type)).toEqual(['lg_text', 'select', 'multi-select', 'check', 'date', 'email', 'phone', 'hidden', 'html']);

  // The quantity of a saved variant is locked until its toggle is used.
  await page.getByRole('button', { name: 'Edit Scarf and report' }).click();
  modal = page.getByRole('dialog', { name: 'Edit variant' });
  await modal.getByRole('tab', { name: 'Inventory' }).click();
  expect(await modal.getByRole('textbox', { name: 'Quantity', exact: true }).isDisabled()).toBe(true);
  await modal.getByRole('button', { name: 'Edit quantity' }).click();
  await modal.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
  await modal.getByRole('button', { name: 'Done' }).click();
  await page.getByText('Low stock').waitFor();
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Product saved.').waitFor();
  await page.getByRole('button', { name: 'Edit Scarf and report' }).click();
  modal = page.getByRole('dialog', { name: 'Edit variant' });
  await modal.getByRole('tab', { name: 'Inventory' }).click();
  await modal.getByText('Stock history').waitFor();
  await modal.getByText('Manual edit').waitFor();
  await screenshot(page, 'product-variant-inventory');
});

/** Makes the variant being added in `modal` a donation (with `presets`), then creates the product; answers its id. */
async function createWithDonation(page: Page, modal: ReturnType<Page['getByRole']>, name: string, presets?: string): Promise<number> {
  await modal.getByText('Donation', { exact: true }).click();
  if (presets) await modal.getByLabel('Preset amounts').fill(presets);
  await modal.getByRole('button', { name: 'Done' }).click();
  await modal.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Create product' }).click();
  await page.waitForURL(/\/jpanel\/products\/\d+$/);
  await page.getByRole('heading', { name }).waitFor();
  return Number(/products\/(\d+)$/.exec(page.url())![1]);
}

/** The product's dialog at the point of sale, found by its SKU as a cashier would. */
async function openAtPos(page: Page, sku: string, name: string) {
  await page.goto('/jpanel/pos');
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  const search = page.getByLabel('Search products');
  await search.fill(sku);
  await search.press('Enter');
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${name}`) }).click();
  return page.getByRole('dialog', { name });
}

it('makes a donation form from the product screen, which the point of sale offers monthly (issue 39)', async () => {
  const { page, context } = await browser.newPage();
  await signInAt(page, '/jpanel/products/new');
  await page.getByRole('heading', { name: 'Add product' }).waitFor();
  const type = page.getByRole('combobox', { name: 'Type', exact: true });
  expect(await type.inputValue()).toBe('Product');
  await pick(page, page, 'Type', 'Donation form');
  const name = `Spring appeal ${suffix}`;
  const sku = `SPRING-${suffix}`;
  await page.getByLabel('Name').first().fill(name);
  await page.getByLabel('SKU').fill(sku);
  await page.getByRole('button', { name: 'Add variant' }).click();
  const modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill('Give');
  const id = await createWithDonation(page, modal, name, '30, 60');
  expect((await readProduct(page, id)).type).toBe('donation_form');

  // The edit screen shows it, after a reload too.
  await page.reload();
  await page.getByRole('heading', { name }).waitFor();
  await expect.poll(() => page.getByRole('combobox', { name: 'Type', exact: true }).inputValue()).toBe('Donation form');

  // The point of sale offers a donation form's billing periods (a product's one variant has none)
  // and adds the gift as a monthly one.
  const item = await openAtPos(page, sku, name);
  await item.getByText('Billing', { exact: true }).waitFor();
  await item.getByText('Monthly', { exact: true }).click();
  await item.getByLabel('Amount').fill('30');
  await item.getByRole('button', { name: 'Add to contribution' }).click();
  await item.waitFor({ state: 'detached' });
  const cart = page.getByRole('region', { name: 'Contribution', exact: true });
  await cart.getByRole('listitem').filter({ hasText: name }).first().waitFor();
  await cart.getByText(/^then \$30\.00 monthly$/).waitFor();
  await context.close();
});

it('links a product to tribute types on its form, shown again on reload, and the point of sale offers only those (issue 39)', async () => {
  const { page, context } = await browser.newPage();
  await signInAt(page, '/jpanel/products/new');
  const made: { id: number; label: string }[] = [];
  for (const label of [`In memory of ${suffix}`, `In honour of ${suffix}`]) {
    const { tribute_type } = await apiCall<{ tribute_type: { id: number; label: string } }>(page, 'POST', '/jpanel/tribute-types', { label });
    made.push(tribute_type);
  }
  const [memory, honour] = made as [{ id: number; label: string }, { id: number; label: string }];
  await page.reload();
  await page.getByRole('heading', { name: 'Add product' }).waitFor();
  const name = `Memorial candle ${suffix}`;
  const sku = `CANDLE-T-${suffix}`;
  await page.getByLabel('Name').first().fill(name);
  await page.getByLabel('SKU').fill(sku);
  // The list shows only once tributes are allowed.
  expect(await page.getByRole('combobox', { name: 'Tribute types' }).count()).toBe(0);
  // Notices concern tributes only: the switch is off and cannot be set until tributes are allowed.
  const notices = page.getByRole('checkbox', { name: 'Tribute notices allowed' });
  expect(await notices.isDisabled()).toBe(true);
  expect(await notices.isChecked()).toBe(false);
  await page.getByLabel('Tributes allowed').check();
  await notices.check();
  const types = page.getByRole('combobox', { name: 'Tribute types' });
  await types.click();
  await page.getByRole('option', { name: memory.label, exact: true }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Add variant' }).click();
  const modal = page.getByRole('dialog', { name: 'Add variant' });
  await modal.getByLabel('Variant name').fill('Candle');
  const id = await createWithDonation(page, modal, name);
  expect(await readProduct(page, id)).toMatchObject({ tribute_type_ids: [memory.id], allow_tribute_notification: true });

  // After a reload the form shows the chosen type again.
  await page.reload();
  await page.getByRole('heading', { name }).waitFor();
  // The chosen type is a pill of the list; the other is not shown until the list is opened.
  await expect.poll(() => page.locator('.mantine-Pill-label').allTextContents()).toEqual([memory.label]);
  expect(await notices.isChecked()).toBe(true);
  await screenshot(page, 'product-tribute-types');

  // The point of sale offers that type only, not the other one turned on.
  const item = await openAtPos(page, sku, name);
  await item.getByLabel('Give this in tribute').check();
  await item.getByRole('combobox', { name: 'Tribute type' }).click();
  await page.getByRole('option', { name: memory.label, exact: true }).waitFor();
  expect(await page.getByRole('option', { name: honour.label, exact: true }).count()).toBe(0);
  await context.close();
});
