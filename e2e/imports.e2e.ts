import type { Page } from 'playwright-core';
import writeExcelFile from 'write-excel-file/node';
import { historyCatalogues } from '@almoner/contracts';
import { expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { attemptStamp } from './support/stamp.ts';
import { openImport, runImport, undoImport } from './support/imports.ts';
import { apiCall, downloadLines, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 15, the screens: each kind the server applies, from a file with good and bad rows — fix a
 * cell in place, dry run, import, download the rejected rows and the outcome file, undo. And an
 * XLSX file read in the browser.
 */
const browser = useBrowser();
const stamp = attemptStamp();


const upload = (page: Page, name: string, mimeType: string, buffer: Buffer) => page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer });



it('imports supporters from a CSV: fix a cell, dry run, import, rejected rows and outcome files, undo', async () => {
  const { page } = await browser.newPage();
  await openImport(page, 'Import supporters');
  const csv = [
    'First name,Last name,E-mail,Bill country,Notes',
    `Ada,Import${stamp()},ada.${stamp()}@example.org,GB,kept out`,
    `Grace,Import${stamp()},not-an-email,US,`,
    `Alan,Import${stamp()},alan.${stamp()}@example.org,GBR,`,
  ].join('\r\n');
  await upload(page, 'supporters.csv', 'text/csv', Buffer.from(csv));
  await page.getByText('3 rows · 1 ready · 2 with errors').waitFor();
  // Columns matched by name; the unknown one is left out.
  expect(await page.getByRole('combobox', { name: 'Column “E-mail”' }).inputValue()).toBe('Email');
  expect(await page.getByRole('combobox', { name: 'Column “Notes”' }).inputValue()).toBe("Don't import");
  await page.getByText('Email must be valid').waitFor();
  await page.getByText('This field can contain a maximum of 2 characters.').waitFor();
  await screenshot(page, 'imports-supporters-rows');

  await page.getByRole('textbox', { name: 'Email, row 2' }).fill(`grace.${stamp()}@example.org`);
  await page.getByText('3 rows · 2 ready · 1 with errors').waitFor();
  expect(await page.getByText('Email must be valid').count()).toBe(0);
  await page.getByRole('switch', { name: 'Only rows with errors' }).check({ force: true });
  await page.getByRole('textbox', { name: 'Email, row 2' }).waitFor({ state: 'detached' });
  await page.getByRole('textbox', { name: 'Email, row 3' }).waitFor();

  await runImport(page, 'Dry run', 'Would create 2, updated 0, skipped 0, rejected 1');
  await page.getByText('Dry run complete: nothing was written').waitFor();
  // The rows themselves, not recordsFiltered: listing counts come from a short-lived shared cache.
  const found = async () => (await apiCall<{ data: unknown[] }>(page, 'POST', '/jpanel/supporters.listing', { search: { value: `Import${stamp()}` } })).data.length;
  const before = await found();

  await runImport(page, /^Import 3 rows$/, 'Created 2, updated 0, skipped 0, rejected 1');
  await screenshot(page, 'imports-supporters-done');
  const rejected = await downloadLines(page, page.getByRole('link', { name: /^Download rejected rows of supporters import/ }));
  expect(rejected.lines).toHaveLength(2);
  expect(rejected.lines[1]).toContain('bill_country: This field can contain a maximum of 2 characters.');
  expect(rejected.lines[1]).toContain(`alan.${stamp()}@example.org`);
  const outcome = await downloadLines(page, page.getByRole('link', { name: /^Download outcome file of supporters import/ }));
  expect(outcome.lines).toHaveLength(4);
  expect(outcome.lines.filter((l) => /^\d+,created,\d+/.test(l))).toHaveLength(2);
  expect(await found()).toBe(before + 2);

  await undoImport(page);
  expect(await found()).toBe(before);
  await page.getByRole('link', { name: 'Imports', exact: true }).first().click();
  await page.getByRole('heading', { name: 'Past imports' }).waitFor();
  await page.getByText('Undone', { exact: true }).first().waitFor();
  await screenshot(page, 'imports-list');
});

