import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * After the gift: the transaction modal from a contribution's page (refund, receipt voided) and
 * the tax receipt modal. Rows are picked from the middle of the demo's paid card gifts with a
 * supporter; the other browser tests take guests from the start and the end.
 */
const browser = useBrowser();
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

type Row = { id: number; number: string; supporter_id: number | null; status: string };
type Detail = { payments: { id: number; gateway: string | null; status: string; amount_refunded: number }[] };
type Transaction = { id: number; receipts: { id: number; number: string | null; status: string }[]; can: { refund: boolean } };

async function adminPage() {
  const { context, page } = await browser.newPage({ width: 1280, height: 900 });
  await context.addCookies(storageState.cookies);
  return { context, page };
}

/** A paid card gift with a supporter whose sandbox payment is unrefunded and has an issued receipt. */
async function refundableGift(page: Page, skip: number): Promise<{ row: Row; payment: number; receipt: { id: number; number: string } }> {
  await page.goto('/jpanel/contributions');
  const listing = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { status: 'paid', payment_type: ['card'], length: 100, start: 200 });
  let skipped = 0;
  for (const row of listing.data) {
    if (!row.supporter_id) continue;
    const detail = await apiCall<Detail>(page, 'GET', `/jpanel/contributions/${row.id}`);
    const payment = detail.payments.find((p) => p.gateway === 'sandbox' && p.status === 'succeeded' && p.amount_refunded === 0);
    if (!payment || detail.payments.length !== 1) continue;
    const t = await apiCall<Transaction>(page, 'POST', `/jpanel/transactions/${payment.id}/modal`);
    const receipt = t.receipts.find((r) => r.status === 'issued');
    if (!t.can.refund || !receipt?.number) continue;
    if (skipped++ < skip) continue;
    return { row, payment: payment.id, receipt: { id: receipt.id, number: receipt.number } };
  }
  throw new Error('no refundable card gift with a receipt in the demo');
}

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await startSession(page);
  storageState = await context.storageState();
  await context.close();
});

