import { SANDBOX_CRM_CREDENTIALS } from '@almoner/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 13 item 2: the donor CRM (sandbox by default). The DP edition is switched on for this file
 * only and back off after it; the contribution used is picked from the middle of the demo's paid
 * rows, which other files do not touch.
 */
const browser = useBrowser();
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

type Row = { id: number; number: string; supporter_id: number | null; status: string };

async function adminPage() {
  const { context, page } = await browser.newPage({ width: 1440, height: 1000 });
  await context.addCookies(storageState.cookies);
  return { context, page };
}

const setConnection = (page: Page, body: Record<string, unknown>) => apiCall(page, 'POST', '/jpanel/donor/connection', body);

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await startSession(page);
  storageState = await context.storageState();
  await apiCall(page, 'POST', '/jpanel/settings', { edition_dp: true });
  await context.close();
});

afterAll(async () => {
  const { context, page } = await adminPage();
  await page.goto('/jpanel/login');
  await setConnection(page, { provider: 'sandbox', clear_apikey: true, clear_password: true });
  await apiCall(page, 'POST', '/jpanel/settings', { edition_dp: false });
  await context.close();
});

describe('donor CRM', () => {
  it('tests the connection: Failed! for a wrong sandbox key, Works! for its documented test key, and saves it', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/settings#editions');
    await page.getByRole('link', { name: 'Donor CRM settings' }).click();
    await page.getByRole('heading', { name: 'Donor CRM', exact: true }).waitFor();
    const form = page.getByRole('form', { name: 'Donor CRM connection' });
    // A long, plausible key that is not the sandbox's test key fails, as a real CRM's would.
    await form.getByLabel('API key').fill('sandbox-key-0123456789-abcdef');
    await form.getByRole('button', { name: 'Test' }).click();
    await form.getByRole('status').filter({ hasText: 'Failed!' }).waitFor();
    await screenshot(page, 'donor-crm-test-failed');
    await form.getByLabel('API key').fill(SANDBOX_CRM_CREDENTIALS.apikey);
    await form.getByRole('button', { name: 'Test' }).click();
    await form.getByRole('status').filter({ hasText: 'Works!' }).waitFor();
    await form.getByLabel('API key').press('Enter');
    await page.getByText('Donor CRM connection saved.').waitFor();
    await form.getByText('A key is stored. Leave blank to keep it.').waitFor();
    expect(await form.getByLabel('API key').inputValue()).toBe('');
    await screenshot(page, 'donor-crm-settings');
    await context.close();
  });

  it('shows a failed push with the CRM\'s words, retries it, and opens the gift and donor modals', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/login');
    const listing = await apiCall<{ data: Row[] }>(page, 'POST', '/jpanel/contributions-v2.listing', { start: 120, length: 50 });
    const row = listing.data.find((r) => r.status === 'paid' && r.supporter_id !== null) as Row;
    expect(row, 'a paid contribution with a supporter').toBeDefined();

    // A CRM nobody answers at: the resync fails and says why.
    await setConnection(page, { provider: 'donorperfect', api_url: 'http://127.0.0.1:9/xmlrequest.asp', apikey: 'unreachable-key-0123456789' });
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution #${row.id}` }).waitFor();
    await page.getByRole('button', { name: /^Open transaction #\d+$/ }).first().click();
    const modal = page.getByRole('dialog', { name: /^Transaction #\d+$/ });
    await modal.getByRole('button', { name: 'Resync to the donor CRM' }).click();
    const confirmDialog = page.getByRole('dialog', { name: 'Resync to the donor CRM' });
    await confirmDialog.getByText(/a new gift id is created in the CRM, and the previous gift must be deleted there/).waitFor();
    await screenshot(page, 'donor-crm-resync-confirm');
    await confirmDialog.getByRole('button', { name: 'Resync' }).click();
    await page.getByText(/could not be resynced to the donor CRM: The donor CRM could not be reached\./).waitFor();
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
    const sync = page.getByRole('table', { name: 'Donor CRM sync' });
    await sync.getByText('Failed').waitFor();
    await sync.getByText('The donor CRM could not be reached.').waitFor();
    await screenshot(page, 'donor-crm-sync-failed');

    // Back to the sandbox: the retry sends it.
    await setConnection(page, { provider: 'sandbox' });
    await sync.getByRole('button', { name: 'Retry' }).click();
    await sync.getByText('Synced').waitFor();
    const giftButton = sync.getByRole('button', { name: /^Open gift \d+$/ });
    const giftId = ((await giftButton.innerText()) || '').trim();
    expect(giftId).toMatch(/^\d+$/);
    await screenshot(page, 'donor-crm-sync-synced');

    // The gift modal: a loading state first (the answer is held back), then the gift.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/jpanel/donors/gift', async (route) => {
      await held;
      await route.continue();
    });
    await giftButton.click();
    const giftModal = page.getByRole('dialog', { name: `Gift ${giftId}` });
    await giftModal.getByRole('status', { name: 'Loading gift' }).waitFor();
    await screenshot(page, 'donor-crm-gift-loading');
    release();
    await giftModal.getByText(`Almoner contribution #${row.number}`).waitFor();
    await giftModal.getByRole('link', { name: 'Open in the donor CRM' }).waitFor();
    await screenshot(page, 'donor-crm-gift-modal');
    await page.keyboard.press('Escape');
    await giftModal.waitFor({ state: 'hidden' });
    await page.unroute('**/jpanel/donors/gift');

    // The donor modal from the supporter's page.
    await page.goto(`/jpanel/supporters/${row.supporter_id}`);
    const donorButton = page.getByRole('button', { name: /^Open donor \d+$/ });
    await donorButton.waitFor();
    await donorButton.click();
    const donorModal = page.getByRole('dialog', { name: /^Donor \d+$/ });
    await donorModal.getByRole('table', { name: 'Gifts' }).getByRole('button', { name: giftId }).waitFor();
    await screenshot(page, 'donor-crm-donor-modal');
    const link = donorModal.getByRole('link', { name: 'Open in the donor CRM' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/jpanel\/donor-crm\/sandbox\/\d+$/);
    await page.goto(href as string);
    await page.getByRole('heading', { name: /^Sandbox CRM donor \d+$/ }).waitFor();
    await page.getByRole('table', { name: 'Gifts' }).getByRole('button', { name: giftId }).waitFor();
    await screenshot(page, 'donor-crm-sandbox-donor');
    await context.close();
  });

  it('imports the CRM\'s donors from the user form after two confirmations, and follows the run to its counts', async () => {
    const { context, page } = await adminPage();
    await page.goto('/jpanel/login');
    // A payment resynced to the sandbox puts its donor there, so the CRM has at least one donor to import.
    await setConnection(page, { provider: 'sandbox' });
    const payments = await apiCall<{ data: { id: number; status: string }[] }>(page, 'POST', '/jpanel/reports/transactions.ajax', { start: 300, length: 50, payment_status: 'success' });
    const payment = payments.data[0];
    expect(payment, 'a successful payment').toBeDefined();
    await apiCall(page, 'POST', `/jpanel/transactions/${payment?.id}/sync_dpo`);
    const session = await apiCall<{ user: { id: number } }>(page, 'GET', '/jpanel/auth/session');
    await page.goto(`/jpanel/users/${session.user.id}`);
    const panel = page.getByRole('heading', { name: 'Import donors' }).locator('xpath=ancestor::div[contains(@class, "mantine-Paper-root")][1]');
    const createLogin = panel.getByLabel('Create a login for each new supporter with an e-mail');
    await createLogin.check();
    await expect.poll(() => createLogin.isChecked()).toBe(true);
    await panel.getByRole('button', { name: 'Import donors' }).click();
    const first = page.getByRole('dialog', { name: 'Import donors' });
    await first.getByText(/Import every donor from the donor CRM as a supporter\?/).waitFor();
    await first.getByRole('button', { name: 'Continue' }).click();
    const second = page.getByRole('dialog', { name: 'Import donors' }).filter({ hasText: 'Are you sure?' });
    await second.waitFor();
    // The second question says what the checkbox asked for (a failure here shows which text it had).
    expect(await second.innerText()).toMatch(/gives each new supporter with an e-mail a login/);
    // The second question cannot be undone: Cancel has the focus, so Enter keeps things as they are.
    await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
    await screenshot(page, 'donor-import-confirm');
    await second.getByRole('button', { name: 'Import donors' }).click();
    await page.getByText('The donor import has started.', { exact: false }).first().waitFor();
    await panel.getByText(/^Last import .*: [\d,]+ donors? read, [\d,]+ supporters? created, [\d,]+ supporters? updated, [\d,]+ logins? made\.$/).waitFor({ timeout: 60_000 });
    await screenshot(page, 'donor-import-done');
    const latest = await apiCall<{ data: { status: string; read: number } }>(page, 'GET', '/jpanel/donors/import/latest.json');
    expect(latest.data.status).toBe('complete');
    expect(latest.data.read).toBeGreaterThan(0);
    await context.close();
  });
});
