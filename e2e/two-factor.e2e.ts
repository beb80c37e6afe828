import { generate } from 'otplib';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { ADMIN, screenshot as takeScreenshot, signInThroughForm, useBrowser } from './support/browser.ts';
import { settle } from './support/settle.ts';

const browser = useBrowser();

/** Screenshots wait for the shell's preloader to go and for modal transitions to settle. */
async function screenshot(page: Page, name: string) {
  await page.locator('[data-preloader]').waitFor({ state: 'detached' });
  await settle(page);
  await takeScreenshot(page, name);
  // Every screen this file photographs is also checked by axe.
  await expectAccessible(page, name);
}
const person = { email: `tess.factor.${Date.now() % 1_000_000}@example.org`, password: 'second-factor-7' };
let secretKey = '';
let recoveryCodes: string[] = [];

/** A JSON call made the way the SPA makes it (XHR header, CSRF token from the cookie). */
async function call(context: BrowserContext, method: string, url: string, data?: unknown) {
  if (!(await context.cookies()).some((c) => c.name === 'XSRF-TOKEN')) await context.request.get('/jpanel/login');
  const xsrf = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const headers = { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': decodeURIComponent(xsrf) };
  return context.request.fetch(url, { method, headers, ...(data === undefined ? {} : { data }) });
}

const codeAt = (secret: string, offsetSteps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSteps * 30 });

async function signedInShell(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/jpanel\/login/);
}

// Two-factor is turned on for a user of this file's own, so the demo admin stays usable.
beforeAll(async () => {
  const { context } = await browser.newPage();
  expect((await call(context, 'POST', '/jpanel/login', { email: ADMIN.email, password: ADMIN.password })).status()).toBe(200);
  const created = await call(context, 'POST', '/jpanel/users', {
    first_name: 'Tess',
    last_name: 'Factor',
    email: person.email,
    password: person.password,
    is_admin_user: true,
    permissions: ['member.view'],
  });
  expect(created.status(), await created.text()).toBe(201);
  await context.close();
});

it('enables two-factor from the setup key, asking for the password first', async () => {
  const { page, context } = await browser.newPage();
  await signInThroughForm(page, person.email, person.password);
  await signedInShell(page);
  await page.goto('/jpanel/profile');
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();
  await screenshot(page, 'profile-two-factor-off');

  // The sign-in just confirmed the password; answer the first enable as the server would after
  // 3 hours, so the confirmation modal is exercised for real.
  await page.route('**/jpanel/auth/user/two-factor-authentication', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({ status: 423, contentType: 'application/json', body: JSON.stringify({ message: 'Password confirmation required.' }) })
      : route.fallback(),
  { times: 1 });
  await page.getByRole('button', { name: 'Enable' }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your password' });
  await dialog.waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.getAttribute("type")')).toBe('password');
  await page.keyboard.type('not-my-password-1');
  await page.keyboard.press('Enter');
  await dialog.getByText('The provided password was incorrect.').waitFor();
  await screenshot(page, 'profile-confirm-password');
  await dialog.getByLabel('Password', { exact: true }).fill(person.password);
  await page.keyboard.press('Enter');
  await dialog.waitFor({ state: 'hidden' });

  const key = page.getByTestId('two-factor-secret-key');
  await key.waitFor();
  await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  secretKey = ((await key.textContent()) ?? '').replace(/\s+/g, '');
  expect(secretKey).toMatch(/^[A-Z2-7]{32,}$/);
  await screenshot(page, 'profile-two-factor-setup');

  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByText('The provided two factor authentication code was invalid.').waitFor();
  await page.getByLabel('Code').fill(await codeAt(secretKey));
  await page.getByRole('button', { name: 'Confirm' }).click();

  await page.getByTestId('recovery-code').first().waitFor();
  recoveryCodes = await page.getByTestId('recovery-code').allTextContents();
  expect(recoveryCodes).toHaveLength(8);
  expect(await page.getByRole('img', { name: /QR code/ }).count()).toBe(0);
  await screenshot(page, 'profile-two-factor-on');
  await signOut(page);
  await context.close();
});

it('signs in with a code from the app', async () => {
  const { page, context } = await browser.newPage();
  await signInThroughForm(page, person.email, person.password);
  await page.waitForURL(/\/jpanel\/two-factor-challenge/);
  const field = page.getByLabel('Code');
  await expect.poll(() => field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  expect(await field.getAttribute('autocomplete')).toBe('one-time-code');

  await field.fill('123456');
  await page.keyboard.press('Enter');
  await page.getByText('The provided two factor authentication code was invalid.').waitFor();
  await screenshot(page, 'two-factor-challenge-error');

  // The setup used the current step; the next one is within tolerance and not yet used.
  await field.fill(await codeAt(secretKey, 1));
  await page.keyboard.press('Enter');
  await signedInShell(page);
  expect(page.url()).not.toMatch(/two-factor-challenge|login/);
  await context.close();
});

it('signs in with a recovery code and lands on the page first asked for', async () => {
  const { page, context } = await browser.newPage();
  await page.goto('/jpanel/profile');
  await page.waitForURL(/\/jpanel\/login\?redirect=/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/jpanel\/two-factor-challenge\?redirect=/);

  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const field = page.getByLabel('Recovery code');
  await expect.poll(() => field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
  await screenshot(page, 'two-factor-challenge-recovery');
  await field.fill(recoveryCodes[0] ?? '');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/jpanel\/profile$/);
  await page.getByRole('heading', { name: 'Two-factor authentication' }).waitFor();

  // The code is spent: the list shown now no longer holds it.
  await page.getByRole('button', { name: 'Show recovery codes' }).click();
  await page.getByTestId('recovery-code').first().waitFor();
  const now = await page.getByTestId('recovery-code').allTextContents();
  expect(now).toHaveLength(8);
  expect(now).not.toContain(recoveryCodes[0]);

  await page.getByRole('button', { name: 'Disable' }).click();
  const confirm = page.getByRole('dialog', { name: 'Turn off two-factor authentication?' });
  await confirm.waitFor();
  await screenshot(page, 'profile-two-factor-disable');
  await confirm.getByRole('button', { name: 'Turn off' }).click();
  await page.getByRole('button', { name: 'Enable' }).waitFor();
  expect(await page.getByTestId('recovery-code').count()).toBe(0);
  await context.close();
});
