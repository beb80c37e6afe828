import type { ImportJobView } from '@almoner/contracts';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { signIn, useBrowser } from './support/browser.ts';
import { apiCall, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * Issue 16 item 6, the screens: two look-alike supporters seeded through the import API, a scan
 * started from the page finds them, the merge screen keeps one value from the other side, the
 * merge moves everything to the survivor, and Undo puts both back. Staff without member.merge
 * see neither the entry nor the actions.
 */
const browser = useBrowser();
const stamp = Date.now() % 1_000_000;
// The scan compares the letters of last names: the run's tag is letters only.
const tag = [...String(stamp).padStart(6, '0')].map((d) => 'abcdefghij'[Number(d)]).join('');
const last = `Dupe${tag}`;
const digits = String(stamp % 10_000).padStart(4, '0');
const phoneA = `555-201-${digits}`;
const phoneB = `+1 (555) 201 ${digits}`;
const PASSWORD = 'limited-user-1';

type SupporterRow = { id: number; display_name: string };
const people = { robert: 0, rob: 0 };
const viewer = { email: `dupes.viewer.${stamp}@example.org` };

/** The run's active supporters, as the supporters list finds them (rows, not the cached count). */
const activeSupporters = async (page: Page) => (await apiCall<{ data: SupporterRow[] }>(page, 'POST', '/jpanel/supporters.listing', { search: { value: last } })).data;

async function importSupporters(page: Page, rows: Record<string, string>[]) {
  const ref = `dupes-${stamp}`;
  await apiCall(page, 'POST', '/flatfile/imports/supporters', { external_reference: ref, filename: 'dupes.csv', mode: 'create', dry_run: false, rows });
  const job = await apiCall<ImportJobView>(page, 'POST', '/flatfile/webhook/supporters', { workbookId: ref });
  // Polled by hand: expect.poll belongs to a test, and this runs before them.
  for (let tries = 0; tries < 60; tries++) {
    const { status } = await apiCall<ImportJobView>(page, 'GET', `/flatfile/imports/${job.id}`);
    if (status === 'completed') return;
    if (status === 'failed') throw new Error('the seeding import failed');
    await page.waitForTimeout(500);
  }
  throw new Error('the seeding import did not finish');
}

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const place = { bill_city: 'Springfield', bill_zip: '62701', bill_country: 'US' };
  await importSupporters(page, [
    { first_name: 'Robert', last_name: last, email: `robert.${tag}@example.org`, bill_phone: phoneA, bill_address_01: '12 Oak Street', ...place },
    // Only Rob's record has a membership number (from the import's mapped field).
    { first_name: 'Rob', last_name: last, email: `Robert.${tag}@Example.org`, bill_phone: phoneB, bill_address_01: '12 Oak St.', membership_number: `M-${tag}`, ...place },
  ]);
  const rows = await activeSupporters(page);
  people.robert = rows.find((r) => r.display_name === `Robert ${last}`)!.id;
  people.rob = rows.find((r) => r.display_name === `Rob ${last}`)!.id;
  expect(people.robert && people.rob).toBeTruthy();
  // Something for the merge to move: a note on Rob.
  await apiCall(page, 'POST', `/jpanel/api/v1/supporters/${people.rob}/comments`, { body: `Called about the duplicate ${tag}.` });
  await apiCall(page, 'POST', '/jpanel/users', { first_name: 'Dupes', last_name: 'Viewer', email: viewer.email, password: PASSWORD, is_admin_user: true, permissions: ['member.view'] });
  await context.close();
});

const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });

/** A destructive dialog opens on Cancel. */
async function dialogOnCancel(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).waitFor();
  await expect.poll(() => page.evaluate('document.activeElement?.textContent')).toBe('Cancel');
  return dialog;
}

/** The run's pair on the list, paging on while other pairs come first. */
async function findPair(page: Page) {
  const row = page.getByRole('row').filter({ hasText: `Robert ${last}` }).filter({ hasText: `Rob ${last}` });
  for (;;) {
    await page.locator('tbody tr').first().waitFor();
    if (await row.count()) return row;
    const next = page.getByRole('button', { name: 'Next' }).last();
    expect(await next.isEnabled(), 'the pair is on some page').toBe(true);
    await next.click();
  }
}

