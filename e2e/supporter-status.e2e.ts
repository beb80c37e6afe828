import { supporterStatusMessages } from '@almoner/contracts';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 36 item 3: archive a supporter, mark one as spam, restore them, from their page. Uses the
 * oldest demo supporter and leaves them active again.
 */
const browser = useBrowser();

type Listing = { data: { id: number; display_name: string }[] };

it('archives a supporter after asking, shows it on their page and in their history, then restores them', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await startSession(page);
  const { data } = await apiCall<Listing>(page, 'POST', '/jpanel/supporters.listing', { length: 1, status: 'active', order: [{ column: 10, dir: 'asc' }] });
  const who = data[0]!;
  await page.goto(`/jpanel/supporters/${who.id}`);
  const header = page.getByRole('heading', { name: who.display_name, level: 2 });
  await header.waitFor();

  await page.getByRole('button', { name: 'Archive' }).click();
  const ask = page.getByRole('dialog', { name: 'Archive supporter' });
  await ask.getByText(supporterStatusMessages.confirm.archive(who.display_name)).waitFor();
  // Archiving can be undone, so it is an ordinary question: its own button has the focus.
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Archive');
  await expectAccessible(page, 'archive supporter dialog');
  await ask.getByRole('button', { name: 'Archive' }).click();
  await page.getByText(supporterStatusMessages.done.archive(who.display_name)).waitFor();
  await page.getByText('Archived', { exact: true }).first().waitFor();
  // The history names who did it, and the change from active.
  const history = page.getByRole('region', { name: 'History', exact: true });
  await history.getByText('Changed by Demo Administrator').first().waitFor();
  await screenshot(page, 'supporter-archived');

  // Archived: Restore and Mark as spam are offered, Archive is not.
  await expect.poll(() => page.getByRole('button', { name: 'Archive', exact: true }).count()).toBe(0);
  await page.getByRole('button', { name: 'Restore' }).click();
  await page.getByText(supporterStatusMessages.done.restore(who.display_name)).waitFor();
  await page.getByRole('button', { name: 'Archive', exact: true }).waitFor();
  const { supporter } = await apiCall<{ supporter: { is_active: boolean; is_spam: boolean } }>(page, 'GET', `/jpanel/supporters/${who.id}`);
  expect([supporter.is_active, supporter.is_spam]).toEqual([true, false]);
  await context.close();
});
