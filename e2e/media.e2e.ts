import type { Page } from 'playwright-core';
import { beforeEach, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, startSession, signInAt, useBrowser } from './support/browser.ts';
import { dropFiles, pngFile } from './support/images.ts';
import { apiCall } from './support/listing.ts';
import { settle } from './support/settle.ts';

/** Issue 14: the images and downloads libraries; issue 39: the Media library page is the library itself. */
const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

const file = pngFile;
// Fresh names for every test and every try of it: a retry must not find the first try's uploads.
let s = 0;
beforeEach(() => {
  s = Date.now() % 1_000_000;
});

it('is the library itself: uploads images by drag and drop, searches, deletes; files by type, with what is in use marked', async () => {
  const { page, context } = await browser.newPage({ width: 1280, height: 900 });
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Media library' }).click();
  await page.getByRole('heading', { name: 'Media library' }).waitFor();

  // Images, the default type: the page's own dropzone takes the files as a drop would.
  await dropFiles(page, page.getByTestId('dropzone-files'), [file(`Well ${s} One`, [200, 60, 60]), file(`Well ${s} Two`, [60, 120, 200]), file(`Other ${s}`, [60, 180, 90])]);
  await page.getByLabel('Search images').fill(`well-${s}`);
  await page.getByRole('link', { name: `well-${s}-one.png` }).waitFor({ timeout: 15_000 });
  await page.getByRole('link', { name: `well-${s}-two.png` }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('library-image').count()).toBe(2);
  await screenshot(page, 'media-images-library');

  // Delete asks first, with Cancel focused.
  await page.getByLabel('Search images').fill(`other-${s}`);
  await page.getByRole('button', { name: `Delete other-${s}.png` }).waitFor({ timeout: 15_000 });
  await expect.poll(() => page.getByTestId('library-image').count()).toBe(1);
  await page.getByRole('button', { name: `Delete other-${s}.png` }).click();
  const ask = page.getByRole('dialog', { name: 'Delete image' });
  await ask.waitFor();
  expect(await ask.getByRole('button', { name: 'Cancel' }).evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await ask.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('No images match.').waitFor();

  // Downloads: the type is kept in the address.
  await page.locator('label').filter({ hasText: /^Downloads$/ }).click();
  await page.waitForURL(/type=downloads/);
  const pdf = Buffer.from(`%PDF-1.4\n% field guide ${s}\n%%EOF\n`);
  await dropFiles(page, page.getByTestId('dropzone-downloads'), [{ name: `Guide ${s}.pdf`, mimeType: 'application/pdf', buffer: pdf }]);
  await page.getByLabel('Search files').fill(`guide-${s}`);
  const guide = page.getByTestId('library-file').filter({ hasText: `guide-${s}.pdf` });
  // The size shows once the upload is recorded, which under load can be after the row.
  await guide.getByText(`${pdf.length} bytes`).waitFor({ timeout: 15_000 });
  // Polled: the delete button can render a moment after the size (a clean-clone run, 2026-12-08).
  await expect.poll(() => guide.getByRole('button', { name: `Delete guide-${s}.pdf` }).count()).toBe(1);
  // The demo's annual report is sold by the e-book: marked in use, and it cannot be deleted.
  await page.getByLabel('Search files').fill('annual-report');
  const report = page.getByTestId('library-file').filter({ hasText: 'annual-report.pdf' });
  await report.getByText('In use').waitFor();
  expect(await report.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
  await screenshot(page, 'media-downloads-library');
  await page.reload();
  await page.getByLabel('Search files').waitFor();
  await context.close();
});

it('the picker is the same library: a page editor inserts a gallery of two images from it', async () => {
  const { page, context } = await browser.newPage({ width: 1280, height: 900 });
  await signInAt(page, '/jpanel/media');
  await dropFiles(page, page.getByTestId('dropzone-files'), [file(`Pick ${s} One`, [200, 60, 60]), file(`Pick ${s} Two`, [60, 120, 200])]);
  await page.getByLabel('Search images').fill(`pick-${s}`);
  // By name, not by count: the unfiltered list can hold two other images while the search waits.
  await page.getByRole('link', { name: `pick-${s}-one.png` }).waitFor({ timeout: 15_000 });
  await page.getByRole('link', { name: `pick-${s}-two.png` }).waitFor({ timeout: 15_000 });

  const created = await apiCall<{ id: number }>(page, 'POST', '/jpanel/pages', { title: `Gallery ${s}`, body: '<p>Intro</p>' });
  await page.goto(`/jpanel/pages/${created.id}`);
  const visual = page.getByRole('textbox', { name: 'Page content', exact: true });
  await visual.waitFor();
  await visual.click();
  await page.getByRole('button', { name: 'Insert image' }).click();
  const modal = page.getByRole('dialog', { name: 'Images' });
  await modal.getByLabel('Search images').fill(`pick-${s}`);
  await modal.getByRole('checkbox', { name: `pick-${s}-two.png` }).waitFor({ timeout: 15_000 });
  await expect.poll(() => modal.getByTestId('library-image').count()).toBe(2);
  await modal.getByRole('checkbox', { name: `pick-${s}-one.png` }).check();
  await modal.getByRole('checkbox', { name: `pick-${s}-two.png` }).check();
  expect(await modal.getByRole('button', { name: 'Insert Image' }).isDisabled()).toBe(true);
  await screenshot(page, 'media-picker-gallery');
  await modal.getByRole('button', { name: 'Create a New Gallery' }).click();
  await modal.waitFor({ state: 'detached' });
  await visual.locator(`img[src*="pick-${s}-one"]`).waitFor();
  await visual.locator(`img[src*="pick-${s}-two"]`).waitFor();
  await context.close();
});

it('settings: peer-to-peer default images are required when custom uploads are off, and chosen from the images library', async () => {
  const { page, context } = await browser.newPage({ width: 1280, height: 900 });
  await startSession(page);
  const fresh = { p2p_custom_images_enabled: true, ...Object.fromEntries([1, 2, 3, 4, 5, 6].map((n) => [`p2p_default_image_${n}`, ''])) };
  await apiCall(page, 'POST', '/jpanel/settings', fresh);
  await page.goto('/jpanel/settings#p2p');
  const uploads = page.locator('#setting-p2p_custom_images_enabled');
  await uploads.waitFor();
  // A forced click skips Playwright's checks, so wait for the screen to settle first (under load the
  // preloader can still cover it), and check that the switch really turned off.
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  expect(await uploads.isChecked()).toBe(true);
  await uploads.uncheck({ force: true });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByText('You must provide default images if you don’t allow custom image uploads').waitFor();
  await page.locator('[data-toast]', { hasText: 'Updates failed to save.' }).first().waitFor();
  await screenshot(page, 'media-p2p-settings-required');

  // Choose a default image from the library (uploaded here by drag and drop).
  await page.locator('[data-setting="p2p_default_image_1"]').getByRole('button', { name: /Choose image/ }).click();
  const modal = page.getByRole('dialog', { name: 'Images' });
  await modal.waitFor();
  expect(await modal.getByRole('button', { name: 'Create a New Gallery' }).count()).toBe(0);
  await dropFiles(page, modal.getByTestId('dropzone-files'), [file(`Default ${s}`, [240, 180, 40])]);
  await modal.getByLabel('Search images').fill(`default-${s}`);
  await expect.poll(() => modal.getByTestId('library-image').count(), { timeout: 15_000 }).toBe(1);
  await modal.getByRole('checkbox', { name: `default-${s}.png` }).check();
  await modal.getByRole('button', { name: 'Insert Image' }).click();
  await modal.waitFor({ state: 'detached' });
  const preview = page.getByRole('img', { name: `Chosen image default-${s}.png` });
  await preview.waitFor();
  // The lasting address loads the picture (a redirect to a signed link).
  await expect.poll(() => preview.evaluate((el) => {
    const img = el as unknown as { complete: boolean; naturalWidth: number };
    return img.complete ? img.naturalWidth : 0;
  }), { timeout: 10_000 }).toBe(48);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.locator('[data-toast]', { hasText: 'Updates saved.' }).first().waitFor();
  const saved = (await apiCall<{ values: Record<string, unknown> }>(page, 'GET', '/jpanel/settings.json')).values;
  expect(saved).toMatchObject({ p2p_custom_images_enabled: false, p2p_default_image_1: expect.stringMatching(new RegExp(`^/media/\\d+/default-${s}\\.png$`)) });
  await screenshot(page, 'media-p2p-settings-saved');

  await apiCall(page, 'POST', '/jpanel/settings', fresh);
  await context.close();
});

it('staff see the dropzones with file.add and the delete buttons with file.edit, and nothing more', async () => {
  const { page: admin, context: adminContext } = await browser.newPage();
  await signIn(admin);
  await admin.getByRole('button', { name: 'Account menu' }).waitFor();
  // One image in the library, so there is a card to show (or not show) a delete button on.
  await dropFilesAsAdmin(admin);
  const users = {} as Record<'viewer' | 'adder' | 'editor', string>;
  for (const [name, permissions] of [['viewer', ['file.view']], ['adder', ['file.view', 'file.add']], ['editor', ['file.view', 'file.edit']]] as const) {
    users[name] = `media-${name}.${s}@example.org`;
    await apiCall(admin, 'POST', '/jpanel/users', { first_name: 'Media', last_name: name, email: users[name], password: 'limited-user-1', is_admin_user: true, permissions });
  }
  await adminContext.close();

  const look = async (email: string) => {
    const { page, context } = await browser.newPage({ width: 1280, height: 900 });
    await signIn(page, email, 'limited-user-1');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Media library' }).click();
    const modal = page.getByRole('main');
    await modal.getByLabel('Search images').fill(`seen-${s}`);
    await expect.poll(() => modal.getByTestId('library-image').count(), { timeout: 15_000 }).toBe(1);
    const seen = {
      dropzone: await modal.getByTestId('dropzone-files').count(),
      delete: await modal.getByRole('button', { name: `Delete seen-${s}.png` }).count(),
      caption: await modal.getByLabel(`Caption of seen-${s}.png`).count(),
    };
    return { page, context, seen };
  };

  const viewer = await look(users.viewer);
  expect(viewer.seen).toEqual({ dropzone: 0, delete: 0, caption: 0 });
  await screenshot(viewer.page, 'media-library-view-only');
  await viewer.context.close();
  const adder = await look(users.adder);
  expect(adder.seen).toEqual({ dropzone: 1, delete: 0, caption: 0 });
  await adder.context.close();
  const editor = await look(users.editor);
  // Edit implies add (permissions.ts), so an editor uploads too.
  expect(editor.seen).toEqual({ dropzone: 1, delete: 1, caption: 1 });
  await editor.context.close();
});

/** Uploads one image through the library's dropzone as the administrator. */
async function dropFilesAsAdmin(page: Page) {
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Media library' }).click();
  await dropFiles(page, page.getByTestId('dropzone-files'), [file(`Seen ${s}`, [120, 120, 40])]);
  await page.getByLabel('Search images').fill(`seen-${s}`);
  await expect.poll(() => page.getByTestId('library-image').count(), { timeout: 15_000 }).toBe(1);
}