describe('transaction modal', () => {
  it('refunds a payment in full from the contribution page after the spec question, and voids its receipt', async () => {
    const { context, page } = await adminPage();
    const { row, payment, receipt } = await refundableGift(page, 0);
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution #${row.id}` }).waitFor();
    await page.getByRole('button', { name: `Open transaction #${payment}` }).click();
    const modal = page.getByRole('dialog', { name: `Transaction #${payment}` });
    await modal.getByText(receipt.number).waitFor();
    await modal.getByRole('button', { name: 'Refund' }).waitFor();
    await screenshot(page, 'transaction-modal');

    await modal.getByRole('button', { name: 'Refund' }).click();
    const question = page.getByRole('dialog', { name: 'Refund transaction' });
    await question.getByText('Are you sure you want to refund the entire amount of this transaction?').waitFor();
    // A destructive question starts on Cancel.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await screenshot(page, 'transaction-refund-confirm');
    await question.getByRole('button', { name: 'Refund' }).click();
    await page.getByText(new RegExp(`^Transaction #${payment} has been refunded \\(\\$[\\d,.]+\\)\\.$`)).waitFor();
    // The modal reloads: no refund button any more, the receipt is void.
    await modal.getByRole('button', { name: 'Refund' }).waitFor({ state: 'detached' });
    await modal.getByText('void', { exact: true }).waitFor();
    await screenshot(page, 'transaction-refunded');

    // A second attempt (another tab, a double click that got through) is refused with the date and auth.
    const again = await apiCall<{ status: string; message: string }>(page, 'POST', `/jpanel/transactions/${payment}/refund`);
    expect(again.status).toBe('error');
    expect(again.message).toMatch(new RegExp(`^Transaction #${payment} was already refunded on [A-Z][a-z]{2} \\d{1,2}, \\d{4} \\(Auth: .+\\)\\.$`));
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });

  it('revises, notifies and voids a receipt from the transaction modal, then issues a new draft, with the spec toasts', async () => {
    const { context, page } = await adminPage();
    const { row, payment, receipt } = await refundableGift(page, 1);
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution #${row.id}` }).waitFor();
    await page.getByRole('button', { name: `Open transaction #${payment}` }).click();
    await page.getByRole('dialog', { name: `Transaction #${payment}` }).getByRole('button', { name: receipt.number }).click();
    let modal = page.getByRole('dialog', { name: `Tax receipt ${receipt.number}` });
    await modal.getByRole('button', { name: 'Revise' }).waitFor();
    await screenshot(page, 'receipt-modal');

    await modal.getByRole('button', { name: 'Revise' }).click();
    await modal.getByLabel('Name', { exact: true }).fill('Ada Lovelace Trust');
    await modal.getByLabel('Email').fill('ada.trust@example.org');
    await modal.getByLabel('Reason for the change').fill('Gift made by the family trust');
    await screenshot(page, 'receipt-revise-form');
    await modal.getByLabel('Reason for the change').press('Enter');
    const revised = `${receipt.number}-R1`;
    await page.getByText(`Receipt ${revised} has been successfully revised.`).waitFor();
    modal = page.getByRole('dialog', { name: `Tax receipt ${revised}` });
    await modal.getByText(`${revised} (was ${receipt.number})`).waitFor();
    await modal.getByText('Name: ', { exact: false }).first().waitFor();

    await modal.getByRole('button', { name: 'Notify' }).click();
    await page.getByText('ada.trust@example.org has been notified successfully.').waitFor();

    await modal.getByRole('button', { name: 'Void' }).click();
    const question = page.getByRole('dialog', { name: 'Void receipt' });
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await question.getByRole('button', { name: 'Void' }).click();
    await page.getByText(`Receipt ${revised} has been voided successfully.`).waitFor();
    // An issued receipt is kept, void: the modal reloads and offers nothing more to do.
    await modal.getByText('void', { exact: true }).waitFor();
    await modal.getByRole('button', { name: 'Revise' }).waitFor({ state: 'detached' });
    await screenshot(page, 'receipt-voided');
    await page.keyboard.press('Escape');

    // A new draft for the same gift: issued from the modal, numbered from the gap-free counter.
    const draft = await apiCall<{ id: number }>(page, 'POST', `/jpanel/contributions/${row.id}/tax_receipt`, { issue: false });
    await page.getByRole('button', { name: `Open transaction #${payment}` }).click();
    await page.getByRole('dialog', { name: `Transaction #${payment}` }).getByRole('button', { name: 'Draft receipt' }).click();
    modal = page.getByRole('dialog', { name: 'Tax receipt (draft)' });
    await modal.getByRole('button', { name: 'Issue' }).click();
    await page.getByText(/^Receipt WEB\d{2}-\d{9} has been issued successfully\.$/).waitFor();
    const issued = await apiCall<{ number: string }>(page, 'POST', `/jpanel/tax_receipt/${draft.id}/modal`);
    await page.getByText(`Receipt ${issued.number} has been issued successfully.`).waitFor();
    await context.close();
  });
});

