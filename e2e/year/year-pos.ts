import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the year's point of sale recorded, to compare with every report at year end. */
export type Sale = { month: number; id: number; number: string; total: number; currency: string; supporter: string; pay: string; recurring?: boolean; receiptable: boolean };
export const sales: Sale[] = [];
export const declined: { month: number; supporter: string; total: number }[] = [];

type Completed = { payment: { invoicenumber: string; cash_change: number | null; payment_type: string }; order: { id: number } };
type Item = { product: 'Maple Hands Giving' | 'Wool toque'; variant?: 'One-time' | 'Monthly'; amount?: number; tribute?: string };
export type Pay =
  | { type: 'card'; number?: string; save?: boolean }
  | { type: 'saved' }
  | { type: 'bank' }
  | { type: 'cash'; received: number }
  | { type: 'check'; number: string; date: string }
  | { type: 'other'; reference: string };

const cart = (page: Page) => page.getByRole('region', { name: 'Contribution', exact: true });
const money = (n: number) => n.toFixed(2);

/** The organisation's currency: the point of sale starts in it and goes back to it after a sale in another. */
const ORG_CURRENCY = 'CAD';

/** Chooses the point of sale's currency in its header (before the contribution starts). */
async function chooseCurrency(page: Page, code: string) {
  await page.getByRole('combobox', { name: 'Currency', exact: true }).click();
  await page.getByRole('option', { name: new RegExp(`^${code} `) }).click();
}

export async function openPos(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Point of sale' }).click();
  await page.getByRole('heading', { name: 'Point of sale' }).waitFor();
}

async function chooseSupporter(page: Page, name: string, email: string) {
  await cart(page).getByRole('button', { name: /Choose a supporter/ }).click();
  const account = page.getByRole('dialog', { name: 'Supporter' });
  await account.getByLabel('Find a supporter').fill(email);
  await account.getByRole('button', { name: new RegExp(`^${name}`) }).first().click();
  await account.waitFor({ state: 'detached' });
  await cart(page).getByText(name).first().waitFor();
}

