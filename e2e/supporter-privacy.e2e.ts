import { readFile } from 'node:fs/promises';
import { erasedSupporterName, supporterPrivacyMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 36 items 8 and 9: the supporters list filtered by lifetime giving and the year they gave,
 * saved as a view and brought back; a supporter's data exported (JSON and ZIP) and then erased
 * on request, their gift kept as "Erased supporter #id". Works on a supporter and a gift of its
 * own, so the demo's records are left as they were.
 */
const browser = useBrowser();

type Listing = { data: { id: number; display_name: string }[] };

/** A supporter with one paid $40 cash gift, entered at the point of sale and attached to them. */
async function donorWithGift(page: Page, stamp: string): Promise<{ id: number; gift: number; email: string }> {
  const email = `priya.${stamp}@example.org`;
  const { supporter } = await apiCall<{ supporter: { id: number } }>(page, 'POST', '/jpanel/supporters', { first_name: 'Priya', last_name: `Private${stamp}`, email, bill_address_01: `${stamp} Quiet Lane` });
  const found = await apiCall<{ products: { id: number; name: string }[] }>(page, 'POST', '/jpanel/pos/products.json', { keywords: 'General Fund', currency_code: 'USD' });
  const product = found.products.find((p) => p.name === 'General Fund');
  expect(product, 'the demo\'s General Fund').toBeDefined();
  const { order } = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/add`, { product_id: product?.id, amount: 40 });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/update`, { billing_first_name: 'Priya', billing_last_name: `Private${stamp}`, billing_country: 'US' });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: 40 });
  await apiCall(page, 'POST', `/jpanel/contributions/${order.id}`, { supporter_id: supporter.id });
  return { id: supporter.id, gift: order.id, email };
}

/** The supporter rows the table shows now, by their names. */
const shownNames = (page: Page) => page.locator('tbody tr').allInnerTexts();

