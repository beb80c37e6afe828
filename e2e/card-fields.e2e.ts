import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { screenshot, signInAt, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();
const FUTURE = `12${(new Date().getUTCFullYear() + 3) % 100}`;

async function openPaymentsSettings(page: Page) {
  await signInAt(page, '/jpanel/settings#payments');
  await page.getByText('Check the card fields').waitFor();
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
}

it('types a test card into the hosted card fields and gets a capture token; card numbers never reach the business API', async () => {
  const { page, context } = await browser.newPage();
  const policyErrors: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) policyErrors.push(message.text());
  });
  const apiBodies: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/jpanel/') && request.postData()) apiBodies.push(request.postData() ?? '');
  });
  await openPaymentsSettings(page);
  await expect.poll(() => page.getByLabel('Payment gateway').inputValue()).toBe('Sandbox (test payments)');

  const fields = page.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill('4242424242424242');
  await expect.poll(() => fields.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
  await fields.getByLabel('Expiry (MM / YY)').fill(FUTURE);
  await fields.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Check card' }).click();
  const accepted = page.getByText('Card accepted by the gateway');
  await accepted.waitFor();
  const answer = (await page.locator('[data-section="card-fields-check"] [role="alert"], [data-section="card-fields-check"] .mantine-Alert-root').innerText()).replace(/\s+/g, ' ');
  expect(answer).toMatch(/Visa ending 4242, expires 12\/\d{4}\. Capture token tok_[0-9a-f]{24}/);
  await settle(page);
  await screenshot(page, 'card-fields-token');

  // A number that fails the Luhn check is refused inside the card fields, and the page says so.
  await fields.getByLabel('Card number').fill('4242424242424241');
  await fields.getByLabel('Card number').press('Enter');
  await fields.getByText('Enter a valid card number.').waitFor();
  await page.getByRole('alert').filter({ hasText: 'Enter a valid card number.' }).waitFor();
  await screenshot(page, 'card-fields-error');

  expect(policyErrors).toEqual([]);
  expect(apiBodies.join('\n')).not.toContain('4242');
  await context.close();
});

it('fits the card fields on a phone screen', async () => {
  const { page, context } = await browser.newPage({ width: 390, height: 844 });
  await openPaymentsSettings(page);
  const fields = page.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Security code').waitFor();
  const box = await page.locator('iframe[title="Card details"]').boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await page.locator('html').evaluate((html) => html.scrollWidth)).toBeLessThanOrEqual(390);
  await fields.getByText('Sandbox gateway: no real card is charged').click();
  await fields.getByText('4000 0000 0000 9235').waitFor();
  // The frame grows with its content instead of scrolling inside the page.
  await expect.poll(async () => (await page.locator('iframe[title="Card details"]').boundingBox())?.height ?? 0).toBeGreaterThan(box?.height ?? 0);
  await page.locator('[data-section="card-fields-check"]').scrollIntoViewIfNeeded();
  await settle(page);
  await screenshot(page, 'card-fields-phone');
  await context.close();
});

it('serves the hosted card fields under a strict Content Security Policy with no inline script', async () => {
  const response = await fetch(`${browser.baseUrl}/sandbox-gateway/card-fields`);
  const policy = response.headers.get('content-security-policy') ?? '';
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  const html = await response.text();
  expect(html).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);
  expect(html).not.toMatch(/\son[a-z]+=|\sstyle=/i);
});
