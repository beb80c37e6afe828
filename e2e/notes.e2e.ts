import type { NotesPage } from '@almoner/contracts';
import { expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

const browser = useBrowser();

it('adds, searches, edits and deletes a note on a supporter, starting from the empty state', async () => {
  const { page } = await browser.newPage();
  await startSession(page);
  // A supporter with no notes yet (the demo data notes some of them).
  const supporters = await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/supporters.listing', { length: 100, search: { value: '' } });
  let supporterId = 0;
  for (const { id } of supporters.data) {
    const notes = await apiCall<NotesPage>(page, 'GET', `/jpanel/api/v1/supporters/${id}/comments`);
    if (notes.meta.unfiltered === 0) {
      supporterId = id;
      break;
    }
  }
  expect(supporterId).toBeGreaterThan(0);

  await page.goto(`/jpanel/supporters/${supporterId}`);
  const panel = page.getByRole('region', { name: 'Notes' });
  await panel.getByText("There aren't any notes yet for this account").waitFor();
  await panel.getByRole('button', { name: 'Add the First Note' }).click();
  const modal = page.getByRole('dialog', { name: 'Add a note' });
  await modal.getByText('Notes are visible by all users.').waitFor();
  // Blank is refused in place.
  await modal.getByRole('button', { name: 'Save note' }).click();
  await modal.getByText('This field is required.').waitFor();
  const marker = `Marker${Date.now() % 100000}`;
  await modal.getByRole('textbox', { name: 'Note' }).fill(`Called about the <b>gala</b>.\n${marker} wants a tour.`);
  await screenshot(page, 'notes-add');
  await page.keyboard.press('Control+Enter');
  await page.getByText('Note has been added.').waitFor();
  await modal.waitFor({ state: 'detached' });
  // Typed markup is text, not HTML.
  await panel.getByText('Called about the <b>gala</b>.', { exact: false }).waitFor();
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
  await panel.getByRole('heading', { name: month }).waitFor();

  await panel.getByRole('button', { name: 'Create note' }).click();
  await page.getByRole('dialog', { name: 'Add a note' }).getByRole('textbox', { name: 'Note' }).fill('Second note, about Easter.');
  await page.getByRole('dialog', { name: 'Add a note' }).getByRole('button', { name: 'Save note' }).click();
  await panel.getByText('Second note, about Easter.').waitFor();

  // Search: one match, then none with Reset filter.
  await panel.getByRole('textbox', { name: 'Search notes' }).fill(marker);
  await expect.poll(() => panel.getByRole('article').count()).toBe(1);
  await panel.getByRole('textbox', { name: 'Search notes' }).fill('nothing-like-this');
  await panel.getByText('No notes found for nothing-like-this').waitFor();
  await screenshot(page, 'notes-no-match');
  await panel.getByRole('button', { name: 'Reset filter' }).click();
  await expect.poll(() => panel.getByRole('article').count()).toBe(2);

  // Edit the first (newest) note.
  await panel.getByRole('article').first().getByRole('button', { name: 'Edit note' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit note' });
  await edit.getByRole('textbox', { name: 'Note' }).fill('Second note, about Easter and Christmas.');
  await edit.getByRole('button', { name: 'Save note' }).click();
  await page.getByText('Note has been updated').waitFor();
  await panel.getByText('Second note, about Easter and Christmas.').waitFor();
  await screenshot(page, 'notes-panel');

  // Delete asks first, with Cancel focused.
  await panel.getByRole('article').first().getByRole('button', { name: 'Delete note' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete note' });
  await dialog.getByText('Are you sure you want to delete this note?').waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Note has been deleted.').waitFor();
  await expect.poll(() => panel.getByRole('article').count()).toBe(1);
  const left = await apiCall<NotesPage>(page, 'GET', `/jpanel/api/v1/supporters/${supporterId}/comments`);
  expect(left.meta.total).toBe(1);
});
