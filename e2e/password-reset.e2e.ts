import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { apiCall } from './support/listing.ts';
import { ADMIN, screenshot as takeScreenshot, startSession, signInThroughForm, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { settle } from './support/settle.ts';

/** Issue 6 item 19: forgot password → link from the mail outbox → reset → sign in with the new password. */
const browser = useBrowser();
const suffix = attemptStamp();

async function screenshot(page: Page, name: string) {
  await settle(page);
  await takeScreenshot(page, name);
}

it('resets a password with the link from the mail outbox', async () => {
  // A staff member to reset, made by the administrator.
  const admin = (await browser.newPage()).page;
  await startSession(admin);
  const email = `ria.${suffix()}@example.org`;
  await apiCall(admin, 'POST', '/jpanel/users', { first_name: 'Ria', last_name: 'Reset', email, password: 'first-pass-1', is_admin_user: true });

  const { page } = await browser.newPage();
  await page.goto('/jpanel/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
  await expectAccessible(page, 'forgot password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Email password reset link' }).click();
  await page.getByText('We have emailed your password reset link.').waitFor();
  await screenshot(page, 'forgot-password-sent');

  // The administrator reads the link in the outbox.
  await admin.goto('/jpanel/mail');
  const row = admin.getByRole('row').filter({ hasText: email }).filter({ hasText: 'Reset your password' });
  await row.getByRole('link').click();
  await admin.getByRole('tab', { name: 'Text' }).click();
  const text = (await admin.locator('pre').innerText()) ?? '';
  const link = /http:\/\/[^\s]+\/jpanel\/reset-password\/[^\s]+/.exec(text)?.[0];
  expect(link).toBeDefined();

  await page.goto(new URL(link as string).pathname + new URL(link as string).search);
  await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
  expect(await page.getByLabel('Email').inputValue()).toBe(email);
  await expectAccessible(page, 'reset password');

  // Submitted empty, the screen checks with the server's own schema and asks nothing of it.
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/jpanel/reset-password')) posts.push(request.url());
  });
  await page.getByLabel('Email').fill('');
  await page.getByRole('button', { name: 'Reset password' }).click();
  const fieldError = async (label: string) => {
    const field = page.getByLabel(label, { exact: true });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    const described = (await field.getAttribute('aria-describedby')) ?? '';
    const ids = described.split(/\s+/).filter(Boolean);
    return (await Promise.all(ids.map((id) => page.locator(`[id="${id}"]`).innerText()))).join(' ');
  };
  expect(await fieldError('Email')).toContain('Please fill this field.');
  expect(await fieldError('New password')).toContain('Please fill this field.');
  await screenshot(page, 'reset-password-empty');
  expect(posts).toEqual([]);
  await page.getByLabel('Email').fill(email);
  // Too short and letters only: the shared password rule, still without asking the server.
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  expect(await fieldError('New password')).toContain('Password must be at least 8 characters long.');
  expect(posts).toEqual([]);

  await page.getByLabel('New password', { exact: true }).fill('second-pass-2');
  await page.getByLabel('Confirm new password').fill('second-pass-2x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('The password field confirmation does not match.').waitFor();
  await page.getByLabel('Confirm new password').fill('second-pass-2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Your password has been reset.').waitFor();
  await screenshot(page, 'reset-password-done');

  await page.getByRole('link', { name: 'Sign in' }).click();
  await signInThroughForm(page, email, 'second-pass-2');
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  expect(ADMIN.email).not.toBe(email);
});
