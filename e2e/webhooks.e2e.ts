import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';

/** Issue 13 items 1 and 7: a hook to a real receiver on loopback, an event, its delivery, Redeliver. */
const browser = useBrowser();

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-hook`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await page.waitForTimeout(300);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

async function until(check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

it('creates a webhook to a local receiver, sees the delivery of an event, expands it and redelivers', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Webhooks' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
  await screenshot(page, 'webhooks-list');

  await page.getByRole('link', { name: 'Add webhook' }).click();
  // A private address is refused with the server's message.
  await page.getByLabel('Payload URL').fill('http://169.254.169.254/latest/meta-data');
  await page.getByRole('checkbox', { name: 'user.invited' }).check();
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.getByText('This address is private or local: webhooks can only be sent to public addresses.').first().waitFor();
  await page.getByLabel('Payload URL').fill(receiverUrl);
  await page.getByLabel('Secret').fill('e2e-secret-value');
  await screenshot(page, 'webhook-new');
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.waitForURL(/\/jpanel\/settings\/hooks\/\d+$/);
  await page.getByText('set (never shown)').waitFor();
  expect(await page.content()).not.toContain('e2e-secret-value');

  // The event: a staff user invited through the API, as another screen would do it.
  const email = `hook-${Date.now() % 1_000_000}@example.org`;
  const context = page.context();
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await context.request.fetch('/jpanel/users', {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { first_name: 'Hook', last_name: 'Invitee', email, is_admin_user: true },
  });
  const status = created.status();
  expect(status).toBe(201);
  await until(() => received.length > 0);
  expect(received).toHaveLength(1);
  const first = received[0]!;
  expect(first.headers['x-almoner-event']).toBe('user.invited');
  expect(String(first.headers['x-hub-signature-256'])).toMatch(/^sha256=[0-9a-f]{64}$/);

  // The deliveries list refreshes while one is pending; a reload shows it as delivered.
  await page.reload();
  const guid = String(first.headers['webhook-id']);
  await page.getByRole('button', { name: guid }).click();
  await page.getByText(/Completed in/).waitFor();
  await page.getByRole('tab', { name: /Response 200/ }).click();
  await page.getByText('"ok": true').waitFor();
  await screenshot(page, 'webhook-delivery-expanded');

  await page.getByRole('button', { name: 'Redeliver' }).click();
  await page.getByText('Redelivery queued.').waitFor();
  await until(() => received.length > 1);
  expect(received).toHaveLength(2);
  expect(received[1]!.headers['webhook-id']).toBe(guid);
  expect(received[1]!.body).toBe(first.body);
  await page.reload();
  await expect.poll(async () => page.getByRole('button', { name: guid }).count(), { timeout: 15_000 }).toBe(2);

  // Insecure SSL asks first, with Cancel focused.
  await page.getByRole('switch', { name: /Insecure SSL/ }).click();
  const warn = page.getByRole('dialog', { name: 'Skip certificate checks?' });
  await warn.waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await screenshot(page, 'webhook-insecure-confirm');
  await warn.getByRole('button', { name: 'Skip certificate checks' }).click();
  await page.getByText('Certificate checks are off for this webhook.').waitFor();

  // Delete, with Cancel focused first.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete webhook' });
  await dialog.waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Webhook deleted.').waitFor();
  await page.waitForURL(/\/jpanel\/settings\/hooks$/);
  expect(await page.getByRole('link', { name: receiverUrl }).count()).toBe(0);
});
