import { expect, it } from 'vitest';
import { ADMIN, screenshot, signInThroughForm, useBrowser } from './support/browser.ts';

const browser = useBrowser();

it('signs in and out', async () => {
  const { page, context } = await browser.newPage();
  await page.goto('/jpanel/');
  await page.waitForURL(/\/jpanel\/login/);
  await screenshot(page, 'login');

  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('alert').waitFor();
  expect(await page.getByRole('alert').textContent()).toContain('These credentials do not match our records.');

  await signInThroughForm(page);
  await page.getByRole('heading', { name: /Welcome/ }).waitFor();
  await screenshot(page, 'home');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await page.waitForURL(/\/jpanel\/login/);
  await context.close();
});
