import type { Page as PageRecord } from '@almoner/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { dropFiles, png, pngFile } from './support/images.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

/** A JSON call made the way the SPA makes it (XHR header, CSRF token from the cookie). */
async function call<T>(context: BrowserContext, method: string, url: string, data?: unknown): Promise<T> {
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.fetch(url, { method, headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': decodeURIComponent(xsrf) }, ...(data === undefined ? {} : { data }) });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as T;
}

it('edits a page in both modes, autosaves a draft every minute and restores a revision', async () => {
  const { context, page } = await browser.newPage();
  // Autosave runs every 60 s: the test moves the page's clock instead of waiting.
  await page.clock.install();
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const title = `Volunteer ${Date.now() % 100000}`;
  const created = await call<PageRecord>(context, 'POST', '/jpanel/pages', { title, body: '<p>Original text</p>' });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Pages' }).click();
  await page.getByRole('link', { name: title }).click();
  const visual = page.getByRole('textbox', { name: 'Page content', exact: true });
  await visual.waitFor();
  await visual.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' plus visual words');
  // Code mode shows the same content and edits it.
  await page.getByText('Code', { exact: true }).click();
  const code = page.getByRole('textbox', { name: 'Page content (code)' });
  await code.waitFor();
  expect(await code.textContent()).toContain('Original text plus visual words');
  await code.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type('<p>Typed in code</p>');
  await page.getByText('Visual', { exact: true }).click();
  await page.getByRole('textbox', { name: 'Page content', exact: true }).getByText('Typed in code').waitFor();
  // The category selector appears for category pages only.
  expect(await page.getByRole('combobox', { name: 'Page type' }).count()).toBe(1);
  expect(await page.getByRole('combobox', { name: 'Category' }).count()).toBe(0);

  await page.clock.fastForward(61_000);
  await page.getByRole('status').getByText(/Draft autosaved at/).waitFor();
  const drafted = await call<PageRecord>(context, 'GET', `/jpanel/pages/${created.id}.json`);
  expect(drafted.body).toBe('<p>Original text</p>');
  expect(drafted.revisions[0]?.is_autosave).toBe(true);
  await page.getByText('Draft', { exact: true }).waitFor();
  await screenshot(page, 'page-editor');

  await page.getByRole('button', { name: 'Save page' }).click();
  await page.getByText('Page saved.').waitFor();
  const saved = await call<PageRecord>(context, 'GET', `/jpanel/pages/${created.id}.json`);
  expect(saved.body).toContain('Typed in code');
  expect(saved.revisions.map((r) => r.is_autosave)).toEqual([false]);

  await page.getByRole('button', { name: /^Restore Revision of/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore revision' });
  await dialog.waitFor();
  // The question names the revision by its date, formatted as everywhere else.
  await dialog.getByText(/^Restore the revision of [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M\?/).waitFor();
  // A destructive question focuses Cancel.
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await screenshot(page, 'page-restore-confirm');
  await dialog.getByRole('button', { name: 'Restore' }).click();
  await page.getByText('Revision restored.').waitFor();
  const restored = await call<PageRecord>(context, 'GET', `/jpanel/pages/${created.id}.json`);
  expect(restored.body).toBe('<p>Original text</p>');
  await page.getByRole('textbox', { name: 'Page content', exact: true }).getByText('Original text', { exact: true }).waitFor();

  // The templates library inserts a real template.
  await page.getByRole('button', { name: 'Templates' }).click();
  const library = page.getByRole('dialog', { name: 'Templates library' });
  await library.getByRole('tab', { name: 'Components' }).click();
  await library.getByRole('button', { name: 'Insert Donate button' }).click();
  await page.getByRole('textbox', { name: 'Page content', exact: true }).getByText('Donate now').waitFor();
  await page.getByRole('button', { name: 'Templates' }).click();
  await library.getByRole('tab', { name: 'Smart Codes' }).click();
  await library.getByText('Organisation name').waitFor();
  await screenshot(page, 'page-templates-library');
  await page.keyboard.press('Escape');
});

it('puts library images in the page: the background from the library, an image from the toolbar, a dropped image uploaded', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await signIn(page);
  await page.getByRole('navigation', { name: 'Main navigation' }).waitFor();
  const n = Date.now() % 100000;
  // One image in the library through the editor's upload endpoint.
  const xsrf = decodeURIComponent((await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const uploaded = await context.request.post('/jpanel/api/v1/tinymce/imageupload', {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': xsrf },
    multipart: { file: { name: `Hero ${n}.png`, mimeType: 'image/png', buffer: png(30, 90, 160) } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);
  const hero = (await uploaded.json()) as { location: string; filename: string };
  expect(hero.filename).toBe(`hero-${n}.png`);
  const title = `Gallery page ${n}`;
  const created = await call<PageRecord>(context, 'POST', '/jpanel/pages', { title, body: '<p>Intro</p>' });
  await page.goto(`/jpanel/pages/${created.id}`);
  const visual = page.getByRole('textbox', { name: 'Page content', exact: true });
  await visual.waitFor();

  // The toolbar's image button opens the images library; Insert Image puts it at the cursor.
  await visual.click();
  await page.getByRole('button', { name: 'Insert image' }).click();
  const library = page.getByRole('dialog', { name: 'Images' });
  await library.getByLabel('Search images').fill(`hero-${n}`);
  await library.getByRole('checkbox', { name: `hero-${n}.png` }).check();
  await library.getByRole('button', { name: 'Insert Image' }).click();
  await visual.locator(`img[src="${hero.location}"]`).waitFor();

  // An image dropped on the editor is uploaded into the library and lands in the text.
  await dropFiles(page, visual, [pngFile(`Dropped ${n}`, [200, 140, 20])]);
  await visual.locator(`img[src$="/dropped-${n}.png"]`).waitFor({ timeout: 15_000 });

  // The background image comes from the library too, kept by its lasting address.
  await page.getByRole('button', { name: 'Choose from library' }).first().click();
  await library.getByLabel('Search images').fill(`hero-${n}`);
  await library.getByRole('checkbox', { name: `hero-${n}.png` }).check();
  await library.getByRole('button', { name: 'Insert Image' }).click();
  expect(await page.getByLabel('Background image URL').inputValue()).toBe(hero.location);
  await screenshot(page, 'page-editor-images');

  await page.getByRole('button', { name: 'Save page' }).click();
  await page.getByText('Page saved.').waitFor();
  const saved = await call<PageRecord>(context, 'GET', `/jpanel/pages/${created.id}.json`);
  expect(saved.body).toContain(`src="${hero.location}"`);
  expect(saved.body).toMatch(new RegExp(`src="/media/\\d+/dropped-${n}\\.png"`));
  expect(saved.background_options.image_url).toBe(hero.location);
  // The lasting address answers with the file (through a fresh signed link).
  const served = await context.request.get(hero.location);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  await context.close();
});