it('imports supporters from an XLSX file, its dates and booleans read in the browser', async () => {
  const { page } = await browser.newPage();
  await openImport(page, 'Import supporters');
  const header = ['first_name', 'last_name', 'email', 'created_at', 'email_opt_in'].map((value) => ({ value }));
  const xlsx = await writeExcelFile([
    header,
    [{ value: 'Xena' }, { value: `Sheet${stamp()}` }, { value: `xena.${stamp()}@example.org` }, { value: new Date(Date.UTC(2024, 1, 29)), format: 'yyyy-mm-dd' }, { value: true }],
    [{ value: 'Yuri' }, { value: `Sheet${stamp()}` }, { value: 'yuri-at-example' }, { value: 'not a date' }, { value: 'no' }],
  ]).toBuffer();
  await upload(page, 'supporters.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', xlsx);
  await page.getByText('2 rows · 1 ready · 1 with errors').waitFor();
  expect(await page.getByRole('textbox', { name: 'Created at, row 1' }).inputValue()).toBe('2024-02-29');
  await page.getByText('Email must be valid').waitFor();
  await screenshot(page, 'imports-xlsx-rows');
  await runImport(page, /^Import 2 rows$/, 'Created 1, updated 0, skipped 0, rejected 1');

  // Issue 41: the new supporter's history names its fields in the form's order, leaves the empty
  // ones out, and shows a long list in part until asked for all of it.
  const xena = (await apiCall<{ data: { id: number }[] }>(page, 'POST', '/jpanel/supporters.listing', { search: { value: `Sheet${stamp()}` } })).data[0]!;
  // In a second tab, so the import's page (and its Undo) stays as it is.
  const tab = await page.context().newPage();
  await tab.goto(`/jpanel/supporters/${xena.id}`);
  const history = tab.getByRole('region', { name: 'History', exact: true });
  const created = history.locator('.mantine-Timeline-item').filter({ hasText: /Created by / });
  await created.waitFor();
  const more = created.getByRole('button', { name: /^Show all \d+ fields$/ });
  const total = (await more.count()) ? Number((await more.innerText()).match(/\d+/)![0]) : null;
  if (total !== null) {
    await more.click();
    await more.waitFor({ state: 'detached' });
  }
  // Each field is its label ("First name:") and its value, side by side.
  const labels = (await created.getByText(/^[A-Z][^:]*:$/).allInnerTexts()).map((l) => l.trim().replace(/:$/, ''));
  if (total !== null) expect(labels).toHaveLength(total);
  expect(labels).toContain('First name');
  expect(await created.getByText('—', { exact: true }).count(), 'no empty field listed').toBe(0);
  const order = Object.values(historyCatalogues.supporters).map((f) => f.label);
  const ranks = labels.map((label) => order.indexOf(label));
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  await screenshot(tab, 'imports-supporter-history');
  await tab.close();
  await undoImport(page);
});

it('imports sponsorship timeline posts: fix a date, dry run, import, rejected rows, undo', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const { data } = await apiCall<{ data: { reference_number: string }[] }>(page, 'POST', '/jpanel/sponsorship.ajax', { length: 1 });
  const ref = data[0]!.reference_number;
  await openImport(page, 'Import sponsorship timeline');
  const csv = [
    'reference_number,headline,posted_on,tag,is_private,notify_sponsors,message',
    `${ref},School term ${stamp()},2024-02-28,general,no,no,Started the new term.`,
    `${ref},Harvest ${stamp()},2024-02-30,,yes,no,A good harvest.`,
    `NOPE-${stamp()},Lost ${stamp()},2024-03-01,x,no,no,Nobody has this reference.`,
  ].join('\n');
  await upload(page, 'timeline.csv', 'text/csv', Buffer.from(csv));
  await page.getByText('3 rows · 2 ready · 1 with errors').waitFor();
  await page.getByText('We recommend to not leave this field empty.').waitFor();
  await screenshot(page, 'imports-timeline-rows');
  await page.getByRole('textbox', { name: 'Posted on, row 2' }).fill('2024-02-29');
  await page.getByText('3 rows · 3 ready · 0 with errors').waitFor();

  // The unknown reference only the server can know: rejected there.
  await runImport(page, 'Dry run', 'Would create 2, updated 0, skipped 0, rejected 1');
  await runImport(page, /^Import 3 rows$/, 'Created 2, updated 0, skipped 0, rejected 1');
  const rejected = await downloadLines(page, page.getByRole('link', { name: /^Download rejected rows of sponsorship timeline import/ }));
  expect(rejected.lines).toHaveLength(2);
  expect(rejected.lines[1]).toContain(`NOPE-${stamp()}`);
  await screenshot(page, 'imports-timeline-done');
  await undoImport(page);
});
