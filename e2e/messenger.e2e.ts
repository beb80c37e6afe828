import type { Page } from 'playwright-core';
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

/** A number and keyword of this run's own, made through the API the numbers screen uses. */
async function keywordOnNewNumber(page: Page, area: string, keyword: string) {
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  return page.evaluate(async ({ area, keyword, csrf }) => {
    const headers = { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json', 'X-CSRF-TOKEN': csrf };
    const made = (await (await fetch('/jpanel/api/v1/messenger/phone-numbers', { method: 'POST', headers, body: JSON.stringify({ phone_number: `+1${area}5550145`, country: 'US' }) })).json()) as { id: number };
    await fetch(`/jpanel/api/v1/messenger/phone-numbers/${made.id}/keywords`, { method: 'POST', headers, body: JSON.stringify({ keyword }) });
    return made.id as number;
  }, { area, keyword, csrf });
}

it('holds a text-to-give conversation through the console: keyword, amount button, gift link, attachment, clear', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const run = String(Date.now() % 700);
  const keyword = `GIFT${run}`;
  const numberId = await keywordOnNewNumber(page, String(200 + Number(run)), keyword);

  await page.goto('/jpanel/messenger/console');
  await page.getByRole('heading', { name: 'Messenger console' }).waitFor();
  const sender = page.getByLabel("Change Sender's Phone Number");
  await sender.fill('5550100');
  await page.getByText('Enter the phone number as a plus sign').waitFor();
  await sender.fill(`+1555${String(Date.now()).slice(-7)}`);
  const message = page.getByPlaceholder('Send Message...');
  await message.fill(keyword.toLowerCase());
  await message.press('Enter');
  await page.getByText('How much would you like to give?').waitFor();
  await screenshot(page, 'messenger-amount-buttons');
  await page.getByRole('button', { name: '$25.00' }).click();
  const link = page.getByRole('link', { name: /\/give\// });
  await link.waitFor();
  await page.getByText('This link expires in 24 hours.').waitFor();

  // The link opens the public gift page (signed out in its own context), which takes the card.
  const href = (await link.getAttribute('href')) ?? '';
  const visitor = await browser.newPage();
  const gift = visitor.page;
  await gift.goto(new URL(href).pathname);
  await gift.getByRole('heading', { name: /^Thank you/ }).waitFor();
  const fields = gift.frameLocator('iframe[title="Card details"]');
  await fields.getByLabel('Card number').fill('4000000000000002');
  await fields.getByLabel('Expiry (MM / YY)').fill('12 / 39');
  await fields.getByLabel('Security code').fill('123');
  await gift.getByRole('button', { name: 'Give $25.00' }).click();
  await gift.getByRole('alert').waitFor();
  await fields.getByLabel('Card number').fill('4242424242424242');
  await gift.getByRole('button', { name: 'Give $25.00' }).click();
  await gift.getByRole('status').getByText(/^Thank you! Your gift of \$25\.00 to .+ was received\.$/).waitFor();
  await screenshot(gift, 'messenger-gift-paid');
  await visitor.context.close();

  await page.locator('input[type="file"]').setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201d0ea8f6d0000000049454e44ae426082', 'hex') });
  await page.getByText('Thank you, we received your image.').waitFor();
  expect(await page.getByRole('img', { name: 'note.png' }).count()).toBe(1);
  await screenshot(page, 'messenger-conversation');

  await message.fill('clear');
  await message.press('Enter');
  await page.getByText('Text a keyword to start a gift.').waitFor();
  expect(await page.locator('.messenger-bubble').count()).toBe(0);
  // The bot forgot the conversation: an amount alone no longer means anything.
  await message.fill('25');
  await message.press('Enter');
  await page.getByText(/^Text .+ to give\.$/).first().waitFor();
  const csrf = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const released = await page.evaluate(async ({ id, csrf }) => {
    return (await fetch(`/jpanel/api/v1/messenger/phone-numbers/${id}`, { method: 'DELETE', headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': csrf } })).status;
  }, { id: numberId, csrf });
  expect(released).toBe(200);
});
