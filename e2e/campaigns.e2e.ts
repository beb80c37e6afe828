import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn, startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 37 items 5 and 6: a campaign with an appeal made on its page, a gift credited to the
 * appeal from the gift's edit, the campaign's results (by appeal and by day), then the LYBUNT
 * list, and an appeal started from it whose donors are a saved view of Supporters.
 */
const browser = useBrowser();

const isoDaysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** A paid $40 guest gift to the General Fund, entered at the point of sale. */
async function cashGift(page: Page, stamp: string): Promise<number> {
  const found = await apiCall<{ products: { id: number; name: string }[] }>(page, 'POST', '/jpanel/pos/products.json', { keywords: 'General Fund', currency_code: 'USD' });
  const product = found.products.find((p) => p.name === 'General Fund');
  expect(product, 'the demo\'s General Fund').toBeDefined();
  const { order } = await apiCall<{ order: { id: number } }>(page, 'POST', '/jpanel/pos/new', { currency_code: 'USD', using_web_pos: true, use_defaults: false });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/add`, { product_id: product?.id, amount: 40 });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/update`, { billing_first_name: 'Cam', billing_last_name: `Paign${stamp}`, billing_country: 'US', billing_email: `cam.${stamp}@example.org` });
  await apiCall(page, 'POST', `/jpanel/pos/${order.id}/complete`, { payment_type: 'cash', cash_received: 40 });
  return order.id;
}

