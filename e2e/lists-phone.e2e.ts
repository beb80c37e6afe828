import { PRODUCTS_PAGE_SIZE, type ListingResponse } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { listingScreen, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 41: a phone shows a list's rows as cards, so it has no column headings to click. Its
 * sort is two labelled selects (the column, then its direction) that reorder the cards, from
 * the keyboard too, and the sort stays in the address like a heading click's.
 */
const browser = useBrowser();
type Row = { id: number; name: string };
const firstCard = (page: Page) => page.locator('[data-row-card]').first().innerText();
const products = listingScreen<ListingResponse<Row>>('/jpanel/products.listing', '/jpanel/products', 'Products');

it('a sortable list on a phone offers its sort, and the sort reorders the cards', async () => {
  const { page } = await browser.newPage({ width: 375, height: 812 });
  await signIn(page);
  await products.openList(page);
  expect(await page.locator('main table').count()).toBe(0);

  const sortBy = page.getByRole('combobox', { name: 'Sort by', exact: true });
  const direction = page.getByRole('combobox', { name: 'Direction', exact: true });
  // The list's own default: the last updated first.
  expect(await sortBy.inputValue()).toBe('6');
  expect(await direction.inputValue()).toBe('desc');
  // Only sortable columns are offered (price is not).
  const offered = await sortBy.locator('option').allTextContents();
  expect(offered).toContain('Product');
  expect(offered).not.toContain('Price');

  const descending = await products.reloadBy(page, () => sortBy.selectOption({ label: 'Product' }), '"column":0,"dir":"desc"');
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('0:desc');
  await expect.poll(() => firstCard(page)).toContain(descending.data[0]!.name);

  // The direction from the keyboard: focus it and press the arrow key, as a person would.
  await direction.focus();
  const ascending = await products.reloadBy(page, () => page.keyboard.press('ArrowUp'), '"column":0,"dir":"asc"');
  await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('0:asc');
  expect(await direction.inputValue()).toBe('asc');

  // The demo's products fit one page, so one direction is the other reversed, card for card.
  expect(ascending.recordsFiltered).toBeLessThanOrEqual(PRODUCTS_PAGE_SIZE);
  expect(ascending.data.map((r) => r.name)).toEqual(descending.data.map((r) => r.name).reverse());
  await expect.poll(() => firstCard(page)).toContain(ascending.data[0]!.name);
  const cards = await page.locator('[data-row-card]').allInnerTexts();
  expect(cards).toHaveLength(ascending.data.length);
  ascending.data.forEach((row, i) => expect(cards[i]).toContain(row.name));
  await screenshot(page, 'lists-phone-sorted');
});
