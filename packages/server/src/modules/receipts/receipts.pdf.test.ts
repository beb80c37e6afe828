import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { receiptMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows } from '../../listing/engine.ts';
import { scaleFor } from '../../seed/scale.ts';
import { type Agent, createSeededTestApp, signedIn, type TestApp } from '../../test/test-app.ts';
import { putSettings } from '../settings/settings.service.ts';

let t: TestApp;
let agent: Agent;
const rowsOf = (q: ReturnType<typeof sql>) => queryRows(t.database.db, q);
const fonts = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

/** Every text run of every page, joined by spaces (as a reader copying the page would get it). */
async function pdfText(pdf: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(pdf), standardFontDataUrl: fonts, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    parts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return parts.join('\n').replace(/\s+/g, ' ');
}

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(150, 50));
  ({ agent } = await signedIn(t));
  await putSettings(t.database.db, {
    org_legal_name: 'Hope Wells Foundation Inc.',
    org_legal_address: '12 Harbour Road, Portland, ME 04101',
    org_charity_number: '83-1234567',
    tax_receipt_authorized_name: 'Grace Hopper',
    tax_receipt_authorized_title: 'Treasurer',
  });
}, 180_000);

/** An issued demo receipt, revised once so its number and name are ours. */
async function revisedReceipt(name: string) {
  const [r] = await rowsOf(sql`select id from tax_receipts where status = 'issued' and deleted_at is null order by id desc limit 1 offset ${Math.floor(Math.random() * 20)}`);
  const id = Number(r?.id);
  const revised = await agent.post(`/jpanel/tax_receipt/${id}/revise`, {
    name, email: 'donor@example.org', address_01: '500 Elm Street', city: 'Boulder', state: 'CO', zip: '80301', country: 'US', amount: '1234.50', issued_at: '2026-02-14', reason: 'Address changed',
  });
  expect(revised.statusCode, revised.body).toBe(200);
  return { id, number: String(revised.json().number) };
}