it('scans, merges a pair keeping a value from the other side, and undoes the merge', async () => {
  const { page } = await browser.newPage();
  await signIn(page);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  // Reached from the supporters list, and from its own entry in the sidebar.
  await sidebar(page).getByRole('link', { name: 'Supporters', exact: true }).click();
  await page.getByRole('link', { name: 'Find duplicates' }).click();
  await page.getByRole('heading', { name: 'Duplicate supporters', exact: true }).waitFor();
  await sidebar(page).getByRole('link', { name: 'Supporters', exact: true }).click();
  await page.getByRole('heading', { name: 'Supporters', exact: true }).waitFor();
  await sidebar(page).getByRole('link', { name: 'Duplicate supporters' }).click();
  await page.getByRole('heading', { name: 'Duplicate supporters', exact: true }).waitFor();
  // Only the deeper entry is lit.
  expect(await sidebar(page).locator('a[aria-current="page"]').allInnerTexts()).toEqual(['Duplicate supporters']);

  await page.getByRole('button', { name: 'Scan for duplicates' }).click();
  await page.getByText(/^Scan complete: \d+ possible duplicates? found\.$/).waitFor({ timeout: 60_000 });
  const row = await findPair(page);
  for (const reason of ['Same e-mail', 'Same phone', 'Similar name', 'Similar address']) await row.getByText(reason, { exact: true }).waitFor();
  await row.getByText('100%').waitFor();
  // The toast closed, so the screenshot shows the scan button.
  await page.locator('[data-toast]').getByRole('button', { name: 'Dismiss' }).click();
  await page.locator('[data-toast]').waitFor({ state: 'detached' });
  await screenshot(page, 'duplicates-list');

  // Dismiss asks first, on Cancel; cancelling keeps the pair.
  await row.getByRole('button', { name: /^Dismiss / }).click();
  const ask = await dialogOnCancel(page);
  await ask.getByText('will no longer be proposed as duplicates').waitFor();
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await ask.waitFor({ state: 'detached' });
  expect(await row.count()).toBe(1);

  await row.getByRole('link', { name: /^Review / }).click();
  await page.getByRole('heading', { name: 'Merge duplicate supporters' }).waitFor();
  const mergeUrl = page.url();
  // Robert is kept (the older record); his phone is chosen by default, Rob's is picked instead.
  expect(await page.getByRole('radio', { name: `Robert ${last} (#${people.robert})` }).isChecked()).toBe(true);
  const robertsPhone = page.getByRole('radio', { name: `Phone: keep “${phoneA}” from Robert ${last}` });
  const robsPhone = page.getByRole('radio', { name: `Phone: keep “${phoneB}” from Rob ${last}` });
  expect(await robertsPhone.isChecked()).toBe(true);
  await robsPhone.check();
  expect(await robertsPhone.isChecked()).toBe(false);
  // Identical values need no choice.
  expect(await page.getByRole('radio', { name: /^ZIP:/ }).count()).toBe(0);
  // The membership number only Rob has is kept by default: it goes to Robert (issue 36).
  expect(await page.getByRole('radio', { name: `Membership number: keep “M-${tag}” from Rob ${last}` }).isChecked()).toBe(true);
  await screenshot(page, 'duplicates-merge');

  await page.getByRole('button', { name: 'Merge supporters' }).click();
  const confirmMerge = await dialogOnCancel(page);
  await confirmMerge.getByRole('button', { name: 'Merge', exact: true }).click();
  await page.getByText('The supporters have been merged.').waitFor();
  await page.getByTestId('merge-done').waitFor();
  await page.getByText(`Rob ${last} is archived.`).waitFor();
  expect(await page.getByRole('list', { name: 'Moved records' }).innerText()).toBe('Notes: 1');
  await screenshot(page, 'duplicates-merged');
  const resultUrl = page.url();

  // The survivor carries Rob's phone; Rob is archived, gone from the active supporters.
  expect((await activeSupporters(page)).map((r) => r.id)).toEqual([people.robert]);
  await page.goto(`/jpanel/supporters/${people.robert}`);
  await page.getByRole('heading', { name: `Robert ${last}` }).waitFor();
  await page.getByRole('link', { name: phoneB }).waitFor();
  const number = async (id: number) => (await apiCall<{ supporter: { membership_number: string | null } }>(page, 'GET', `/jpanel/supporters/${id}`)).supporter.membership_number;
  expect([await number(people.robert), await number(people.rob)]).toEqual([`M-${tag}`, null]);
  await page.goto(`/jpanel/supporters/${people.rob}`);
  await page.getByRole('heading', { name: `Rob ${last}` }).waitFor();
  await page.getByText('Archived', { exact: true }).waitFor();

  await page.goto(resultUrl);
  await page.getByRole('button', { name: 'Undo merge' }).click();
  const confirmUndo = await dialogOnCancel(page);
  await confirmUndo.getByRole('button', { name: 'Undo merge' }).click();
  await page.getByText('The merge has been undone.').waitFor();
  await page.getByTestId('merge-undone').waitFor();
  await page.getByRole('heading', { name: 'Merge undone' }).waitFor();
  await screenshot(page, 'duplicates-undone');

  expect((await activeSupporters(page)).map((r) => r.id).sort((x, y) => x - y)).toEqual([people.robert, people.rob].sort((x, y) => x - y));
  await page.goto(`/jpanel/supporters/${people.robert}`);
  await page.getByRole('link', { name: phoneA }).waitFor();
  expect([await number(people.robert), await number(people.rob)]).toEqual([null, `M-${tag}`]);
  // The pair is proposed again, as it was.
  await page.goto(mergeUrl);
  await page.getByRole('radio', { name: `Phone: keep “${phoneB}” from Rob ${last}` }).waitFor();
});

it('shows staff without member.merge neither the entry nor the actions', async () => {
  const { page } = await browser.newPage();
  await signIn(page, viewer.email, PASSWORD);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  await sidebar(page).getByRole('link', { name: 'Supporters', exact: true }).waitFor();
  expect(await sidebar(page).getByRole('link', { name: 'Duplicate supporters' }).count()).toBe(0);
  await page.goto('/jpanel/supporters');
  await page.locator('tbody tr').first().waitFor();
  expect(await page.getByRole('link', { name: 'Find duplicates' }).count()).toBe(0);

  await page.goto('/jpanel/supporters/duplicates');
  await page.getByRole('heading', { name: 'Duplicate supporters', exact: true }).waitFor();
  const row = await findPair(page);
  expect(await page.getByRole('button', { name: 'Scan for duplicates' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: /^Dismiss / }).count()).toBe(0);
  await row.getByRole('link', { name: /^Compare / }).click();
  await page.getByRole('heading', { name: 'Merge duplicate supporters' }).waitFor();
  await page.getByRole('cell', { name: phoneB }).waitFor();
  expect(await page.getByRole('radio').count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Merge supporters' }).count()).toBe(0);
  await screenshot(page, 'duplicates-compare-readonly');

  // The server says no too.
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.post('/jpanel/api/v1/supporters/duplicates/scan', { headers: { 'X-Requested-With': 'XMLHttpRequest', 'X-CSRF-TOKEN': token, Accept: 'application/json' } });
  expect(response.status()).toBe(403);
});
