import type { Segment } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { moveByKeyboard } from './support/sortable.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const read = (page: Page, id: number) =>
  page.evaluate(async (segmentId) => {
    const r = await fetch(`/jpanel/segments/${segmentId}`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    return (await r.json()) as Segment;
  }, id);

it('creates an option-list segment, reorders and removes its options, then deletes it', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Segments' }).click();
  await page.getByRole('link', { name: 'Add segment' }).click();
  const name = `Region ${Date.now() % 100000}`;
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  // A text segment has no options.
  expect(await page.getByRole('button', { name: 'Add option' }).count()).toBe(0);
  await page.getByRole('combobox', { name: 'Type', exact: true }).click();
  await page.getByRole('option', { name: 'Option list', exact: true }).click();
  await page.getByRole('button', { name: 'Create segment' }).click();
  await page.getByText('Please fill this field.').first().waitFor();
  await page.getByLabel('Name of option 1').fill('North');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Name of option 2').fill('South');
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel('Name of option 3').fill('East');
  // East first (dnd-kit keyboard sensor), then South removed.
  await moveByKeyboard(page, page.getByRole('button', { name: 'Move option 3', exact: true }), 'ArrowUp', 2);
  await page.getByRole('button', { name: 'Remove option 3', exact: true }).click();
  await screenshot(page, 'segment-new');
  await page.getByRole('button', { name: 'Create segment' }).click();
  await page.waitForURL(/\/jpanel\/segments\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())![1]);
  const saved = await read(page, id);
  expect(saved.type).toBe('multi-select');
  expect(saved.items.map((i) => i.name)).toEqual(['East', 'North']);
  await page.getByRole('button', { name: 'Save' }).waitFor();
  await screenshot(page, 'segment-saved');

  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog');
  // A destructive dialog focuses Cancel.
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/jpanel\/segments$/);
  await page.getByRole('heading', { name: 'Segments' }).waitFor();
  expect(await page.getByRole('link', { name, exact: true }).count()).toBe(0);
});