describe('receipt PDF and notify', () => {
  it('renders every merge tag of the template into the PDF, escaping what a person typed', async () => {
    const { id, number } = await revisedReceipt('Ada <b>Lovelace</b>');
    const response = await agent.post(`/jpanel/tax_receipt/${id}/pdf`);
    expect(response.statusCode, response.body).toBe(200);
    const download = await t.app.inject({ method: 'GET', url: response.json().url });
    expect(download.headers['content-type']).toMatch(/application\/pdf/);
    const text = await pdfText(download.rawPayload);
    expect(text).toContain(`Receipt number ${number}`);
    expect(number).toMatch(/-R1$/);
    expect(text).toContain('issued Feb 14, 2026');
    expect(text).toContain('Ada <b>Lovelace</b>');
    expect(text).toContain('500 Elm Street');
    expect(text).toContain('Boulder, CO 80301');
    expect(text).toContain('Total eligible amount: 1234.50 USD');
    expect(text).toContain('Hope Wells Foundation Inc.');
    expect(text).toContain('12 Harbour Road, Portland, ME 04101');
    expect(text).toContain('Charity number 83-1234567');
    expect(text).toContain('Grace Hopper, Treasurer');
    // The summary table: one line per contribution with its description and amount.
    const [line] = await rowsOf(sql`select description from tax_receipt_lines where tax_receipt_id = ${id} limit 1`);
    expect(text.replace(/\s/g, '')).toContain(String(line?.description).replace(/\s/g, ''));
    const [stored] = await rowsOf(sql`select pdf_key, pdf_number from tax_receipts where id = ${id}`);
    expect(stored).toEqual({ pdf_key: expect.stringMatching(new RegExp(`^tax-receipts/${id}/`)), pdf_number: number });
  });

  it('e-mails the PDF through the outbox with the spec toast, and marks the receipt notified', async () => {
    const { id, number } = await revisedReceipt('Mary Somerville');
    const response = await agent.post(`/jpanel/tax_receipt/${id}/notify`, {});
    expect(response.json()).toEqual({ id, email: 'donor@example.org', message: 'donor@example.org has been notified successfully.' });
    const [mail] = await rowsOf(sql`select to_address as to, subject, attachments from mail_outbox order by id desc limit 1`);
    expect(mail?.to).toBe('donor@example.org');
    expect(mail?.subject).toContain(number);
    const [attachment] = mail?.attachments as { filename: string; contentType: string; content: string }[];
    expect(attachment).toMatchObject({ filename: `receipt-${number}.pdf`, contentType: 'application/pdf' });
    const text = await pdfText(Buffer.from(String(attachment?.content), 'base64'));
    expect(text).toContain(number);
    expect(text).toContain('Mary Somerville');
    const [row] = await rowsOf(sql`select notified_at is not null as notified from tax_receipts where id = ${id}`);
    expect(row?.notified).toBe(true);

    const other = await agent.post(`/jpanel/tax_receipt/${id}/notify`, { email: 'accountant@example.org' });
    expect(other.json().message).toBe('accountant@example.org has been notified successfully.');
  });

  it('refuses a bad address with the incumbent words (422, not 500), a draft and a void receipt', async () => {
    const { id, number } = await revisedReceipt('Emmy Noether');
    const bad = await agent.post(`/jpanel/tax_receipt/${id}/notify`, { email: 'not-an-email' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().message).toBe(receiptMessages.invalidEmail(number, id, 'not-an-email'));
    await agent.post(`/jpanel/tax_receipt/${id}/void`);
    const voided = await agent.post(`/jpanel/tax_receipt/${id}/notify`, {});
    expect(voided.statusCode).toBe(409);
    const [draft] = await rowsOf(sql`select id from tax_receipts where status = 'draft' and deleted_at is null limit 1`);
    if (draft) expect((await agent.post(`/jpanel/tax_receipt/${draft.id}/notify`, {})).json().message).toBe(receiptMessages.notifyDraft);
  });
});

describe('receipts list and bulk actions', () => {
  type Page = { recordsFiltered: number; data: { id: number; number: string | null; status: string }[] };
  const list = async (body: Record<string, unknown>) => {
    const response = await agent.post('/jpanel/tax_receipts.ajax', body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Page;
  };

  it('lists 50 a page, filters by status and finds exact numbers', async () => {
    const all = await list({});
    expect(all.data.length).toBe(50);
    const drafts = await list({ status: 'draft', length: 500 });
    expect(drafts.data.every((r) => r.status === 'draft')).toBe(true);
    const [a, b] = all.data.filter((r) => r.number) as unknown as [{ number: string }, { number: string }];
    const found = await list({ search: { value: `receipts:${a.number},${b.number}` } });
    expect(found.data.map((r) => r.number).sort()).toEqual([a.number, b.number].sort());
  });

  it('issues every draft the filter matches ("select by filter"), not only the visible page', async () => {
    // Three more drafts: gifts whose receipt is voided (as a refund would), receipted again as drafts.
    const gifts = await rowsOf(sql`select l.contribution_id as id from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id
      where l.live and r.status = 'issued' order by l.contribution_id limit 3`);
    await t.database.db.execute(sql`update tax_receipts set status = 'void', voided_at = now()
      where id in (select tax_receipt_id from tax_receipt_lines where live and contribution_id in (${sql.join(gifts.map((g) => sql`${g.id}`), sql`, `)}))`);
    for (const g of gifts) expect((await agent.post(`/jpanel/contributions/${g.id}/tax_receipt`, { issue: false })).statusCode).toBe(200);
    // Listing counts are cached for a few seconds by design; the first test counted drafts already.
    await forgetListingCounts(t.database.db);
    const drafts = await list({ status: 'draft', length: 500 });
    expect(drafts.recordsFiltered).toBeGreaterThanOrEqual(3);
    const response = await agent.post('/jpanel/tax_receipts/bulk', { action: 'issue', all: true, status: 'draft' });
    expect(response.json()).toEqual({ message: `${drafts.recordsFiltered} ${drafts.recordsFiltered === 1 ? 'receipt' : 'receipts'} issued.` });
    expect((await list({ status: 'draft' })).recordsFiltered).toBe(0);
    const issued = await rowsOf(sql`select count(*)::int as n from tax_receipts where id in (${sql.join(drafts.data.map((d) => sql`${d.id}`), sql`, `)}) and status = 'issued' and number is not null`);
    expect(issued[0]?.n).toBe(drafts.recordsFiltered);
  });

  it('prints selected receipts as one PDF, one page each, and refuses an empty selection', async () => {
    const { data } = await list({ status: 'issued', length: 3 });
    const response = await agent.post('/jpanel/tax_receipts/bulk', { action: 'print', ids: data.map((r) => r.id) });
    expect(response.headers['content-type']).toMatch(/application\/pdf/);
    const text = await pdfText(response.rawPayload);
    for (const r of data) expect(text).toContain(String(r.number));
    const doc = await getDocument({ data: new Uint8Array(response.rawPayload), standardFontDataUrl: fonts, verbosity: 0 }).promise;
    expect(doc.numPages).toBe(3);
    const empty = await agent.post('/jpanel/tax_receipts/bulk', { action: 'void', ids: [] });
    expect(empty.statusCode).toBe(422);
  });

  it('sends the selected issued receipts and counts the ones it skipped', async () => {
    const { data } = await list({ status: 'void', length: 1 });
    const issued = await list({ status: 'issued', length: 2 });
    const response = await agent.post('/jpanel/tax_receipts/bulk', { action: 'notify', ids: [...issued.data, ...data].map((r) => r.id) });
    expect(response.json().message).toMatch(/^\d receipts? sent(; \d skipped \(not issued, or no valid email\))?\.$/);
  });
});
