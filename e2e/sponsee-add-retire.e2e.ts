import { sponseeMessages } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';
import { dismissToasts } from './support/toasts.ts';

/**
 * Issue 38 item 2: a sponsee added by hand from the Sponsorships list, then retired with a reason
 * (no longer offered, no "Add sponsor") and brought back. The sponsee is the test's own, so the
 * demo's are left as they were.
 */
const browser = useBrowser();
const stamp = attemptStamp();
const reference = () => `E2E-${stamp().toString(36).toUpperCase()}`;

/** Waits for the toast saying `message`, then closes it: toasts sit over the page header's buttons. */
async function toastSays(page: Page, message: string) {
  await page.locator('[data-toast]').getByText(message).waitFor();
  await dismissToasts(page);
}

it('adds a sponsee by hand, retires them with a reason and brings them back', async () => {
  const { page } = await browser.newPage();
  await signIn(page, undefined, undefined, '/jpanel/sponsorships');
  await page.getByRole('button', { name: 'Add sponsee' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add sponsee' });
  await dialog.getByLabel('Reference number').waitFor();
  // The required fields are checked before anything is sent.
  await dialog.getByRole('button', { name: 'Add sponsee' }).click();
  await expect.poll(() => dialog.getByText('Choose female or male.').count()).toBe(1);
  await dialog.getByLabel('Reference number').fill(reference());
  await dialog.getByLabel('First name').fill('Zawadi');
  await dialog.getByLabel('Last name').fill('Achieng');
  await dialog.getByRole('combobox', { name: 'Gender' }).click();
  await page.getByRole('option', { name: 'Female' }).click();
  await dialog.getByLabel('Biography').fill('Loves science and singing.');
  await screenshot(page, 'sponsee-add');
  await dialog.getByRole('button', { name: 'Add sponsee' }).click();
  await toastSays(page, sponseeMessages.added(reference()));
  await page.getByRole('heading', { name: 'Zawadi Achieng' }).waitFor();
  expect(page.url()).toMatch(/\/jpanel\/sponsorships\/\d+$/);
  await page.getByRole('button', { name: 'Add sponsor' }).waitFor();

  await page.getByRole('button', { name: 'Retire' }).click();
  const retire = page.getByRole('dialog', { name: 'Retire sponsee' });
  await retire.getByRole('button', { name: 'Retire sponsee' }).click();
  await expect.poll(() => retire.getByText(sponseeMessages.retireReason).count()).toBe(1);
  await retire.getByLabel('Why is the sponsee retired?').fill('The family moved out of the project area.');
  await screenshot(page, 'sponsee-retire');
  await retire.getByRole('button', { name: 'Retire sponsee' }).click();
  await toastSays(page, sponseeMessages.retired(reference()));
  await page.getByText('The family moved out of the project area.').first().waitFor();
  await expect.poll(() => page.getByRole('button', { name: 'Add sponsor' }).count()).toBe(0);
  await screenshot(page, 'sponsee-retired');
  const id = Number(page.url().split('/').pop());
  const detail = await apiCall<{ sponsee: { is_enabled: boolean; retired_at: string | null } }>(page, 'GET', `/jpanel/sponsorships/${id}`);
  expect(detail.sponsee).toMatchObject({ is_enabled: false, retired_at: expect.any(String) });

  await page.getByRole('button', { name: 'Bring back' }).click();
  await toastSays(page, sponseeMessages.reinstated(reference()));
  await page.getByRole('button', { name: 'Add sponsor' }).waitFor();
  // Back in the programme, staff offer them again from the form (as the demo's sponsees are, so other files find them as they expect).
  await page.getByRole('button', { name: 'Edit sponsee' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit sponsee' });
  await edit.getByLabel('Enabled (offered for sponsorship)').check();
  await edit.getByRole('button', { name: 'Save' }).click();
  await toastSays(page, sponseeMessages.saved);
  await expect.poll(async () => (await apiCall<{ sponsee: { is_enabled: boolean } }>(page, 'GET', `/jpanel/sponsorships/${id}`)).sponsee.is_enabled).toBe(true);
});
