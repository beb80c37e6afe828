import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { startSession, useBrowser } from './support/browser.ts';
import { apiCall, listingScreen, settledScreenshot as screenshot } from './support/listing.ts';

/**
 * A contribution reads the same everywhere: its status (a pending bank payment is awaiting
 * payment, not paid), its number, what a fulfilment mark did, and a history staff can read.
 * Rows are picked from the start of the demo's guests; contributions.e2e.ts takes its from the end.
 */
const browser = useBrowser();
let storageState: Awaited<ReturnType<BrowserContext['storageState']>>;

type Row = { id: number; short_number: string; number: string; supporter_id: number | null; status: string; total: number };
type Listing = { recordsFiltered: number; data: Row[] };
const { list, openList, reloadBy } = listingScreen<Listing>('/jpanel/contributions-v2.listing', '/jpanel/contributions', 'Contributions');

async function adminPage() {
  const { context, page } = await browser.newPage({ width: 1440, height: 1000 });
  await context.addCookies(storageState.cookies);
  return { context, page };
}

const csvCells = (line: string) => [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => (m[1] ?? '').replace(/^"|"$/g, ''));

/** The CSV of the given rows, as objects keyed by header. */
async function exportRows(page: Page, ids: number[]): Promise<Record<string, string>[]> {
  await openList(page);
  const token = decodeURIComponent((await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '');
  const response = await page.request.get(`/jpanel/contributions.csv?ids=${ids.join(',')}`, { headers: { 'X-CSRF-TOKEN': token } });
  const [header = [], ...rows] = (await response.text()).trim().split('\n').map(csvCells);
  return rows.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

beforeAll(async () => {
  const { context, page } = await browser.newPage();
  await startSession(page);
  storageState = await context.storageState();
  await context.close();
});

describe('one status and one number everywhere', () => {
  it('shows a pending bank payment as awaiting payment in the list, the page, its history and the CSV', async () => {
    const { context, page } = await adminPage();
    const pending = (await list(page, { status: 'pending', payment_type: ['bank'], length: 50 })).data.find((r) => r.status === 'pending');
    expect(pending, 'a pending bank payment in the demo').toBeDefined();
    const row = pending as Row;

    await openList(page, `?q=${row.number}`);
    const listed = page.locator('tbody tr').first();
    await listed.getByText('Awaiting payment').waitFor();
    await listed.getByRole('link', { name: `Contribution ${row.short_number}`, exact: true }).waitFor();
    await screenshot(page, 'contribution-pending-list');

    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution ${row.short_number}`, exact: true }).waitFor();
    const details = page.getByRole('region', { name: 'Details' });
    await details.getByText('Awaiting payment').waitFor();
    expect(await details.getByText('Paid', { exact: true }).count()).toBe(0);
    const history = page.getByRole('region', { name: 'Status history' });
    // The newest pending bank payment may be in any currency: the POS tests debit CAD too.
    await history.getByText(/^Awaiting payment · \S*\d/).waitFor();
    expect(await history.getByText(/^Paid\b/).count()).toBe(0);
    await screenshot(page, 'contribution-pending-page');

    const [csv] = await exportRows(page, [row.id]);
    expect(csv).toMatchObject({ 'Contribution Number': row.number, Status: 'Awaiting payment' });
    await context.close();
  });

  it('names a contribution by its short number in the list and the page, its invoice number on the page and in the CSV', async () => {
    const { context, page } = await adminPage();
    const first = await openList(page);
    const row = first.data[0] as Row;
    const link = page.locator('tbody tr').first().getByRole('link', { name: `Contribution ${row.short_number}`, exact: true });
    expect((await link.locator('xpath=ancestor::td[1]').innerText()).trim()).toBe(row.short_number);
    await page.goto(`/jpanel/contributions/${row.id}`);
    await page.getByRole('heading', { name: `Contribution ${row.short_number}`, exact: true }).waitFor();
    await page.getByRole('region', { name: 'Details' }).getByText(row.number, { exact: true }).waitFor();
    const [csv] = await exportRows(page, [row.id]);
    expect(csv?.['Contribution Number']).toBe(row.number);
    await context.close();
  });
});

describe('mark fulfilled', () => {
  it('says per row what happened, and the Fulfilled filter lists what was marked', async () => {
    const { context, page } = await adminPage();
    const first = await openList(page);
    const donation = first.data.find((r) => r.status === 'paid') as Row;
    const toShip = first.data.find((r) => r.status === 'unfulfilled') as Row;
    expect(donation && toShip, 'a donation and an order to ship on the first page').toBeTruthy();

    for (const row of [donation, toShip]) await page.getByLabel(`Select contribution ${row.short_number}`, { exact: true }).check();
    await page.getByRole('button', { name: 'Mark fulfilled', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Mark fulfilled' });
    await dialog.waitFor();
    await reloadBy(page, () => dialog.getByRole('button', { name: 'Mark fulfilled' }).click());
    await page.locator('[data-toast]', { hasText: '1 marked fulfilled; 1 has nothing to ship.' }).first().waitFor();
    await screenshot(page, 'contributions-mark-fulfilled-message');

    const fulfilled = await openList(page, '?f.status=fulfilled');
    expect(fulfilled.data.map((r) => r.id)).toContain(toShip.id);
    expect((await list(page, { status: 'fulfilled', ids: [donation.id, toShip.id] })).data.map((r) => r.id)).toEqual([toShip.id]);
    expect((await list(page, { ids: [donation.id] })).data[0]?.status).toBe('paid');
    await context.close();
  });
});

describe('the history panel', () => {
  it('shows labels, money in its currency, people by name and formatted dates', async () => {
    const { context, page } = await adminPage();
    await openList(page);
    const session = await apiCall<{ user: { first_name: string; last_name: string } }>(page, 'GET', '/jpanel/auth/session');
    const name = `${session.user.first_name} ${session.user.last_name}`;
    const { data } = await list(page, { length: 500, status: 'paid', payment_type: ['card', 'cash', 'cheque'] });
    const guest = data.find((r) => r.supporter_id === null) as Row;
    await apiCall(page, 'POST', '/jpanel/contributions/batch', { action: 'spam_and_refund', ids: [guest.id] });

    // The history API answers money as decimal text in its currency; the panel formats it.
    const trail = await apiCall<{ data: { changes: { field: string; currency?: string; before: unknown; after: unknown }[] }[] }>(page, 'GET', `/jpanel/history/contributions/${guest.id}`);
    const refundedChange = trail.data.flatMap((e) => e.changes).find((c) => c.field === 'refunded_amount');
    expect(refundedChange).toMatchObject({ currency: 'USD', before: '0.00', after: guest.total.toFixed(2) });

    await page.goto(`/jpanel/contributions/${guest.id}`);
    await page.getByRole('heading', { name: 'History', exact: true }).waitFor();
    const panel = page.getByRole('region', { name: 'History', exact: true });
    const total = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(guest.total);
    const refunded = panel.locator('div', { hasText: /^Refunded amount:/ }).first();
    await refunded.waitFor();
    expect((await refunded.innerText()).replace(/\s+/g, ' ')).toBe(`Refunded amount: $0.00 → ${total}`);
    const by = panel.locator('div', { hasText: /^Marked as spam by:/ }).first();
    expect((await by.innerText()).replace(/\s+/g, ' ')).toBe(`Marked as spam by: — → ${name}`);
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, 'contribution-history-readable');
    const text = (await panel.innerText()).replace(/\s+/g, ' ');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
    expect(text).toMatch(/Marked as spam: — → [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
    await page.getByRole('region', { name: 'Status history' }).getByText('Marked as spam').waitFor();
    await context.close();
  });
});