async function addItem(page: Page, item: Item) {
  const search = page.getByLabel('Search products');
  await search.fill(item.product.split(' ')[1]!);
  await search.press('Enter');
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${item.product}`) }).click();
  const dialog = page.getByRole('dialog', { name: item.product });
  await dialog.waitFor();
  // The product screen makes standard products only (no 'donation form' type: see the report), so
  // the one-time and monthly gifts are the product's two options.
  if (item.variant) {
    await dialog.getByRole('combobox', { name: 'Option' }).click();
    await page.getByRole('option', { name: item.variant, exact: true }).click();
  }
  if (item.amount !== undefined) await dialog.getByLabel('Amount').fill(String(item.amount));
  if (item.tribute) {
    await dialog.getByLabel('Give this in tribute').check();
    await dialog.getByRole('combobox', { name: 'Tribute type' }).click();
    await page.getByRole('option', { name: 'In memory of', exact: true }).click();
    await dialog.getByLabel('In honour or memory of').fill(item.tribute);
  }
  await dialog.getByRole('button', { name: 'Add to contribution' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const cartTotal = async (page: Page) => Number((await cart(page).locator('[data-total="Total"]').innerText()).replace(/[^\d.]/g, ''));

async function cardFields(page: Page, number: string) {
  const fields = page.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill(number);
  await fields.getByLabel('Expiry (MM / YY)').fill('1235');
  await fields.getByLabel('Security code').fill('123');
}

async function openPayment(page: Page, tab: string): Promise<Locator> {
  await cart(page).getByRole('button', { name: /^Pay / }).click();
  const dialog = page.getByRole('dialog', { name: /^Payment/ });
  await dialog.waitFor();
  await dialog.getByRole('tab', { name: tab, exact: true }).click();
  return dialog;
}

async function complete(page: Page): Promise<{ status: number; body: Completed & { message?: string } }> {
  const dialog = page.getByRole('dialog', { name: /^Payment/ });
  const [response] = await Promise.all([
    page.waitForResponse((r) => /\/jpanel\/pos\/\d+\/complete$/.test(r.url())),
    dialog.getByRole('button', { name: /^Complete/ }).click(),
  ]);
  return { status: response.status(), body: (await response.json()) as Completed & { message?: string } };
}

const TABS = { card: 'Credit Card', saved: 'My Methods', bank: 'Bank', cash: 'Cash', check: 'Check', other: 'Other' } as const;

/** One sale from an empty cart to the finished screen, closed again. */
export async function sell(page: Page, month: number, who: { name: string; email: string }, items: Item[], pay: Pay, options: { promo?: string; declineFirst?: boolean; currency?: string } = {}): Promise<Sale> {
  const currency = options.currency ?? ORG_CURRENCY;
  if (currency !== ORG_CURRENCY) await chooseCurrency(page, currency);
  await chooseSupporter(page, who.name, who.email);
  for (const item of items) await addItem(page, item);
  if (options.promo) {
    await cart(page).getByRole('button', { name: 'Promo' }).click();
    const promo = page.getByRole('dialog', { name: 'Promo codes' });
    await promo.getByLabel('Promo code').fill(options.promo);
    await promo.getByRole('button', { name: 'Apply' }).click();
    await promo.waitFor({ state: 'detached' });
    await cart(page).locator('[data-total="Discount"]').waitFor();
  }
  const total = await cartTotal(page);
  if (options.declineFirst) {
    const dialog = await openPayment(page, 'Credit Card');
    await cardFields(page, '4000000000000002');
    const answer = await complete(page);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    await dialog.getByRole('alert').filter({ hasText: answer.body.message ?? '' }).waitFor();
    declined.push({ month, supporter: who.name, total });
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  }
  const dialog = await openPayment(page, TABS[pay.type]);
  switch (pay.type) {
    case 'card':
      await cardFields(page, pay.number ?? '4242424242424242');
      if (pay.save) await dialog.getByLabel("Save this card to the supporter's payment methods").check();
      break;
    case 'saved':
      expect(await dialog.getByRole('radio', { name: /4242/ }).isChecked()).toBe(true);
      break;
    case 'bank':
      await dialog.getByLabel('Account holder name').fill(who.name);
      await dialog.getByLabel('Transit number').fill('12345');
      await dialog.getByLabel('Institution number').fill('003');
      await dialog.getByLabel('Account number').fill('000123456789');
      await dialog.getByLabel(/authorizes this debit/).check();
      break;
    case 'cash':
      await dialog.getByLabel('Cash received').fill(money(pay.received));
      break;
    case 'check':
      await dialog.getByLabel('Check number').fill(pay.number);
      await dialog.getByLabel('Check date').fill(pay.date);
      await dialog.getByLabel('Check number').click();
      await dialog.getByLabel('Check amount').fill(money(total));
      break;
    case 'other':
      await dialog.getByLabel('Reference number').fill(pay.reference);
      break;
  }
  const answer = await complete(page);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  if (pay.type === 'cash') expect(answer.body.payment.cash_change).toBeCloseTo(pay.received - total, 2);
  await page.getByRole('heading', { name: `Contribution #${answer.body.payment.invoicenumber} Complete!` }).waitFor();
  await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).last().click();
  await cart(page).getByText('No items yet.').waitFor();
  if (currency !== ORG_CURRENCY) await chooseCurrency(page, ORG_CURRENCY);
  const sale: Sale = { month, id: answer.body.order.id, number: answer.body.payment.invoicenumber, total, currency, supporter: who.name, pay: pay.type, ...(items.some((i) => i.variant === 'Monthly') ? { recurring: true } : {}),
    // Only the gift product is tax receiptable (the toque is bought, not given).
    receiptable: items.every((i) => i.product === 'Maple Hands Giving') };
  sales.push(sale);
  return sale;
}

export const refunds: { month: number; id: number; number: string; amount: number; full: boolean }[] = [];

/** Refunds a sale from its contribution page: all that is left, or `part` of it. */
export async function refund(page: Page, sale: Sale, part?: number): Promise<void> {
  await page.goto(`/jpanel/contributions/${sale.id}`);
  await page.getByRole('heading', { name: `Contribution #${sale.id}` }).waitFor();
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Refund contribution #${sale.id}` });
  if (part !== undefined) {
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    await dialog.getByRole('textbox', { name: /Amount/ }).fill(money(part));
  }
  await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
  await page.getByText(/refunded on Contribution/).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
  refunds.push({ month: sale.month, id: sale.id, number: sale.number, amount: part ?? sale.total, full: part === undefined });
}
