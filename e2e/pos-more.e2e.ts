import type { SandboxLedgerEntry } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot, signIn, signInAt, useBrowser } from './support/browser.ts';
import { apiCall } from './support/listing.ts';

/**
 * Issue 9, the rest of the point of sale's browser tests: two tabs completing one order, the
 * currency switch (and a Canadian bank debit), saved defaults, a zero total and the addresses
 * modal. Each checks what the server (or the sandbox gateway's own ledger) recorded.
 */
const browser = useBrowser();
const FUTURE = `12${(new Date().getUTCFullYear() + 3) % 100}`;
/** The tab's open order (use-pos-order.ts); a duplicated browser tab copies it. */
const OPEN_ORDER_KEY = 'almoner.pos.open-order';

type Order = {
  id: number;
  client_uuid: string;
  currency_code: string;
  is_paid: boolean;
  subtotal: number;
  totalamount: number;
  [field: string]: unknown;
};
type Completed = { payment: { invoicenumber: string }; order: { id: number } };
type Detail = { payments: { type: string; status: string; amount: number }[] };

const cart = (page: Page) => page.getByRole('region', { name: 'Contribution', exact: true });
const readOrder = async (page: Page, id: number) =>
  (await apiCall<{ order: Order }>(page, 'GET', `/jpanel/pos/order.json?id=${id}`)).order;
const openOrderId = async (page: Page) =>
  Number(await page.evaluate(`sessionStorage.getItem('${OPEN_ORDER_KEY}')`));
/** A fresh screen: the tab forgets its open order, as a new tab would. */
const forgetOpenOrder = (page: Page) => page.evaluate(`sessionStorage.removeItem('${OPEN_ORDER_KEY}')`);

/**
 * Dollars and Canadian dollars: the demo has no exchange rates, so this file adds one for CAD,
 * dated in the 1990s (money.e2e.ts dates its own from 2001), once per run.
 */
let cadRated = false;
async function rateCad(page: Page) {
  if (cadRated) return;
  const day = new Date(Date.UTC(1990, 0, 1) + (Date.now() % 3_000) * 86_400_000).toISOString().slice(0, 10);
  await apiCall(page, 'POST', '/jpanel/settings/exchange-rates', { currency: 'CAD', rate: '0.75', effective_on: day });
  cadRated = true;
}

async function openPos(page: Page, signedIn = false) {
  if (signedIn) await page.goto('/jpanel/pos');
  else await signInAt(page, '/jpanel/pos');
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
}

async function addProduct(page: Page, keywords: string, name: string) {
  const search = page.getByLabel('Search products');
  await search.fill(keywords);
  await search.press('Enter');
  await page
    .getByRole('list', { name: 'Products' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.waitFor({ state: 'detached' });
  await cart(page).getByRole('listitem').filter({ hasText: name }).first().waitFor();
}

async function openPayment(page: Page, tab?: string) {
  await cart(page).getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog', { name: /^Payment/ });
  await dialog.waitFor();
  if (tab) await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

async function fillCard(page: Page, number = '4242424242424242') {
  const fields = page.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiry (MM / YY)').fill(FUTURE);
  await fields.getByLabel('Security code').fill('123');
}

async function complete(page: Page): Promise<Completed> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url())),
    page.getByRole('dialog').getByRole('button', { name: /^Complete/ }).click(),
  ]);
  const body = (await response.json()) as Completed;
  expect(response.status(), JSON.stringify(body)).toBe(200);
  await page
    .getByRole('heading', { name: `Contribution #${body.payment.invoicenumber} Complete!` })
    .waitFor();
  return body;
}

/** What the sandbox gateway itself charged for an order (its ledger, not Almoner's records). */
const gatewayLedger = async (page: Page, order: Order) =>
  (
    await apiCall<{ data: SandboxLedgerEntry[] }>(
      page,
      'GET',
      `/sandbox-gateway/v1/ledger?description=${encodeURIComponent(`Payment for Contribution #${order.client_uuid}`)}`,
    )
  ).data;

