import { dataSyncMessages, paymentProviderMessages, sandboxProviderCredentials } from '@almoner/contracts';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

async function openSettings(page: Page, link: string) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: link }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: link }).click();
  await page.getByRole('heading', { name: link, exact: true }).waitFor();
}

/** By keyboard: toasts stack over the top-right corner, where the switches are. */
async function flip(toggle: Locator) {
  await toggle.focus();
  await toggle.press('Space');
}

const toastText = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor();

it('toggles a payment provider, saves its credentials and runs its connection tests', async ({ task }) => {
  // CI retries a failed test once, and a retry finds the credentials its first attempt saved
  // (a blank secret keeps the saved one, so they cannot be taken back): the refusal to turn on
  // without credentials is checked by the first attempt, which must find none saved.
  const firstAttempt = (task.result?.retryCount ?? 0) === 0;
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openSettings(page, 'Payment providers');
  const paypal = page.locator('[data-provider="paypal"]');
  await paypal.waitFor();
  await screenshot(page, 'payment-providers');

  // Off, then on again: PayPal cannot be turned on before its credentials are saved.
  const toggle = paypal.getByRole('switch', { name: 'PayPal enabled' });
  if (await toggle.isChecked()) {
    await flip(toggle);
    await toastText(page, paymentProviderMessages.disabled);
  }
  if (firstAttempt) {
    expect(await paypal.getByLabel('Secret').getAttribute('placeholder')).toBeNull();
    await flip(toggle);
    await toastText(page, paymentProviderMessages.credentialsFirst('PayPal'));
    expect(await toggle.isChecked()).toBe(false);
  }

  // Wrong secret: saved, but the test fails.
  await paypal.getByLabel('Client ID').fill(sandboxProviderCredentials.paypal.client_id);
  await paypal.getByLabel('Secret').fill('not-the-secret');
  await paypal.getByRole('button', { name: 'Save PayPal settings' }).click();
  await toastText(page, paymentProviderMessages.updated);
  await paypal.getByRole('button', { name: 'Test PayPal connection' }).click();
  await paypal.locator('[data-test-result="paypal"]', { hasText: 'Failed!' }).waitFor();
  await paypal.getByText('Client Authentication failed').waitFor();
  await screenshot(page, 'payment-providers-failed');

  // The sandbox's test secret works, for reference transactions too; then PayPal can go on.
  await paypal.getByLabel('Secret').fill(sandboxProviderCredentials.paypal.client_secret);
  // Test waits for the save: the tests use the saved settings, so the button is off until then.
  const testPayPal = paypal.getByRole('button', { name: 'Test PayPal connection' });
  expect(await testPayPal.isDisabled()).toBe(true);
  await paypal.getByRole('button', { name: 'Save PayPal settings' }).click();
  await testPayPal.click();
  await paypal.locator('[data-test-result="paypal"]', { hasText: 'Works!' }).waitFor();
  await paypal.getByRole('button', { name: 'Test reference transactions' }).click();
  await paypal.locator('[data-test-result="paypal_reference_transactions"]', { hasText: 'Works!' }).waitFor();
  await flip(toggle);
  await toastText(page, paymentProviderMessages.enabled);
  expect(await toggle.isChecked()).toBe(true);

  const gocardless = page.locator('[data-provider="gocardless"]');
  if (firstAttempt) {
    await gocardless.getByRole('button', { name: 'Test GoCardless connection' }).click();
    await gocardless.locator('[data-test-result="gocardless"]', { hasText: 'Failed!' }).waitFor();
  }
  await gocardless.getByLabel('Access token').fill(sandboxProviderCredentials.gocardless.access_token);
  await gocardless.getByLabel('Access token').press('Enter');
  await toastText(page, paymentProviderMessages.updated);
  await gocardless.getByRole('button', { name: 'Test GoCardless connection' }).click();
  await gocardless.locator('[data-test-result="gocardless"]', { hasText: 'Works!' }).waitFor();
  await screenshot(page, 'payment-providers-works');

  const saved = await page.evaluate(async () => (await (await fetch('/jpanel/settings/payment.json', { headers: { 'X-Requested-With': 'XMLHttpRequest' } })).json()) as { providers: { provider: string; enabled: boolean; has_access_token: boolean }[] });
  expect(saved.providers.find((p) => p.provider === 'paypal')?.enabled).toBe(true);
  expect(saved.providers.find((p) => p.provider === 'gocardless')?.has_access_token).toBe(true);
});

it('connects and disconnects a data-sync connector', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openSettings(page, 'Data sync');
  const mailchimp = page.locator('[data-connector="mailchimp"]');
  await mailchimp.getByRole('button', { name: 'Connect Mailchimp' }).click();
  await toastText(page, dataSyncMessages.connected);
  await mailchimp.getByText('Connected', { exact: true }).waitFor();
  await screenshot(page, 'data-sync-connected');

  // Disconnecting asks first, with Cancel focused.
  await mailchimp.getByRole('button', { name: 'Disconnect Mailchimp' }).click();
  const dialog = page.getByRole('dialog', { name: 'Disconnect Mailchimp?' });
  await dialog.waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await screenshot(page, 'data-sync-disconnect-dialog');
  await dialog.getByRole('button', { name: 'Disconnect' }).click();
  await toastText(page, dataSyncMessages.disconnected);
  await mailchimp.getByRole('button', { name: 'Connect Mailchimp' }).waitFor();
});

it('starts a billing checkout and completes it on the sandbox hosted page', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openSettings(page, 'Billing');
  await screenshot(page, 'billing');
  await page.getByRole('button', { name: 'Subscribe to Essentials' }).click();
  await page.waitForURL(/\/sandbox-billing\/hosted\//);
  await page.getByRole('heading', { name: 'Subscribe to Essentials' }).waitFor();
  await takeScreenshot(page, 'billing-hosted-page');
  await expectAccessible(page, 'billing-hosted-page');
  await page.getByRole('button', { name: 'Pay and subscribe' }).click();
  await page.waitForURL(/\/jpanel\/settings\/billing/);
  await toastText(page, 'Your subscription has started.');
  const current = page.getByRole('region', { name: 'Current subscription' });
  await current.getByText('Essentials').waitFor();
  // The address no longer carries the page id, so a reload does not complete it again.
  expect(page.url()).not.toContain('state=');
  await screenshot(page, 'billing-subscribed');
});
