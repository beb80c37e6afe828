import { readFile } from 'node:fs/promises';
import type { Reconciliation } from '@almoner/contracts';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signInAt, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Reports › Reconciliation (issue 39): reached from the reports index, it shows Almoner's ledger
 * beside the gateway's record for a range, says whether they agree (and lists what differs),
 * and exports both parts as CSV. The screen is compared with the answer it received, so it
 * holds whatever the worker's data holds; the server suite proves a changed payment is found.
 */
const browser = useBrowser();

it('opens from the reports index, shows both records day by day, says whether they agree and exports the CSV', async () => {
  const { context, page } = await browser.newPage({ width: 1440, height: 900 });
  await signInAt(page, '/jpanel/reports');
  await page.getByRole('main').getByRole('link', { name: 'Reconciliation' }).click();
  await page.getByRole('heading', { name: 'Reconciliation', level: 1 }).waitFor();
  // The last 30 days by default; a whole quarter through the address.
  const answer = await apiCall<Reconciliation>(page, 'GET', '/jpanel/reports/reconciliation.json');
  await page.getByText('Days with payments').waitFor();
  const range = { from: answer.from, to: answer.to };
  await page.goto(`/jpanel/reports/reconciliation?from=${range.from}&to=${range.to}`);
  const days = page.getByRole('table', { name: 'Day by day' });
  await days.waitFor();
  await expect.poll(() => days.locator('tbody tr').count()).toBe(answer.days.length);
  if (answer.differences.length === 0) await page.getByText('The books agree').waitFor();
  else await expect.poll(() => page.getByRole('table', { name: 'Differences' }).locator('tbody tr').count()).toBe(answer.differences.length);
  expect(answer.days.length).toBeGreaterThan(0);
  await screenshot(page, 'reconciliation');
  await expectAccessible(page, 'reconciliation');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Export CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`reconciliation-${range.from}-to-${range.to}.csv`);
  const text = await readFile(await download.path(), 'utf8');
  const [dayPart, differencePart] = text.split('\n\n');
  expect(dayPart?.split('\n')[0]).toBe('Day,Currency,Almoner gross,Almoner refunds,Almoner fees,Almoner net,Gateway gross,Gateway refunds,Gateway fees,Gateway net,Differences');
  expect(dayPart?.trim().split('\n')).toHaveLength(answer.days.length + 1);
  expect(differencePart?.trim().split('\n')).toHaveLength(answer.differences.length + 1);
  await context.close();
});
