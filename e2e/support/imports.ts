import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signIn } from './browser.ts';

/** Signs in and opens an import screen from the Imports page, as staff reach it. */
export async function openImport(page: Page, label: string): Promise<void> {
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Imports' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Imports' }).click();
  await page.getByRole('heading', { name: 'Imports', exact: true }).waitFor();
  await page.getByRole('link', { name: label }).click();
  await page.getByRole('heading', { name: label, exact: true }).waitFor();
}

/** Presses Dry run or Import and waits for the job's counts. */
export async function runImport(page: Page, button: 'Dry run' | RegExp, counts: string): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  await page.getByTestId('import-counts').filter({ hasText: counts }).waitFor({ timeout: 30_000 });
}

/** Undoes the import shown, through its dialog (which starts on Cancel). */
export async function undoImport(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Undo import \d+ \(.+\)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await page.getByText('Import undone', { exact: true }).waitFor({ timeout: 30_000 });
}
