import type { ThemeAsset, ThemeEditorData, ThemeRow } from '@almoner/contracts';
import type { BrowserContext, Page } from 'playwright-core';
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

async function call<T>(context: BrowserContext, url: string): Promise<T> {
  const response = await context.request.get(url, { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

// The demo theme is used by this file only.
it('edits and saves a theme file with Ctrl+S, then restores an older version', async () => {
  const { context, page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const theme = (await call<{ data: ThemeRow[] }>(context, '/jpanel/themes.json')).data.find((t) => t.handle === 'hope')!;
  const files = await call<ThemeEditorData>(context, `/jpanel/themes/${theme.id}/editor.json`);
  const template = files.assets.find((a) => a.key === 'snippets/buy-button.liquid')!;
  const before = await call<ThemeAsset>(context, `/jpanel/themes/${theme.id}/editor/assets/${template.id}.json`);

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Theme editor' }).click();
  await page.getByRole('link', { name: theme.title }).click();
  const tree = page.getByRole('navigation', { name: 'Theme files' });
  await tree.getByText('Snippets').waitFor();
  await page.getByRole('textbox', { name: 'Search files' }).fill('BUY-');
  await tree.getByRole('button', { name: 'buy-button.liquid' }).click();
  const editor = page.getByRole('textbox', { name: 'Contents of snippets/buy-button.liquid' });
  await editor.waitFor();
  await editor.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<small>{{ site.name }}</small>');
  await page.keyboard.press('Control+s');
  await page.getByText('Asset saved.').waitFor();
  const saved = await call<ThemeAsset>(context, `/jpanel/themes/${theme.id}/editor/assets/${template.id}.json`);
  expect(saved.value).toContain('<small>{{ site.name }}</small>');
  await page.getByRole('button', { name: 'Template variables' }).click();
  await page.getByRole('dialog', { name: 'Template variables' }).getByText('content_for_layout').waitFor();
  await page.keyboard.press('Escape');
  await screenshot(page, 'theme-editor');

  // Liquid that does not parse is refused with both messages.
  await editor.click();
  await page.keyboard.type('{% if x %}');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Unable to save asset. Please try again.').waitFor();
  await page.getByRole('alert').getByText(/does not parse/).waitFor();

  await page.getByRole('button', { name: 'Older versions' }).click();
  await page.getByRole('combobox', { name: 'Version' }).click();
  await page.getByRole('option').nth(1).click();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore older version' });
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await page.getByText('Older version restored.').waitFor();
  // The refused save's reason goes once the file is restored.
  await page.getByText(/does not parse/).waitFor({ state: 'detached' });
  const restored = await call<ThemeAsset>(context, `/jpanel/themes/${theme.id}/editor/assets/${template.id}.json`);
  expect(restored.value).toBe(before.value);

  // Images show only a label; zen mode hides the file list.
  await page.getByRole('textbox', { name: 'Search files' }).fill('logo');
  await tree.getByRole('button', { name: 'logo.png' }).click();
  await page.getByText('Image', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Enter Zen Mode' }).click();
  expect(await tree.count()).toBe(0);
  await screenshot(page, 'theme-editor-zen');
  await page.getByRole('button', { name: 'Exit Zen Mode' }).click();
  await tree.waitFor();
});
