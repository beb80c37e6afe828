import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 37 item 4: thanking. Two new gifts wait in the unacknowledged list; their letters are
 * previewed (nothing marked), then sent (one PDF, both acknowledged today, gone from the list);
 * one gift's confirmation e-mail is sent again from its page.
 */
const browser = useBrowser();

/** A paid guest gift at the point of sale, billed to an address the confirmation can go to. */
async function guestGift(page: Page, stamp: string, n: number): Promise<number> {
  const found = await apiCall<{ products: { id: number; name: string }[] }>(page, 'POST', '/jpanel/pos/products.json', { keywords: 'General Fund', currency_code: 'USD' });
  const product = found.products.find((p) => p.name === 'General Fund');
  expect(product, 'the demo\'s General Fund').toBeDefined();
  const { order } = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/add`, { product_id: product?.id, amount: 30 + n });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/update`, { billing_first_name: 'Thea', billing_last_name: `Thanks${stamp}`, billing_email: `thea.${stamp}.${n}@example.org`, billing_country: 'US' });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: 30 + n });
  return order.id;
}

/** Confirms a bulk action and answers the file it downloads. */
async function bulkDownload(page: Page, label: string) {
  await page.getByRole('button', { name: label, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await dialog.waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: label, exact: true }).click()]);
  expect(download.suggestedFilename()).toBe('thank-you-letters.pdf');
  expect((await readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
}

it('sends thank-you letters from the unacknowledged list and re-sends a confirmation', async () => {
  const { page } = await browser.newPage({ width: 1280, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const ids = [await guestGift(page, stamp, 1), await guestGift(page, stamp, 2)];

  await page.goto('/jpanel/contributions');
  await page.getByRole('link', { name: 'Unacknowledged gifts', exact: true }).click();
  await page.getByRole('heading', { name: 'Unacknowledged gifts', level: 2 }).waitFor();
  await page.getByRole('searchbox', { name: 'Search unacknowledged gifts' }).or(page.getByRole('textbox', { name: 'Search unacknowledged gifts' })).fill(`Thanks${stamp}`);
  const rows = page.locator('tbody tr');
  await expect.poll(() => rows.count()).toBe(2);
  await expectAccessible(page, 'unacknowledged gifts, searched');
  for (const n of [0, 1]) await rows.nth(n).getByRole('checkbox').check();

  // Preview: the letters, nothing marked.
  await bulkDownload(page, 'Preview letters');
  await expect.poll(() => rows.count()).toBe(2);

  // Send: the letters again, and both gifts acknowledged today; they leave the list.
  await bulkDownload(page, 'Send thank-you letters');
  await page.getByText('2 gifts marked acknowledged today.').waitFor();
  await page.getByText('Every gift matching is acknowledged.').waitFor();
  await screenshot(page, 'thanks-unacknowledged-sent');
  const detail = await apiCall<{ contribution: { acknowledged_on: string | null } }>(page, 'GET', `/jpanel/contributions/${ids[0]}`);
  expect(detail.contribution.acknowledged_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  // The gift's page: its acknowledgement date, and its confirmation sent again.
  await page.goto(`/jpanel/contributions/${ids[0]}`);
  const thanks = page.getByRole('region', { name: 'Thanks' });
  await thanks.waitFor();
  expect(await thanks.getByLabel('Acknowledged on').inputValue()).toBe(detail.contribution.acknowledged_on);
  await thanks.getByRole('button', { name: 'Re-send confirmation', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Re-send confirmation' });
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByText(`The confirmation of contribution #${ids[0]} has been sent again to thea.${stamp}.1@example.org.`).waitFor();
  await page.getByText('Confirmation e-mail sent again').first().waitFor();
  await expectAccessible(page, 'contribution with its thanks section');
});
