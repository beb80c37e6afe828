import { tagMessages, taskMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, listingScreen, settledScreenshot as screenshot } from './support/listing.ts';
import { dismissToasts } from './support/toasts.ts';

/**
 * Issue 36 items 5 and 7: a follow-up task added on a supporter's page and completed from My
 * tasks; a tag made, put on a supporter (and in their history), and the supporters list filtered
 * by it. Names carry a run's own suffix, so reruns against one database never collide.
 */
const browser = useBrowser();
const suffix = Math.random().toString(36).slice(2, 7);

type Listing = { recordsFiltered: number; data: { id: number; display_name: string }[] };
const { reloadBy, openList } = listingScreen<Listing>('/jpanel/supporters.listing', '/jpanel/supporters', 'Supporters');

async function someSupporter(page: Page, offset: number) {
  const { data } = await apiCall<Listing>(page, 'POST', '/jpanel/supporters.listing', { start: offset, length: 1, status: 'active', order: [{ column: 10, dir: 'asc' }] });
  return data[0]!;
}

const myCount = async (page: Page) => {
  const badge = page.getByTestId('my-tasks-count');
  return (await badge.count()) ? Number(await badge.textContent()) : 0;
};

it('adds a task on a supporter and completes it from My tasks, the shell counting it', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await signIn(page);
  const who = await someSupporter(page, 3);
  await page.goto(`/jpanel/supporters/${who.id}`);
  const card = page.getByRole('region', { name: 'Tasks', exact: true });
  await card.getByText(/No open tasks|Due|Overdue|No due date/).first().waitFor();
  const before = await myCount(page);

  await card.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a task' });
  const title = `Thank-you call ${suffix}`;
  await dialog.getByRole('textbox', { name: 'Task' }).fill(title);
  // A day long past: overdue on any clock this suite runs on.
  await dialog.getByLabel('Due on').fill('2020-01-15');
  await dialog.getByRole('textbox', { name: 'Task' }).press('Enter');
  await page.getByText(taskMessages.created).waitFor();
  await dialog.waitFor({ state: 'detached' });
  const row = card.getByRole('group', { name: `Task: ${title}` });
  await row.getByText('Overdue · Jan 15, 2020').waitFor();
  await expect.poll(() => myCount(page)).toBe(before + 1);
  await screenshot(page, 'supporter-tasks-card');

  await dismissToasts(page);
  await page.getByRole('link', { name: /^My tasks/ }).click();
  await page.getByRole('heading', { name: 'My tasks', level: 2 }).waitFor();
  const line = page.getByRole('row').filter({ hasText: title });
  await line.getByRole('link', { name: who.display_name }).waitFor();
  await screenshot(page, 'my-tasks');
  await expectAccessible(page, 'my tasks with a task');
  await line.getByRole('checkbox', { name: `Complete task: ${title}` }).click();
  await page.getByText(taskMessages.completed).waitFor();
  await line.waitFor({ state: 'detached' });
  await expect.poll(() => myCount(page)).toBe(before);

  await page.getByText('Completed', { exact: true }).click();
  await page.waitForURL(/show=completed/);
  await page.getByRole('row').filter({ hasText: title }).getByText('by Demo Administrator').waitFor();
  await context.close();
});

it('tags a supporter from their page, shows it in their history, and filters the list by the tag', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await signIn(page);
  const who = await someSupporter(page, 4);
  await page.goto(`/jpanel/supporters/${who.id}`);
  const card = page.getByRole('region', { name: 'Tags', exact: true });
  await card.getByRole('button', { name: 'Manage tags' }).click();
  const manager = page.getByRole('dialog', { name: 'Manage tags' });
  const name = `Gala ${suffix}`;
  await manager.getByRole('textbox', { name: 'New tag' }).fill(name);
  await manager.getByRole('textbox', { name: 'New tag' }).press('Enter');
  await page.getByText(tagMessages.created).waitFor();
  await manager.getByRole('group', { name: `Tag ${name}` }).waitFor();
  await expectAccessible(page, 'tags manager');
  await page.keyboard.press('Escape');
  await manager.waitFor({ state: 'detached' });

  await card.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByText(tagMessages.supporterTagsSaved).waitFor();
  await card.getByRole('list', { name: 'Supporter tags' }).getByText(name, { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  const history = page.getByRole('region', { name: 'History', exact: true });
  await history.getByText(name).first().waitFor();
  await screenshot(page, 'supporter-tagged');

  await openList(page);
  await page.getByRole('combobox', { name: 'Tag', exact: true }).click();
  const filtered = await reloadBy(page, () => page.getByRole('option', { name, exact: true }).click());
  await page.waitForURL(/f\.tag_id=\d+/);
  expect(filtered.data.map((r) => r.id)).toEqual([who.id]);
  await page.locator('tbody tr').filter({ hasText: who.display_name }).waitFor();
  await screenshot(page, 'supporters-by-tag');
  await context.close();
});
