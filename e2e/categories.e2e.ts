import type { Category } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const read = (page: Page, id: number) =>
  page.evaluate(async (categoryId) => {
    const r = await fetch(`/jpanel/product_categories/${categoryId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as Category;
  }, id);

it('creates a category inside another, shows server errors, and deletes it', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  const stamp = Date.now() % 100000;
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Product categories' }).click();
  await page.getByRole('link', { name: 'Add category' }).click();
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Gifts ${stamp}`);
  await page.getByRole('textbox', { name: /^URL name/ }).fill(`gifts-${stamp}`);
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.waitForURL(/\/jpanel\/categories\/\d+$/);
  const parentId = Number(/(\d+)$/.exec(page.url())![1]);

  await page.goto('/jpanel/categories/new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(`Cards ${stamp}`);
  await page.getByRole('combobox', { name: 'Parent category' }).fill(`Gifts ${stamp}`);
  await page.getByRole('option', { name: `Gifts ${stamp}`, exact: true }).click();
  // The URL name is taken: the server's answer shows on the field.
  await page.getByRole('textbox', { name: /^URL name/ }).fill(`gifts-${stamp}`);
  await page.getByRole('textbox', { name: /^Order/ }).fill('4');
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.getByText('This URL name is already in use.').waitFor();
  await screenshot(page, 'category-new-error');
  await page.getByRole('textbox', { name: /^URL name/ }).fill(`cards-${stamp}`);
  await page.getByRole('button', { name: 'Create category' }).click();
  await page.waitForURL(/\/jpanel\/categories\/\d+$/);
  const childId = Number(/(\d+)$/.exec(page.url())![1]);
  expect(await read(page, childId)).toMatchObject({ name: `Cards ${stamp}`, parent_id: parentId, sequence: 4, url_name: `cards-${stamp}` });

  await page.goto('/jpanel/categories');
  await page.getByRole('link', { name: `Gifts ${stamp} › Cards ${stamp}` }).waitFor();
  await screenshot(page, 'category-list');

  await page.getByRole('link', { name: `Gifts ${stamp}`, exact: true }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/jpanel\/categories$/);
  await page.getByRole('link', { name: `Cards ${stamp}`, exact: true }).waitFor();
  expect((await read(page, childId)).parent_id).toBeNull();
});
