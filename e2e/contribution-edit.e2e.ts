import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 37 item 1: a gift corrected after entry. A guest's cash gift to the General Fund with an
 * issued receipt is moved to the Clean Water fund and back-dated (its receipt revised), attached
 * to a supporter, given a note, deleted and restored — all from its page.
 */
const browser = useBrowser();

type Detail = { contribution: { id: number; supporter_id: number | null; ordered_at: string; deleted_at: string | null }; items: { gl_code: string | null }[]; notes: { body: string }[] };

/** A paid guest gift of $40 to the General Fund, entered at the point of sale, with an issued receipt. */
async function guestGift(page: Page, stamp: string): Promise<{ id: number; receipt: string }> {
  const found = await apiCall<{ products: { id: number; name: string }[] }>(page, 'POST', '/jpanel/pos/products.json', { keywords: 'General Fund', currency_code: 'USD' });
  const product = found.products.find((p) => p.name === 'General Fund');
  expect(product, 'the demo\'s General Fund').toBeDefined();
  const { order } = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/add`, { product_id: product?.id, amount: 40 });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/update`, { billing_first_name: 'Walk', billing_last_name: `In${stamp}`, billing_country: 'US' });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: 40 });
  // The demo issues receipts on completion; where it does not, one is issued now.
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const issued = await page.request.post(`/jpanel/contributions/${order.id}/tax_receipt`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token, Accept: 'application/json' },
    data: { issue: true },
  });
  const answer = (await issued.json()) as { number?: string | null; message?: string };
  const number = issued.status() === 409 ? /Tax receipt (\S+) already exists/.exec(answer.message ?? '')?.[1] : answer.number;
  expect(number, answer.message).toBeTruthy();
  return { id: order.id, receipt: String(number) };
}

it('corrects a gift\'s fund and date (receipt revised), moves it to a supporter, adds a note, deletes and restores it', async () => {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const gift = await guestGift(page, stamp);
  const supporter = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Rosa', last_name: `Moved${stamp}`, email: `rosa.${stamp}@example.org` });

  await page.goto(`/jpanel/contributions/${gift.id}`);
  await page.getByRole('heading', { name: `Contribution #${gift.id}`, level: 2 }).waitFor();

  // Fund and date: a day in the past, the Clean Water fund; Enter saves.
  await page.getByRole('button', { name: 'Edit gift', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit gift #${gift.id}` });
  await dialog.waitFor();
  const date = dialog.getByLabel(/^Date/);
  expect(await date.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  const fund = dialog.getByRole('textbox', { name: 'Fund', exact: true }).or(dialog.getByRole('combobox', { name: 'Fund', exact: true }));
  await fund.click();
  await fund.fill('WATER');
  await page.getByRole('option', { name: /WATER_4100/ }).click();
  await date.fill('2026-03-14');
  await screenshot(page, 'contribution-edit-modal');
  await date.press('Enter');
  await page.getByText(`Contribution #${gift.id} has been updated. Its receipt was revised as ${gift.receipt}-R1.`).waitFor();
  await dialog.waitFor({ state: 'hidden' });
  let stored = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${gift.id}`);
  expect(stored.items[0]?.gl_code).toBe('WATER_4100');
  expect(stored.contribution.ordered_at.slice(0, 10)).toBe('2026-03-14');
  // The history shows both, from → to.
  const history = page.getByRole('region', { name: /history/i }).last();
  await history.getByText('Fund (GL code)', { exact: false }).first().waitFor();
  await history.getByText('WATER_4100').first().waitFor();

  // Attach the guest gift to a supporter, picked by name.
  await page.getByRole('button', { name: 'Edit gift', exact: true }).click();
  await dialog.waitFor();
  const picker = dialog.getByRole('textbox', { name: 'Supporter', exact: true }).or(dialog.getByRole('combobox', { name: 'Supporter', exact: true }));
  await picker.click();
  await picker.fill(`Moved${stamp}`);
  await page.getByRole('option', { name: new RegExp(`Rosa Moved${stamp}`) }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(`Contribution #${gift.id} has been updated. Its receipt was revised as ${gift.receipt}-R2.`).waitFor();
  await page.getByRole('region', { name: 'Supporter' }).getByRole('link', { name: `Rosa Moved${stamp}` }).waitFor();
  stored = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${gift.id}`);
  expect(stored.contribution.supporter_id).toBe(supporter.supporter.id);

  // A note, added with Enter, shown in the notes card.
  const notes = page.getByRole('region', { name: 'Notes' });
  await notes.getByRole('textbox', { name: 'Add a note' }).fill('Donor phoned: the gift was for the water project.');
  await notes.getByRole('textbox', { name: 'Add a note' }).press('Enter');
  await notes.getByText('Donor phoned: the gift was for the water project.').waitFor();
  await screenshot(page, 'contribution-edited');

  // Delete, then restore from its page.
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  await page.getByRole('dialog', { name: 'Delete contribution' }).getByRole('button', { name: 'Delete', exact: true }).click();
  await page.waitForURL(/\/jpanel\/contributions$/);
  await page.goto(`/jpanel/contributions/${gift.id}`);
  await page.getByRole('status').filter({ hasText: 'This contribution was deleted' }).waitFor();
  await page.getByRole('button', { name: 'Restore', exact: true }).click();
  await page.getByText(`Contribution #${gift.id} has been restored.`).waitFor();
  await page.getByRole('button', { name: 'Edit gift', exact: true }).waitFor();
  stored = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${gift.id}`);
  expect(stored.contribution.deleted_at).toBeNull();
  await context.close();
});
