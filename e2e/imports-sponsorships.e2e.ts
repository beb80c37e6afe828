import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { signIn, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { runImport } from './support/imports.ts';
import { apiCall, downloadLines, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 15, the sponsorships (sponsees) import screen: a file with good and bad rows — a
 * segment column matched by its name, a value not in its list, a custom column refused — fix a
 * cell in place, dry run, import, download the rejected rows, undo.
 */
const browser = useBrowser();
const stamp = attemptStamp();
const ref = (n: number) => `SPX${stamp()}-${n}`;

type Rule = { key: string; name: string; values: string[] };
type SponseeRow = { id: number; reference_number: string; full_name: string };

async function sponseesOfThisRun(page: Page): Promise<SponseeRow[]> {
  return (await apiCall<{ data: SponseeRow[] }>(page, 'POST', '/jpanel/sponsorship.ajax', { search: { value: `SPX${stamp()}` } })).data;
}


it('imports sponsees from a CSV: segment values checked, custom column refused, fix a cell, dry run, import, rejected rows, undo', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const rules = await apiCall<Rule[]>(page, 'GET', '/flatfile/field-rules/segments');
  const country = rules.find((r) => r.name === 'Country' && r.values.length > 0) as Rule;
  expect(country, 'the demo data has a Country segment with options').toBeTruthy();
  const place = country.values[0] as string;

  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  if (!(await nav.getByRole('link', { name: 'Imports' }).isVisible())) await nav.getByRole('button', { name: 'Settings' }).click();
  await nav.getByRole('link', { name: 'Imports' }).click();
  await page.getByRole('heading', { name: 'Imports', exact: true }).waitFor();
  await page.getByRole('link', { name: 'Import sponsorships' }).click();
  await page.getByRole('heading', { name: 'Import sponsorships', exact: true }).waitFor();

  const csv = [
    'reference_number,first_name,last_name,gender,birth_date,is_enabled,Country,custom_note',
    `${ref(1)},Amani,Import,F,2016-03-14,yes,${place.toUpperCase()},`,
    `${ref(2)},Baraka,Import,M,2016-02-30,yes,,`,
    `${ref(3)},Chiku,Import,F,,no,Nowhere,`,
    `${ref(4)},Dalia,Import,F,,,,blue`,
    `${ref(5)},Eli,Import,,,,,`,
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'sponsees.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByText('5 rows · 1 ready · 4 with errors').waitFor();
  // The segment column matched by the segment's name; the custom column shown for what it is.
  expect(await page.getByRole('combobox', { name: 'Column “Country”' }).inputValue()).toBe('Country');
  expect(await page.getByRole('combobox', { name: 'Column “custom_note”' }).inputValue()).toBe('custom_note (custom field)');
  expect(await page.getByRole('textbox', { name: 'Country, row 1' }).inputValue()).toBe(place.toUpperCase());
  await page.getByText('Date is invalid.').waitFor();
  await page.getByText(`Nowhere must be one of ${country.values.join(', ')}`).waitFor();
  await page.getByText('custom_note: Custom fields are not allowed.').waitFor();
  await page.getByText('Please fill this field.').waitFor();
  // Sponsees are matched by reference number: the screen offers the modes, "Update match" first.
  await page.getByText('When a row matches an existing sponsee (by reference number)').waitFor();
  await screenshot(page, 'imports-sponsorships-rows');

  await page.getByRole('textbox', { name: 'Birth date, row 2' }).fill('2016-02-28');
  await page.getByText('5 rows · 2 ready · 3 with errors').waitFor();
  expect(await page.getByText('Date is invalid.').count()).toBe(0);

  const before = (await sponseesOfThisRun(page)).length;
  await runImport(page, 'Dry run', 'Would create 2, updated 0, skipped 0, rejected 3');
  await page.getByText('Dry run complete: nothing was written').waitFor();
  expect((await sponseesOfThisRun(page)).length).toBe(before);

  await runImport(page, /^Import 5 rows$/, 'Created 2, updated 0, skipped 0, rejected 3');
  await screenshot(page, 'imports-sponsorships-done');
  const made = await sponseesOfThisRun(page);
  expect(made.map((s) => s.reference_number).sort()).toEqual([ref(1), ref(2)]);
  const amani = made.find((s) => s.reference_number === ref(1)) as SponseeRow;
  const detail = await apiCall<{ sponsee: { gender: string; birth_date: string; is_enabled: boolean }; segments: { name: string; values: string[] }[] }>(
    page,
    'GET',
    `/jpanel/sponsorships/${amani.id}`,
  );
  expect(detail.sponsee).toMatchObject({ gender: 'F', birth_date: '2016-03-14', is_enabled: true });
  expect(detail.segments.find((s) => s.name === 'Country')?.values).toEqual([place]);

  const rejected = await downloadLines(page, page.getByRole('link', { name: /^Download rejected rows of sponsorships import/ }));
  expect(rejected.lines).toHaveLength(4);
  expect(rejected.lines[1]).toContain(`${country.key}: Nowhere must be one of`);
  expect(rejected.lines[2]).toContain('custom_note: Custom fields are not allowed.');
  expect(rejected.lines[3]).toContain('gender: Please fill this field.');
  expect(rejected.lines[3]).toContain(ref(5));

  // The sponsee page shows what was imported.
  await page.goto(`/jpanel/sponsorships/${amani.id}`);
  await page.getByText(ref(1)).first().waitFor();
  await page.getByText(place, { exact: true }).first().waitFor();
  await screenshot(page, 'imports-sponsorships-sponsee');

  // Undo from the past imports list: asks first, Cancel focused.
  await page.goto('/jpanel/imports');
  await page.getByRole('heading', { name: 'Past imports' }).waitFor();
  await page.getByRole('button', { name: /^Undo import \d+ \(sponsorships\)$/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  await expectAccessible(page, 'undo import dialog');
  await dialog.getByRole('button', { name: 'Undo import' }).click();
  await page.getByText('Undone: 2 records put back.').first().waitFor({ timeout: 30_000 });
  expect(await sponseesOfThisRun(page)).toEqual([]);
  await screenshot(page, 'imports-sponsorships-undone');
});