describe('tax receipts list', () => {
  it('offers the whole filter at exactly 50 selected, downloads selected receipts as one PDF, and opens a receipt at its own address', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/tax-receipts');
    await page.getByRole('heading', { name: 'Tax receipts', exact: true }).waitFor();
    await page.locator('tbody tr').nth(49).waitFor();
    const banner = page.getByRole('button', { name: /^Select all [\d,]+\+? rows matching this filter$/ });
    await page.getByRole('checkbox', { name: 'Select all rows on this page' }).check();
    await page.getByText('50 selected rows').waitFor();
    await banner.waitFor();
    await screenshot(page, 'receipts-list-50-selected');
    // One fewer than 50: no banner.
    await page.locator('tbody tr').first().getByRole('checkbox').uncheck();
    await page.getByText('49 selected rows').waitFor();
    expect(await banner.count()).toBe(0);
    await page.locator('tbody tr').first().getByRole('checkbox').check();
    await banner.click();
    await page.getByText(/^All [\d,]+\+? matching rows$/).waitFor();
    await page.getByRole('button', { name: 'Clear selection' }).click();

    // Two rows → one PDF of two pages.
    for (const n of [0, 1]) await page.locator('tbody tr').nth(n).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Download PDF' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('dialog', { name: 'Download PDF' }).getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('tax-receipts.pdf');

    // A row opens its modal at /tax-receipts/{id}; Escape goes back to the list.
    await page.locator('tbody tr').first().locator('td').nth(2).click();
    await page.waitForURL(/\/jpanel\/tax-receipts\/\d+$/);
    const modal = page.getByRole('dialog', { name: /^Tax receipt/ });
    await modal.getByRole('button', { name: 'PDF' }).waitFor();
    await screenshot(page, 'receipts-list-modal');
    await page.keyboard.press('Escape');
    await page.waitForURL(/\/jpanel\/tax-receipts$/);
    await context.close();
  });
});

