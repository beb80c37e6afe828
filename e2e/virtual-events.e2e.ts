import { virtualEventMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signInAt, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

/** Issue 16 item 2: a virtual event's create, edit, Public URL (slug) and delete, as staff do them. */
const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

it('creates an event, lands on its edit page, saves, edits its Public URL and deletes it', async () => {
  const { page } = await browser.newPage({ width: 1366, height: 1000 });
  await signInAt(page, '/jpanel/virtual-events');
  await page.getByRole('heading', { name: 'Virtual Events' }).first().waitFor();
  await screenshot(page, 'virtual-events-list');
  await page.getByRole('link', { name: 'Create virtual event' }).click();
  await page.getByRole('heading', { name: 'Create Virtual Event' }).waitFor();

  // Without a name the server answers 422: the field shows why and the toast asks for fixes.
  await page.getByRole('button', { name: 'Create virtual event' }).click();
  await page.getByText(virtualEventMessages.fixForm).first().waitFor();

  const name = `Winter Appeal Live ${Date.now() % 100000}`;
  await page.getByLabel('Name').fill(name);
  await page.getByRole('heading', { name: `Create ${name}` }).waitFor();
  // Celebration threshold takes digits only: letters typed are dropped.
  const threshold = page.getByLabel(/^Celebration threshold/);
  await threshold.fill('25a00');
  expect(await threshold.inputValue()).toBe('2500');
  await page.getByRole('button', { name: 'Create virtual event' }).click();
  await page.waitForURL(/\/jpanel\/virtual-events\/\d+\/edit$/);
  await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
  const id = Number(/\/virtual-events\/(\d+)\/edit/.exec(page.url())?.[1]);

  // Edit and save: the page reloads the stored event.
  await page.getByLabel('Pre-stream message, line 1').fill('Doors open soon');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(virtualEventMessages.saved, { exact: true }).first().waitFor();
  await page.reload();
  await page.getByRole('heading', { name: `Edit ${name}` }).waitFor();
  expect(await page.getByLabel('Pre-stream message, line 1').inputValue()).toBe('Doors open soon');
  expect(await page.getByLabel(/^Celebration threshold/).inputValue()).toBe('2500');
  await screenshot(page, 'virtual-event-edit');

  // The Public URL modal: the slug is normalised as typed; a slug another event uses is refused.
  await page.getByRole('button', { name: 'Edit Public URL' }).click();
  const modal = page.getByRole('dialog', { name: 'Public URL' });
  const slug = modal.getByLabel('Slug');
  await slug.fill('Spring Gala Livestream');
  expect(await slug.inputValue()).toBe('spring-gala-livestream');
  await modal.getByRole('button', { name: 'Save' }).click();
  await modal.getByText(virtualEventMessages.slugTaken).waitFor();
  await page.getByText(virtualEventMessages.slugFailed).first().waitFor();
  await slug.fill(`Winter Appeal! ${id}`);
  expect(await slug.inputValue()).toBe(`winter-appeal-${id}`);
  await screenshot(page, 'virtual-event-public-url');
  await modal.getByRole('button', { name: 'Save' }).click();
  await page.getByText(virtualEventMessages.slugUpdated).first().waitFor();
  await modal.waitFor({ state: 'hidden' });
  expect(await page.getByTestId('public-url').innerText()).toMatch(new RegExp(`/winter-appeal-${id}$`));

  // Delete asks first with Cancel focused; Cancel keeps the event, Delete removes it.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirmDialog = page.getByRole('dialog', { name: 'Delete virtual event' });
  await confirmDialog.getByText(virtualEventMessages.deleteConfirm).waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await confirmDialog.getByRole('button', { name: 'Cancel' }).click();
  await confirmDialog.waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete virtual event' }).getByRole('button', { name: 'Delete' }).click();
  await page.waitForURL(/\/jpanel\/virtual-events$/);
  await page.getByText(`${name} deleted.`).first().waitFor();
  const gone = await page.evaluate(async (eventId) => (await fetch(`/jpanel/virtual-events/${eventId}.json`, { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).status, id);
  expect(gone).toBe(404);
});

it('copies the stored stream URL and key of an event with a live stream', async () => {
  const { context, page } = await browser.newPage({ width: 1366, height: 1000 });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAt(page, '/jpanel/virtual-events');
  await page.getByRole('link', { name: 'Year-End Studio Broadcast' }).click();
  await page.getByRole('heading', { name: 'Edit Year-End Studio Broadcast' }).waitFor();

  expect(await page.getByRole('textbox', { name: 'Stream URL' }).inputValue()).toMatch(/^rtmps:\/\//);
  const key = await page.getByRole('textbox', { name: 'Stream key' }).inputValue();
  expect(key).not.toBe('');

  await page.getByRole('button', { name: 'Copy stream url' }).click();
  await page.getByText(virtualEventMessages.streamUrlCopied).first().waitFor();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(await page.getByRole('textbox', { name: 'Stream URL' }).inputValue());
  await page.getByRole('button', { name: 'Copy stream key' }).click();
  await page.getByText(virtualEventMessages.streamKeyCopied).first().waitFor();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(key);
  await screenshot(page, 'virtual-event-stream');
});