describe('point of sale, more', () => {
  it('charges once when two tabs complete the same order at the same moment', async () => {
    const { page, context } = await browser.newPage();
    await openPos(page);
    await addProduct(page, 'mug', 'Coffee Mug');
    const id = await openOrderId(page);
    expect(id).toBeGreaterThan(0);
    // A second tab on the same order, as "Duplicate tab" makes it (it copies sessionStorage).
    const other = await context.newPage();
    await other.addInitScript({ content: `sessionStorage.setItem('${OPEN_ORDER_KEY}', '${id}');` });
    await openPos(other, true);
    await cart(other).getByRole('listitem').filter({ hasText: 'Coffee Mug' }).waitFor();
    for (const tab of [page, other]) {
      await openPayment(tab, 'Credit Card');
      await fillCard(tab);
    }
    const completions = [page, other].map((tab) =>
      tab.waitForResponse((r) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url())),
    );
    await Promise.all(
      [page, other].map((tab) =>
        tab.getByRole('dialog').getByRole('button', { name: /^Complete/ }).click(),
      ),
    );
    const answers = await Promise.all(
      completions.map(async (r) => {
        const response = await r;
        expect(response.status()).toBe(200);
        return (await response.json()) as Completed;
      }),
    );
    // The same answer in both tabs, and each shows the finished screen.
    expect(answers[1]!.payment.invoicenumber).toBe(answers[0]!.payment.invoicenumber);
    for (const tab of [page, other]) {
      await tab
        .getByRole('heading', { name: `Contribution #${answers[0]!.payment.invoicenumber} Complete!` })
        .waitFor();
    }
    await screenshot(other, 'pos-two-tabs-second');
    const order = await readOrder(page, id);
    expect(order.is_paid).toBe(true);
    const ledger = await gatewayLedger(page, order);
    expect(ledger.filter((e) => e.kind === 'charge')).toEqual([
      expect.objectContaining({
        kind: 'charge',
        status: 'succeeded',
        amount: Math.round(order.totalamount * 100),
        currency: 'USD',
      }),
    ]);
    const recorded = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${id}`);
    expect(recorded.payments).toEqual([expect.objectContaining({ type: 'card', status: 'succeeded' })]);
    await context.close();
  });

  it('re-prices the open order when the currency changes, and debits a Canadian bank account in CAD', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await rateCad(page);
    await openPos(page, true);
    await addProduct(page, 'mug', 'Coffee Mug');
    const id = await openOrderId(page);
    expect(await cart(page).locator('[data-total="Subtotal"]').innerText()).toBe('$12.00');
    const currency = page.getByRole('combobox', { name: 'Currency' });
    await currency.click();
    await page.getByRole('option', { name: /^CAD/ }).click();
    await cart(page).locator('[data-total="Subtotal"]').filter({ hasText: 'CA$' }).waitFor();
    const cad = await readOrder(page, id);
    expect(cad.currency_code).toBe('CAD');
    expect(cad.subtotal).not.toBe(12);
    expect(await cart(page).getByRole('button', { name: /^Pay / }).innerText()).toContain('CA$');
    await screenshot(page, 'pos-currency-cad');

    const dialog = await openPayment(page, 'Bank');
    await expect(dialog.getByLabel('Routing number').count()).resolves.toBe(0);
    await dialog.getByLabel('Account holder name').fill('Jean Tremblay');
    await dialog.getByLabel('Transit number').fill('1234');
    await dialog.getByLabel('Institution number').fill('001');
    await dialog.getByLabel('Account number').fill('1234567');
    await dialog.getByLabel(/authorizes this debit/).check();
    await dialog.getByRole('button', { name: /^Complete/ }).click();
    await dialog.getByText('Enter the 5-digit transit number.').waitFor();
    await dialog.getByLabel('Transit number').fill('12345');
    await expectAccessible(page, 'payment dialog, bank in CAD');
    await screenshot(page, 'pos-payment-bank-cad');
    await complete(page);
    const recorded = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${id}`);
    expect(recorded.payments).toEqual([expect.objectContaining({ type: 'bank', status: 'pending' })]);
    const ledger = await gatewayLedger(page, cad);
    expect(ledger).toEqual([expect.objectContaining({ kind: 'ach_debit', currency: 'CAD', status: 'pending' })]);

    // Back to dollars on a new order: the switch works both ways.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
    await cart(page).getByText('No items yet.').waitFor();
    await addProduct(page, 'mug', 'Coffee Mug');
    await currency.click();
    await page.getByRole('option', { name: /^USD/ }).click();
    await cart(page).locator('[data-total="Subtotal"]').filter({ hasText: /^\$12\.00$/ }).waitFor();
    expect((await readOrder(page, await openOrderId(page))).currency_code).toBe('USD');
    await context.close();
  });

  it('saves the cashier’s defaults for new contributions, and clears them', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await rateCad(page);
    await openPos(page, true);
    type Config = { defaults: { currency_code: string } | null };
    // The demo administrator has no defaults; this test leaves it so.
    expect((await apiCall<Config>(page, 'GET', '/jpanel/pos/config.json')).defaults).toBeNull();
    try {
      await addProduct(page, 'mug', 'Coffee Mug');
      await page.getByRole('combobox', { name: 'Currency' }).click();
      await page.getByRole('option', { name: /^CAD/ }).click();
      await cart(page).locator('[data-total="Subtotal"]').filter({ hasText: 'CA$' }).waitFor();
      await page.getByRole('button', { name: 'Defaults' }).click();
      await page.getByRole('menuitem', { name: 'Save defaults' }).click();
      await page.getByText('Your point-of-sale defaults were saved.').waitFor();
      expect((await apiCall<Config>(page, 'GET', '/jpanel/pos/config.json')).defaults).toMatchObject({
        currency_code: 'CAD',
      });
      // A fresh screen starts in the saved currency, and so does its new order.
      await forgetOpenOrder(page);
      await openPos(page, true);
      expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toMatch(/^CAD/);
      await addProduct(page, 'mug', 'Coffee Mug');
      expect((await readOrder(page, await openOrderId(page))).currency_code).toBe('CAD');
      await screenshot(page, 'pos-defaults-saved');

      await page.getByRole('button', { name: 'Defaults' }).click();
      await page.getByRole('menuitem', { name: 'Clear defaults' }).click();
      await page.getByText('Your point-of-sale defaults were cleared.').waitFor();
      expect((await apiCall<Config>(page, 'GET', '/jpanel/pos/config.json')).defaults).toBeNull();
      await forgetOpenOrder(page);
      await openPos(page, true);
      expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toMatch(/^USD/);
    } finally {
      await apiCall(page, 'POST', '/jpanel/pos/defaults/clear', {});
      await context.close();
    }
  });

  it('completes a contribution with nothing to pay as No Payment Required', async () => {
    const { page, context } = await browser.newPage();
    await openPos(page);
    // A promo of our own: the whole mug and its shipping free.
    const { products } = await apiCall<{ products: { id: number; name: string }[] }>(
      page,
      'POST',
      '/jpanel/pos/products.json',
      { keywords: 'mug', currency_code: 'USD' },
    );
    const mug = products.find((p) => p.name === 'Coffee Mug')!;
    const code = `FREE${Date.now().toString(36).toUpperCase()}`;
    await apiCall(page, 'POST', '/jpanel/promos', {
      code,
      description: 'Everything free (browser test)',
      discount_type: 'percent',
      discount: 100,
      currency_code: 'USD',
      is_free_shipping: true,
      product_ids: [mug.id],
    });
    await addProduct(page, 'mug', 'Coffee Mug');
    const id = await openOrderId(page);
    await cart(page).getByRole('button', { name: 'Promo' }).click();
    const promo = page.getByRole('dialog', { name: 'Promo codes' });
    await promo.getByLabel('Promo code').fill(code);
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.waitFor({ state: 'detached' });
    await cart(page).locator('[data-total="Total"]').filter({ hasText: /^\$0\.00$/ }).waitFor();
    const dialog = await openPayment(page);
    await dialog.getByText('No Payment Required').waitFor();
    await expect(dialog.getByRole('tab').count()).resolves.toBe(0);
    await screenshot(page, 'pos-no-payment-required');
    await expectAccessible(page, 'payment dialog, no payment required');
    await complete(page);
    const order = await readOrder(page, id);
    expect(order).toMatchObject({ is_paid: true, totalamount: 0 });
    const recorded = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${id}`);
    expect(recorded.payments).toEqual([]);
    await context.close();
  });

  it('saves billing and shipping addresses from the addresses modal', async () => {
    const { page, context } = await browser.newPage();
    await openPos(page);
    await addProduct(page, 'mug', 'Coffee Mug');
    const id = await openOrderId(page);
    await cart(page).getByRole('button', { name: 'Addresses' }).click();
    const modal = page.getByRole('dialog', { name: 'Addresses' });
    // Hidden tab panels stay mounted: role queries see only the visible tab's fields.
    const field = (name: string) => modal.getByRole('textbox', { name, exact: true });
    // Typing a prefix and clicking the option, as taxes-shipping.e2e.ts picks countries.
    const choose = async (label: string | RegExp, typed: string, option: string) => {
      const select = modal.getByRole('combobox', { name: label });
      await select.fill(typed);
      await page.getByRole('option', { name: option, exact: true }).click();
      await select.blur();
      await expect.poll(() => select.inputValue()).toBe(option);
    };
    await field('First name').fill('Grace');
    await field('Last name').fill('Hopper');
    await field('Email').fill('grace.hopper@example.org');
    await field('Address').fill('1 Harbour Street');
    await field('City').fill('Halifax');
    await choose('Country', 'Canad', 'Canada');
    await choose(/Province/, 'Nova', 'Nova Scotia');
    await field('Postal code').fill('B3H 1A1');
    await modal.getByRole('tab', { name: 'Shipping' }).click();
    await modal.getByLabel('Ship to the billing address').uncheck();
    await field('First name').fill('Alan');
    await field('Last name').fill('Turing');
    await field('Address').fill('2 Bletchley Road');
    await field('City').fill('Portland');
    await choose('Country', 'United States of', 'United States of America');
    await choose('State', 'Oreg', 'Oregon');
    await field('Postal code').fill('97201');
    await expectAccessible(page, 'addresses modal');
    await screenshot(page, 'pos-addresses-modal');
    await field('Postal code').press('Enter');
    await modal.waitFor({ state: 'detached' });
    const order = await readOrder(page, id);
    expect(order).toMatchObject({
      billing_first_name: 'Grace',
      billing_last_name: 'Hopper',
      billing_email: 'grace.hopper@example.org',
      billing_address1: '1 Harbour Street',
      billing_city: 'Halifax',
      billing_country: 'CA',
      billing_state: 'NS',
      billing_zip: 'B3H 1A1',
      ship_to_billing: false,
      shipping_first_name: 'Alan',
      shipping_last_name: 'Turing',
      shipping_address1: '2 Bletchley Road',
      shipping_city: 'Portland',
      shipping_country: 'US',
      shipping_state: 'OR',
      shipping_zip: '97201',
    });
    await context.close();
  });
  it('sets a sale aside, lists it among the open sales (not in Contributions), resumes it and discards one', async () => {
    const { page, context } = await browser.newPage({ width: 1440, height: 900 });
    await openPos(page);
    await forgetOpenOrder(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
    await addProduct(page, 'mug', 'Coffee Mug');
    const first = await openOrderId(page);

    // New contribution sets it aside: it is an open sale, in the POS's list, not in the ledger.
    await page.getByRole('button', { name: 'New contribution' }).click();
    const ask = page.getByRole('dialog', { name: 'Start a new contribution?' });
    await ask.getByText('find it under Open sales').waitFor();
    await ask.getByRole('button', { name: 'Start new' }).click();
    await cart(page).getByText('No items yet.').waitFor();
    const ledger = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/contributions.listing', { length: 100 });
    expect(ledger.data.map((r) => r.id)).not.toContain(first);

    await page.getByRole('button', { name: 'Open sales', exact: true }).click();
    const modal = page.getByRole('dialog', { name: 'Open sales' });
    const row = modal.getByRole('row').filter({ has: page.getByRole('button', { name: /^Resume the sale of .*\(\$/ }) }).first();
    await row.waitFor();
    await expectAccessible(page, 'open sales');
    await screenshot(page, 'pos-open-sales');
    const listed = await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/pos/open.json');
    expect(listed.data[0]?.id).toBe(first);

    // Resume: the set-aside sale is back on screen with its item.
    await modal.getByRole('button', { name: /^Resume / }).first().click();
    await modal.waitFor({ state: 'detached' });
    await cart(page).getByRole('listitem').filter({ hasText: 'Coffee Mug' }).first().waitFor();
    expect(await openOrderId(page)).toBe(first);

    // Discard it: asked first, then gone from the list for good.
    await page.getByRole('button', { name: 'Open sales', exact: true }).click();
    await modal.getByText('On screen').first().waitFor();
    await modal.getByRole('button', { name: /^Discard the sale of / }).first().click();
    const sure = page.getByRole('dialog', { name: 'Discard this open sale?' });
    await sure.getByRole('button', { name: 'Discard' }).click();
    await page.getByText('The open sale was discarded.').waitFor();
    // It was the one on screen: the screen starts afresh.
    await cart(page).getByText('No items yet.').waitFor();
    await expect
      .poll(async () => (await apiCall<{ data: { id: number }[] }>(page, 'GET', '/jpanel/pos/open.json')).data.map((s) => s.id))
      .not.toContain(first);
    await context.close();
  });
  it('keeps the count, total and Pay in reach on a phone, below the product tiles', async () => {
    const { page, context } = await browser.newPage({ width: 375, height: 812 });
    await openPos(page);
    await forgetOpenOrder(page);
    await page.reload();
    await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
    await addProduct(page, 'mug', 'Coffee Mug');
    const bar = page.getByRole('region', { name: 'Contribution summary' });
    await bar.getByText(/^1 item · \$/).waitFor();
    const pay = bar.getByRole('button', { name: /^Pay \$/ });
    const box = await pay.boundingBox();
    expect(box && box.y + box.height <= 812, 'Pay is on screen without scrolling').toBe(true);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    await screenshot(page, 'pos-phone');
    await expectAccessible(page, 'point of sale, phone');
    await bar.getByRole('button', { name: /^1 item/ }).click();
    await expect.poll(() => cart(page).evaluate((el) => el.getBoundingClientRect().top < 812)).toBe(true);
    await pay.click();
    await page.getByRole('dialog', { name: /^Payment/ }).waitFor();
    await context.close();
  });
});