describe('tribute modal', () => {
  it('edits, notifies by letter and deletes a tribute from its contribution, with the spec toasts', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/contributions');
    let found: { id: number; number: string; tribute: number } | null = null;
    for (let start = 300; !found && start < 1500; start += 100) {
      const listing = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { status: 'paid', length: 100, start });
      for (const row of listing.data) {
        const detail = await apiCall<{ items: { tribute_id: number | null }[] }>(page, 'GET', `/jpanel/contributions/${row.id}`);
        const item = detail.items.find((i) => i.tribute_id !== null);
        if (item) {
          found = { id: row.id, number: row.number, tribute: item.tribute_id as number };
          break;
        }
      }
    }
    expect(found, 'a contribution with a tribute in the demo').not.toBeNull();
    const gift = found as { id: number; number: string; tribute: number };
    await page.goto(`/jpanel/contributions/${gift.id}`);
    await page.getByRole('heading', { name: `Contribution #${gift.id}` }).waitFor();
    await page.getByRole('button', { name: /^Open tribute for / }).first().click();
    let modal = page.getByRole('dialog', { name: /^Tribute for / });
    await modal.getByRole('button', { name: 'Edit' }).click();
    await modal.getByRole('textbox', { name: /^Name/ }).fill('Grandma Rose');
    await modal.getByLabel('Notify', { exact: true }).click();
    await page.getByRole('option', { name: 'By letter' }).waitFor();
    await page.getByRole('option', { name: 'By letter' }).click();
    await expect.poll(() => modal.getByLabel('Notify', { exact: true }).inputValue()).toBe('By letter');
    await modal.getByLabel('Recipient name').fill('Lily Rose');
    await modal.getByLabel('Address').fill('1 Garden Lane');
    await screenshot(page, 'tribute-edit');
    await modal.getByLabel('Recipient name').press('Enter');
    await page.getByText('Tribute for Grandma Rose has been successfully revised.').waitFor();
    modal = page.getByRole('dialog', { name: 'Tribute for Grandma Rose' });
    await modal.getByText('1 Garden Lane').waitFor();
    await screenshot(page, 'tribute-details');

    await modal.getByRole('button', { name: 'Notify' }).click();
    await page.getByText('Lily Rose has been marked as notified successfully').waitFor();
    await modal.getByText('Not yet').waitFor({ state: 'detached' });

    await modal.getByRole('button', { name: 'Destroy' }).click();
    const question = page.getByRole('dialog', { name: 'Delete tribute' });
    await question.getByText('Are you sure you want to delete this tribute?').waitFor();
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await question.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('The tribute has been deleted successfully.').waitFor();
    await modal.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('recurring profile page', () => {
  it('suspends, cancels with a reason and re-enables a profile reached from one of its gifts', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/contributions');
    const listing = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { recurring: 'recurring', length: 100, start: 100 });
    let target: { row: Row; profile: number } | null = null;
    for (const row of listing.data) {
      const detail = await apiCall<{ contribution: { recurring_payment_profile_id: number | null } }>(page, 'GET', `/jpanel/contributions/${row.id}`);
      const profile = detail.contribution.recurring_payment_profile_id;
      if (!profile) continue;
      const p = await apiCall<{ status: string; is_locked: boolean }>(page, 'GET', `/jpanel/recurring/${profile}`);
      if (p.status === 'Active' && !p.is_locked) {
        target = { row, profile };
        break;
      }
    }
    expect(target, 'an active recurring profile in the demo').not.toBeNull();
    const { row, profile } = target as { row: Row; profile: number };
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('region', { name: 'Details' }).getByRole('link', { name: /^#/ }).click();
    await page.waitForURL(new RegExp(`/jpanel/recurring/${profile}$`));
    const heading = page.getByRole('heading', { name: /^Recurring profile #/ });
    await heading.waitFor();
    const ref = ((await heading.innerText()).split('#')[1] ?? '').trim();
    await screenshot(page, 'recurring-profile');

    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('dialog', { name: 'Suspend recurring profile' }).getByRole('button', { name: 'Suspend' }).click();
    await page.getByText(`Recurring profile #${ref} has been suspended.`).waitFor();
    await page.getByRole('dialog', { name: 'Suspend recurring profile' }).waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel recurring profile' });
    await dialog.getByRole('button', { name: 'Cancel profile' }).click();
    await dialog.getByText('This field is required.').or(dialog.locator('[aria-invalid="true"]')).first().waitFor();
    await dialog.getByLabel('Reason').fill('Donor asked by phone');
    await dialog.getByLabel('Reason').press('Enter');
    await page.getByText(`Recurring profile #${ref} has been cancelled.`).waitFor();
    // The profile's facts say it (its history says it too, as the reason's from → to).
    await page.getByText(/· Donor asked by phone/).waitFor();

    await page.getByRole('button', { name: 'Re-enable' }).click();
    await page.getByText(`Recurring profile #${ref} is active again.`).waitFor();
    await page.getByRole('button', { name: 'Suspend' }).waitFor();
    await context.close();
  });
});

describe('partial refund from the contribution page', () => {
  it('refuses more than is left in the incumbent\'s words, refunds part, and voids the receipt', async () => {
    const { context, page } = await adminPage();
    const { row, payment, receipt } = await refundableGift(page, 3);
    const detail = await apiCall<{ contribution: { refundable_amount: number; total_amount: number } }>(page, 'GET', `/jpanel/contributions/${row.id}`);
    const left = detail.contribution.refundable_amount;
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution #${row.id}` }).waitFor();
    await page.getByRole('button', { name: 'Refund', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: `Refund contribution #${row.id}` });
    // A refund cannot be undone: focus starts on Cancel.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await dialog.getByRole('radio', { name: 'Part of it' }).check();
    const amount = dialog.getByRole('textbox', { name: /Amount/ });
    await amount.fill(String(left + 1));
    await amount.press('Enter');
    await dialog.getByText(/^The refund amount cannot exceed the/).waitFor();
    await amount.fill('0');
    await amount.press('Enter');
    await dialog.getByText('The refund amount must be greater than $0.').waitFor();
    await screenshot(page, 'contribution-partial-refund');
    await amount.fill('1.00');
    await amount.press('Enter');
    await page.getByText(`$1.00 refunded on Contribution #${row.id}.`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    const after = await apiCall<{ contribution: { refundable_amount: number; refunded_amount: number } }>(page, 'GET', `/jpanel/contributions/${row.id}`);
    expect(after.contribution.refunded_amount).toBe(1);
    expect(after.contribution.refundable_amount).toBeCloseTo(left - 1, 2);
    // The shared refund service voids the receipt of a refunded payment, partial or not.
    const t = await apiCall<Transaction>(page, 'POST', `/jpanel/transactions/${payment}/modal`);
    expect(t.receipts.find((r) => r.id === receipt.id)?.status).toBe('void');
    await context.close();
  });
});
