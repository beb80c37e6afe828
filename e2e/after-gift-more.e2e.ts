import type { BrowserContext } from 'playwright-core';
import { messages } from '@almoner/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * After the gift, the rest: the year-end receipt dry run, the number ledger. Nothing here issues
 * or changes a receipt: the dry run and the ledger only read, and the Issue question is answered
 * Cancel, so other browser tests' data stays as it was.
 */
const browser = useBrowser();
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

async function adminPage() {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await context.addCookies(storageState.cookies);
  return { context, page };
}

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await startSession(page);
  storageState = await context.storageState();
  await context.close();
});

type DryRun = { receipts: number; donors: number; gifts: number; totals: { currency_code: string; amount: number; receipts: number }[]; skipped_total: number; skipped: { name: string }[] };

describe('year-end receipts', () => {
  it('shows the dry run of a period: counts, totals per currency and the skipped donors, and issues nothing on Cancel', async () => {
    const { context, page } = await adminPage();
    const year = new Date().getFullYear();
    const period = { from: `${year}-01-01`, to: `${year}-12-31` };
    await page.goto('/jpanel/tax-receipts');
    await page.getByRole('link', { name: 'Year-end receipts' }).click();
    await page.getByRole('heading', { name: 'Year-end receipts' }).waitFor();

    // A period the wrong way round is refused on its field, before anything is asked of the server.
    await page.getByRole('textbox', { name: 'From', exact: true }).fill(period.to);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(period.from);
    await page.getByRole('button', { name: 'Dry run' }).click();
    await page.getByText(messages.startBeforeEnd(period.to, period.from)).waitFor();

    await page.getByRole('textbox', { name: 'From', exact: true }).fill(period.from);
    await page.getByRole('textbox', { name: 'To', exact: true }).fill(period.to);
    // Enter submits.
    await page.getByLabel('Minimum per receipt').press('Enter');
    const result = page.getByRole('region', { name: 'Dry run result' });
    await result.waitFor();
    const expected = await apiCall<DryRun>(page, 'POST', '/jpanel/tax_receipts/year_end/dry_run', period);
    await result.getByText('Receipts to issue').locator('xpath=..').getByText(String(expected.receipts), { exact: true }).waitFor();
    await result.getByText('Donors skipped').locator('xpath=..').getByText(String(expected.skipped_total), { exact: true }).waitFor();
    // One row per currency, each total in its own currency.
    const totals = result.getByRole('table', { name: 'Totals by currency' });
    if (expected.totals.length) {
      expect(await totals.locator('tbody tr').count()).toBe(expected.totals.length);
      for (const t of expected.totals) {
        const shown = new Intl.NumberFormat('en-US', { style: 'currency', currency: t.currency_code }).format(t.amount);
        await totals.getByRole('row').filter({ hasText: t.currency_code }).getByText(shown).waitFor();
      }
    }
    if (expected.skipped[0]) await result.getByRole('table', { name: 'Donors who would be skipped' }).getByRole('link', { name: expected.skipped[0].name }).first().waitFor();
    await screenshot(page, 'year-end-dry-run');

    if (expected.receipts > 0) {
      const runsBefore = await apiCall<{ data: unknown[] }>(page, 'GET', '/jpanel/tax_receipts/year_end/runs.json');
      await page.getByRole('button', { name: new RegExp(`^Issue ${expected.receipts} receipts?$`) }).click();
      const question = page.getByRole('dialog', { name: 'Issue year-end receipts' });
      await question.getByRole('button', { name: 'Cancel' }).click();
      await question.waitFor({ state: 'detached' });
      const runsAfter = await apiCall<{ data: unknown[] }>(page, 'GET', '/jpanel/tax_receipts/year_end/runs.json');
      expect(runsAfter.data.length).toBe(runsBefore.data.length);
    }
    await context.close();
  });
});

describe('receipt number ledger', () => {
  it('lists voided and skipped numbers and finds one by its number', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/tax-receipts');
    await page.getByRole('link', { name: 'Number ledger' }).click();
    await page.getByRole('heading', { name: 'Receipt number ledger' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    const voided = await apiCall<{ data: { number: string }[] }>(page, 'POST', '/jpanel/tax_receipts/ledger.ajax', { kind: 'void', length: 1 });
    const number = voided.data[0]?.number;
    expect(number).toBeTruthy();
    await page.getByLabel('Search numbers').fill(number ?? '');
    const row = page.locator('tbody tr').filter({ hasText: number ?? '' });
    await row.getByText('Voided', { exact: true }).waitFor();
    await screenshot(page, 'receipt-number-ledger');
    await context.close();
  });
});

describe('recurring profiles that need attention', () => {
  it('lists what the API lists, filtered by reason from the tabs', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/recurring-payments');
    await page.getByRole('link', { name: 'Needs attention' }).click();
    await page.getByRole('heading', { name: 'Recurring profiles that need attention' }).waitFor();
    type Listing = { recordsFiltered: number; data: { profile_id: string }[] };
    const all = await apiCall<Listing>(page, 'POST', '/jpanel/recurring/attention.ajax', {});
    if (all.data[0]) await page.getByRole('link', { name: `#${all.data[0].profile_id}` }).waitFor();
    else await page.getByText('No recurring profile needs attention.').waitFor();
    await page.getByText('Suspended', { exact: true }).first().click();
    await page.waitForURL(/reason=suspended/);
    const suspended = await apiCall<Listing>(page, 'POST', '/jpanel/recurring/attention.ajax', { reason: 'suspended' });
    await expect.poll(async () => (suspended.data.length ? await page.locator('tbody tr').count() : 0)).toBe(Math.min(suspended.data.length, 50));
    await screenshot(page, 'recurring-needs-attention');
    await context.close();
  });
});

describe('mail templates', () => {
  it('previews an edited receipt e-mail with a real receipt before saving it, then restores the built-in wording', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/settings/mail-templates');
    await page.getByRole('heading', { name: 'Mail templates' }).waitFor();
    const subject = page.getByLabel('Subject');
    await subject.fill('Receipt {{ receipt.number }}, with thanks');
    const save = page.getByRole('button', { name: 'Save' });
    expect(await save.isDisabled()).toBe(true);
    // A broken tag is refused on its field.
    await page.getByLabel('HTML body').fill('<p>{{ receipt.number | shout }}</p>');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByText(/^This template cannot be used: /).waitFor();
    await page.getByLabel('HTML body').fill('<p>Dear {{ receipt.name }}, your receipt {{ receipt.number }} is attached.</p>');
    // Enter in the record field previews.
    await page.getByLabel('Preview with Receipt ID').press('Enter');
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByText(/^Subject: Receipt \S+, with thanks$/).waitFor();
    await expect.poll(() => page.frameLocator('iframe[title="HTML preview"]').locator('p').textContent()).toMatch(/your receipt \S+ is attached\./);
    await screenshot(page, 'mail-template-preview');
    expect(await save.isDisabled()).toBe(false);
    await save.click();
    await page.getByText('The Tax receipt e-mail has been saved.').waitFor();

    await page.getByRole('button', { name: 'Restore built-in' }).click();
    const question = page.getByRole('dialog', { name: 'Restore the built-in wording' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await question.getByRole('button', { name: 'Restore' }).click();
    await page.getByText('The Tax receipt e-mail is back to the built-in wording.').waitFor();
    const stored = await apiCall<{ data: { key: string; customised: boolean }[] }>(page, 'GET', '/jpanel/settings/mail_templates.json');
    expect(stored.data.find((t) => t.key === 'taxReceipt')?.customised).toBe(false);
    await context.close();
  });
});
