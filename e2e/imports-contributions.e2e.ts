import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { openImport, runImport } from './support/imports.ts';
import { apiCall, downloadLines, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 15, the contributions import screen: a CSV of gifts with good and bad rows — fix a cell in
 * place, dry run, import (a duplicate gift id only the server can see is rejected there),
 * download the rejected rows, find the gifts in the contributions listing, undo.
 */
const browser = useBrowser();
const stamp = attemptStamp();


/** The imported gifts the contributions listing shows (the rows, not the cached counts). */
const gifts = async (page: Page) =>
  (await apiCall<{ data: { id: number; supporter: string; status: string; total: number; source: string }[] }>(page, 'POST', '/jpanel/contributions-v2.listing', {
    search: { value: `Gift${stamp()}` },
    length: 100,
  })).data.filter((row) => row.supporter.includes(`Gift${stamp()}`));

it('imports contributions from a CSV: fix a cell, dry run, import, rejected rows, undo', async () => {
  const { page } = await browser.newPage();
  await openImport(page, 'Import contributions');

  const csv = [
    'Date,Subtotal amount,DCC,Total,First name,Last name,Email,Address line 1,Country,Payment auth,DP gift id',
    `2024-03-01,25.00,1.50,26.50,Ada,Gift${stamp()},ada.${stamp()}@example.org,1 Elm St,US,AUTH-${stamp()},G${stamp()}-1`,
    `03/02/2024,40,,40,Grace,Gift${stamp()},grace-at-example,2 Elm St,US,,G${stamp()}-2`,
    `2024-03-03,10.00,0,12.00,Alan,Gift${stamp()},alan.${stamp()}@example.org,3 Elm St,GB,,G${stamp()}-3`,
    `2024-03-04,5,0,5,Edsger,Gift${stamp()},edsger.${stamp()}@example.org,4 Elm St,NL,,G${stamp()}-1`,
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'gifts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('4 rows · 2 ready · 2 with errors').waitFor();
  expect(await page.getByRole('combobox', { name: 'Column “DP gift id”' }).inputValue()).toBe('DP gift id');
  await page.getByText('Email must be valid').waitFor();
  await page.getByText('Total (12.00) must equal Subtotal amount (10.00) plus DCC (0).').waitFor();
  await screenshot(page, 'imports-contributions-rows');
  await expectAccessible(page, 'import contributions');

  await page.getByRole('textbox', { name: 'Email, row 2' }).fill(`grace.${stamp()}@example.org`);
  await page.getByText('4 rows · 3 ready · 1 with errors').waitFor();
  // A matched donor keeps their record by default: the gift is added to it.
  expect(await page.getByRole('radio', { name: 'Add the gift', exact: true }).isChecked()).toBe(true);

  // Row 4 repeats row 1's gift id: only the server, applying the rows, can tell.
  await runImport(page, 'Dry run', 'Would create 2, updated 0, skipped 0, rejected 2');
  await page.getByText('Dry run complete: nothing was written').waitFor();
  expect(await gifts(page)).toHaveLength(0);

  await runImport(page, /^Import 4 rows$/, 'Created 2, updated 0, skipped 0, rejected 2');
  await screenshot(page, 'imports-contributions-done');
  await expectAccessible(page, 'import contributions done');
  const rejected = await downloadLines(page, page.getByRole('link', { name: /^Download rejected rows of contributions import/ }));
  expect(rejected.lines).toHaveLength(3);
  expect(rejected.lines[1]).toContain('total: Total (12.00) must equal Subtotal amount (10.00) plus DCC (0).');
  expect(rejected.lines[2]).toContain(`dp_gift_id: Gift G${stamp()}-1 has already been imported.`);
  const imported = await gifts(page);
  expect(imported.map((g) => [g.status, g.total, g.source]).sort()).toEqual([
    ['paid', 26.5, 'Import'],
    ['paid', 40, 'Import'],
  ]);

  // A gift's history names the import and row it came from (one brief entry, not every column).
  const ada = imported.find((g) => g.total === 26.5) as { id: number };
  const giftTab = await page.context().newPage();
  await giftTab.goto(new URL(`/jpanel/contributions/${ada.id}`, page.url()).href);
  await giftTab.getByText(/^Imported from:/).waitFor();
  await giftTab.getByText(/^Import #\d+, row \d+$/).waitFor();
  await screenshot(giftTab, 'imports-contributions-gift-history');
  await giftTab.close();

  await page.getByRole('button', { name: /^Undo import \d+ \(contributions\)$/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await expectAccessible(page, 'undo contributions import');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await page.getByText('Import undone', { exact: true }).waitFor({ timeout: 30_000 });
  expect(await gifts(page)).toHaveLength(0);

  await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Past imports' }).waitFor();
  await page.getByRole('row').filter({ hasText: 'gifts.csv' }).first().getByText('Contributions').waitFor();
  await screenshot(page, 'imports-contributions-list');
  await expectAccessible(page, 'imports list');
});
