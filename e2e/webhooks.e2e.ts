import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { screenshot as takeScreenshot, signIn, useBrowser } from './support/browser.ts';
import { dismissToasts } from './support/toasts.ts';
import { settle } from './support/settle.ts';

/** Issue 13 items 1 and 7: a hook to a real receiver on loopback, an event, its delivery, Redeliver. */
const browser = useBrowser();

const received: { headers: IncomingHttpHeaders; body: string }[] = [];
/** Answers 200 unless failing (then 503): the second test's receiver goes down and comes back. */
const receiverState = { failing: false };
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (req.url === '/e2e-flaky' && receiverState.failing) return void res.writeHead(503).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/e2e-hook`;
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  await expectAccessible(page, name);
}

/** A staff user invited through the API, as another screen would do it: the event the hooks get. */
async function inviteStaff(page: Page, email: string) {
  const context = page.context();
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const created = await context.request.fetch('/jpanel/users', {
    method: 'POST',
    headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { first_name: 'Hook', last_name: 'Invitee', email, is_admin_user: true },
  });
  expect(created.status()).toBe(201);
}

async function openWebhooks(page: Page) {
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Webhooks' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
}

async function until(check: () => boolean, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
}

it('creates a webhook to a local receiver, sees the delivery of an event, expands it and redelivers', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openWebhooks(page);
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

  await inviteStaff(page, `hook-${Date.now() % 1_000_000}@example.org`);
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

  // Delete, with Cancel focused first; the toast above would cover the button.
  await dismissToasts(page);
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete webhook' });
  await dialog.waitFor();
  expect(await page.locator(':focus').textContent()).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Webhook deleted.').waitFor();
  await page.waitForURL(/\/jpanel\/settings\/hooks$/);
  expect(await page.getByRole('link', { name: receiverUrl }).count()).toBe(0);
});

it('pauses a hook whose receiver keeps failing, says so, and resumes when a Redeliver gets through', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await openWebhooks(page);
  await page.getByRole('link', { name: 'Add webhook' }).click();
  const flakyUrl = receiverUrl.replace('/e2e-hook', '/e2e-flaky');
  await page.getByLabel('Payload URL').fill(flakyUrl);
  await page.getByRole('checkbox', { name: 'user.invited' }).check();
  await page.getByRole('button', { name: 'Create webhook' }).click();
  await page.waitForURL(/\/jpanel\/settings\/hooks\/\d+$/);

  receiverState.failing = true;
  const before = received.length;
  const stamp = Date.now() % 1_000_000;
  for (let i = 0; i < 5; i++) await inviteStaff(page, `flaky-${stamp}-${i}@example.org`);
  await until(() => received.length - before >= 5);
  // Five failures in a row pause the hook: the page says what happens next.
  await expect.poll(async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Edit webhook' }).waitFor();
    return page.getByText('Deliveries are paused').count();
  }, { timeout: 30_000, interval: 1_000 }).toBe(1);
  await page.getByText(/The last 5 tries failed\. Almoner checks the endpoint again at /).waitFor();
  await screenshot(page, 'webhook-paused');

  await openWebhooks(page);
  const row = page.getByRole('row').filter({ hasText: flakyUrl });
  await row.getByText('Paused').waitFor();
  await row.getByRole('link', { name: flakyUrl }).click();

  // The receiver is fixed: a Redeliver goes out at once, and its success ends the pause.
  receiverState.failing = false;
  await page.getByRole('button', { name: /^[0-9a-f]{8}-[0-9a-f]{4}-/ }).first().click();
  await page.getByRole('button', { name: 'Redeliver' }).click();
  await page.getByText('Redelivery queued.').waitFor();
  await expect.poll(async () => {
    await page.reload();
    await page.getByRole('heading', { name: 'Edit webhook' }).waitFor();
    return page.getByText('Deliveries are paused').count();
  }, { timeout: 30_000, interval: 1_000 }).toBe(0);
});
