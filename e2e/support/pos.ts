import type { Page } from 'playwright-core';

/**
 * At the point of sale: finds `product` by `search` and adds it to the contribution as it is
 * offered (one, its first variant), the way a cashier does with the search box and the
 * product's dialog. Answers once the dialog has closed.
 */
export async function addToContribution(page: Page, search: string, product: string): Promise<void> {
  const box = page.getByLabel('Search products');
  await box.fill(search);
  await box.press('Enter');
  await page.getByRole('list', { name: 'Products' }).getByRole('button', { name: new RegExp(`^${product}`) }).click();
  const item = page.getByRole('dialog', { name: product });
  await item.getByRole('button', { name: 'Add to contribution' }).click();
  await item.waitFor({ state: 'detached' });
}