it('creates a campaign with an appeal, credits a gift to it from the gift edit and shows its results', async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  const name = `Roof fund ${stamp}`;
  const code = `ROOF${stamp}`;
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();

  // From the sidebar's Campaigns list: Add campaign, with one appeal; Enter in a field saves.
  await page.getByRole('list', { name: 'Fundraising' }).getByRole('link', { name: 'Campaigns', exact: true }).click();
  await page.getByRole('heading', { name: 'Campaigns', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Add campaign' }).click();
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: /^Goal/ }).fill('1000');
  await page.getByLabel('Start date').fill(isoDaysAgo(10));
  await page.getByRole('button', { name: 'Add appeal' }).click();
  await page.getByRole('textbox', { name: 'Appeal name', exact: true }).fill('Church letter');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill(code.toLowerCase());
  // The end before the start is refused on the field, before anything is sent.
  await page.getByLabel('End date').fill(isoDaysAgo(20));
  await page.getByRole('button', { name: 'Create campaign' }).click();
  await page.getByText(/must be before End Date/).waitFor();
  await page.getByLabel('End date').fill('');
  await page.getByRole('textbox', { name: 'Code', exact: true }).press('Enter');
  await page.getByText(`Campaign "${name}" has been created.`).waitFor();
  await page.waitForURL(/\/jpanel\/campaigns\/\d+$/);
  const campaignId = Number(/campaigns\/(\d+)$/.exec(page.url())?.[1]);
  await expect.poll(() => page.getByRole('textbox', { name: 'Code', exact: true }).inputValue()).toBe(code);
  await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
  await screenshot(page, 'campaign-form');

  // A gift credited to the appeal from its edit.
  const gift = await cashGift(page, stamp);
  await page.goto(`/jpanel/contributions/${gift}`);
  await page.getByRole('button', { name: 'Edit gift', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit gift #${gift}` });
  await dialog.waitFor();
  const credit = dialog.getByRole('textbox', { name: 'Campaign and appeal', exact: true }).or(dialog.getByRole('combobox', { name: 'Campaign and appeal', exact: true }));
  await credit.click();
  await credit.fill(code);
  await page.getByRole('option', { name: `${name} › Church letter (${code})` }).click();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(`Contribution #${gift} has been updated.`).waitFor();
  await page.getByRole('link', { name, exact: true }).waitFor();
  const stored = await apiCall<{ contribution: { campaign_id: number; appeal_name: string } }>(page, 'GET', `/jpanel/contributions/${gift}`);
  expect(stored.contribution).toMatchObject({ campaign_id: campaignId, appeal_name: `Church letter (${code})` });
  const history = page.getByRole('region', { name: /history/i }).last();
  await history.getByText(name).first().waitFor();

  // The campaign's page links its results: $40 of $1,000, one gift, by appeal and by day.
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('link', { name: 'Campaign results' }).click();
  await page.getByRole('heading', { name: 'Campaign results', exact: true }).waitFor();
  await page.getByText('4% of $1,000.00').waitFor();
  const row = page.locator('tbody tr').filter({ hasText: 'Church letter' });
  await row.getByText('$40.00').first().waitFor();
  await screenshot(page, 'campaign-results');
  await page.getByText('By day', { exact: true }).click();
  await page.waitForURL(/by=day/);
  await page.locator('tbody tr').first().getByText('$40.00').first().waitFor();
  await context.close();
});

it('runs LYBUNT and starts an appeal from it: the appeal, and a saved view of its donors', async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  const stamp = `${Date.now() % 1_000_000}`;
  await startSession(page);
  const { campaign } = await apiCall<{ campaign: { id: number; name: string } }>(page, 'POST', '/jpanel/campaigns', { name: `Lapsed ${stamp}`, goal: 500, starts_on: isoDaysAgo(1) });

  await page.goto('/jpanel/reports');
  await page.getByRole('link', { name: 'LYBUNT and SYBUNT' }).first().click();
  await page.getByRole('heading', { name: 'LYBUNT and SYBUNT', exact: true }).waitFor();
  await page.locator('tbody tr').first().waitFor();
  const listed = await apiCall<{ recordsFiltered: number }>(page, 'POST', '/jpanel/reports/lapsed-donors.json', {});
  expect(listed.recordsFiltered).toBeGreaterThan(0);
  await screenshot(page, 'lapsed-donors');

  await page.getByRole('button', { name: 'Start an appeal' }).click();
  const dialog = page.getByRole('dialog', { name: 'Start an appeal with these donors' });
  await dialog.waitFor();
  const pick = dialog.getByRole('textbox', { name: 'Campaign', exact: true }).or(dialog.getByRole('combobox', { name: 'Campaign', exact: true }));
  await pick.click();
  await pick.fill(campaign.name);
  await page.getByRole('option', { name: campaign.name }).click();
  await dialog.getByRole('textbox', { name: 'Appeal name', exact: true }).fill(`We miss you ${stamp}`);
  await dialog.getByRole('textbox', { name: 'Appeal code', exact: true }).fill(`MISS${stamp}`);
  await dialog.getByRole('textbox', { name: 'Appeal code', exact: true }).press('Enter');
  const started = page.getByRole('alert').filter({ hasText: 'Appeal started' });
  await started.getByText(`with ${listed.recordsFiltered} ${listed.recordsFiltered === 1 ? 'donor' : 'donors'}`).waitFor();
  const stored = await apiCall<{ appeals: { id: number; code: string }[] }>(page, 'GET', `/jpanel/campaigns/${campaign.id}`);
  const appeal = stored.appeals.find((a) => a.code === `MISS${stamp}`);
  expect(appeal).toBeDefined();

  // The donors: the Supporters list filtered to the appeal, and the saved view that names it.
  await started.getByRole('link', { name: 'See these donors' }).click();
  await page.waitForURL(new RegExp(`f\\.appeal_id=${appeal?.id}`));
  const shown = await apiCall<{ recordsFiltered: number }>(page, 'POST', '/jpanel/supporters.listing', { appeal_id: appeal?.id });
  expect(shown.recordsFiltered).toBe(listed.recordsFiltered);
  await page.locator('tbody tr').first().waitFor();
  const views = await apiCall<{ data: { name: string }[] }>(page, 'GET', '/jpanel/saved-views.json?list=supporters');
  expect(views.data.map((v) => v.name)).toContain(`We miss you ${stamp}`);
  await context.close();
});