it('filters the list by lifetime giving and the year given, saves it as a view, exports a supporter and erases them', async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  // Six digits always: a shorter stamp's names would also match a longer one's as text.
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const donor = await donorWithGift(page, stamp);
  const year = String(new Date().getFullYear());

  // Filter: lifetime between $30 and $50, gave this year. The URL keeps the filters.
  await page.goto(`/jpanel/supporters?q=Private${stamp}`);
  await page.getByRole('heading', { name: 'Supporters', exact: true }).waitFor();
  await expect.poll(() => shownNames(page)).toEqual([expect.stringContaining(`Priya Private${stamp}`)]);
  const from = page.getByRole('textbox', { name: 'Lifetime from', exact: true });
  await from.fill('30');
  await from.press('Enter');
  await page.waitForURL(/f\.lifetime_min=30/);
  const to = page.getByRole('textbox', { name: 'Lifetime to', exact: true });
  await to.fill('39');
  await to.press('Enter');
  await page.waitForURL(/f\.lifetime_max=39/);
  await page.getByText('No supporters match.').waitFor();
  await to.fill('50');
  await to.press('Enter');
  await page.waitForURL(/f\.lifetime_max=50/);
  await expect.poll(() => shownNames(page)).toEqual([expect.stringContaining(`Priya Private${stamp}`)]);
  await page.getByRole('combobox', { name: 'Gave in', exact: true }).click();
  await page.getByRole('option', { name: year, exact: true }).click();
  await page.waitForURL(new RegExp(`f\\.gave_in_year=${year}`));
  await expect.poll(() => shownNames(page)).toEqual([expect.stringContaining(`Priya Private${stamp}`)]);
  // The list's own query says the same as the table.
  const listed = await apiCall<Listing>(page, 'POST', '/jpanel/supporters.listing', { search: { value: `Private${stamp}` }, lifetime_min: '30', lifetime_max: '50', gave_in_year: year, not_in_year: String(Number(year) - 1) });
  expect(listed.data.map((r) => r.id)).toEqual([donor.id]);
  await screenshot(page, 'supporters-filtered-by-giving');

  // Save the view, leave, and bring it back.
  const view = `Privacy e2e ${stamp}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const naming = page.getByRole('dialog', { name: 'Save view' });
  await naming.getByLabel('Name').fill(view);
  await naming.getByLabel('Name').press('Enter');
  await naming.waitFor({ state: 'detached' });
  await page.goto('/jpanel/supporters');
  await page.getByRole('heading', { name: 'Supporters', exact: true }).waitFor();
  // The list drawn first: its rows arriving move the toolbar's dropdown under a click (CI saw
  // the option's click land nowhere, twice, on a busy machine).
  await page.locator('tbody tr').first().waitFor();
  const picker = page.getByRole('combobox', { name: 'Saved view' });
  await picker.click();
  await page.getByRole('option', { name: view, exact: true }).click();
  await expect.poll(() => picker.inputValue(), { message: 'the view chosen in the picker' }).toBe(view);
  await page.waitForURL(/f\.lifetime_min=30/);
  expect(page.url()).toContain(`f.gave_in_year=${year}`);
  await expect.poll(() => shownNames(page)).toEqual([expect.stringContaining(`Priya Private${stamp}`)]);
  await expect.poll(() => page.getByRole('textbox', { name: 'Lifetime to', exact: true }).inputValue()).toBe('$50');
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();

  // Export: everything Almoner keeps, as JSON and as a ZIP of CSVs.
  await page.goto(`/jpanel/supporters/${donor.id}`);
  await page.getByRole('heading', { name: `Priya Private${stamp}`, level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Export data' }).click();
  const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Everything as JSON' }).click()]);
  expect(json.suggestedFilename()).toMatch(new RegExp(`^supporter-${donor.id}-data-.*\\.json$`));
  const data = JSON.parse(await readFile(await json.path(), 'utf8')) as { supporter: { email: string }; contributions: { id: number }[]; addresses: { address_01: string | null }[] };
  expect(data.supporter.email).toBe(donor.email);
  expect(data.contributions.map((c) => c.id)).toEqual([donor.gift]);
  expect(data.addresses[0]?.address_01).toBe(`${stamp} Quiet Lane`);
  await page.getByRole('button', { name: 'Export data' }).click();
  const [zip] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Everything as CSV files (ZIP)' }).click()]);
  const bytes = await readFile(await zip.path());
  expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');

  // Erase: a modal with the focus in its field; Escape closes it; a wrong confirmation is refused.
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase personal data' });
  const field = dialog.getByLabel(supporterPrivacyMessages.confirmHelp(donor.id));
  await field.waitFor();
  expect(await field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await expectAccessible(page, 'erase personal data');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Erase personal data' }).click();
  await field.fill('erase');
  await field.press('Enter');
  await dialog.getByText(supporterPrivacyMessages.notConfirmed(donor.id)).waitFor();
  const unchanged = await apiCall<{ supporter: { email: string | null } }>(page, 'GET', `/jpanel/supporters/${donor.id}`);
  expect(unchanged.supporter.email).toBe(donor.email);
  await field.fill(`ERASE #${donor.id}`);
  await screenshot(page, 'supporter-erase-modal');
  await field.press('Enter');
  await page.getByText(supporterPrivacyMessages.erased(donor.id)).waitFor();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('heading', { name: erasedSupporterName(donor.id), level: 2 }).waitFor();
  await page.getByText('Personal data erased', { exact: true }).waitFor();
  expect(await page.getByRole('button', { name: 'Erase personal data' }).count()).toBe(0);
  // The record is read-only now: it says when and by whom it was erased, and offers no edit,
  // contact, status or consent change, nor the sections that held the person (notes, tags …).
  const notice = await page.locator('[data-erased-notice]').innerText();
  expect(notice).toContain('by Demo Administrator');
  expect(notice).toContain('read-only');
  for (const name of ['Edit', 'E-mail', 'Archive', 'Mark as spam', 'Restore']) {
    expect(await page.getByRole('main').getByRole('button', { name, exact: true }).count(), name).toBe(0);
    expect(await page.getByRole('main').getByRole('link', { name, exact: true }).count(), name).toBe(0);
  }
  for (const name of ['Consent', 'Notes', 'Tags', 'Tasks', 'Payment methods', 'Addresses']) {
    expect(await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name, exact: true }).count(), name).toBe(0);
  }
  await page.getByRole('navigation', { name: 'On this page' }).getByRole('link', { name: 'Gifts', exact: true }).waitFor();
  // The server refuses an edit all the same, with its message, and changes nothing.
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const answer = await page.request.fetch(`/jpanel/supporters/${donor.id}`, {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token, Accept: 'application/json' },
    data: { first_name: 'Back' },
  });
  const refused = { status: answer.status(), body: (await answer.json()) as { message: string } };
  expect(refused).toMatchObject({ status: 409, body: { message: supporterPrivacyMessages.noEdit } });
  await screenshot(page, 'supporter-erased');

  // Their gift is kept, named "Erased supporter #id"; a search no longer finds them.
  await page.goto(`/jpanel/contributions/${donor.gift}`);
  await page.getByRole('heading', { name: `Contribution #${donor.gift}`, level: 2 }).waitFor();
  await page.getByRole('region', { name: 'Supporter' }).getByText(erasedSupporterName(donor.id)).first().waitFor();
  expect(await page.getByText(`Private${stamp}`).count()).toBe(0);
  const searched = await apiCall<Listing>(page, 'POST', '/jpanel/supporters.listing', { search: { value: `Private${stamp}` }, status: 'all' });
  expect(searched.data).toEqual([]);
  await context.close();
});
