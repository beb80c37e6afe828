import { randomBytes } from 'node:crypto';
import { formatDate, formatMoney, toDecimalString } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { queryRows } from '../../listing/engine.ts';
import { getSettings } from '../settings/settings.service.ts';
import { createTemplateEngine } from '../../templates/liquid.ts';
import { htmlToPdf } from './html-pdf.ts';

/** Every output escaped unless the template says `| raw`: a donor's name never becomes markup. */
const engine = createTemplateEngine({ output: 'html' });
/** The summary table is markup Almoner builds itself: merged as a marker, swapped in after escaping. */
const MARK = `\u0002summary-${randomBytes(6).toString('hex')}\u0003`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const FALLBACK_TEMPLATE = `<h1>Official receipt for income tax purposes</h1>
<p>Receipt number {{ receipt.number }} · issued {{ receipt.issued_at }}</p>
<p>{{ receipt.name }}<br>{{ receipt.address_01 }}<br>{{ receipt.city }}, {{ receipt.state }} {{ receipt.zip }}</p>
{{ receipt.summary_table }}
<p>Total eligible amount: {{ receipt.total_eligible_amount }}</p>
<p>{{ org.legal_name }} · {{ org.legal_address }} · {{ org.number }}</p>
<p>{{ signature.name }}, {{ signature.title }}</p>`;

type Values = { receipt: Record<string, string>; org: Record<string, string>; signature: Record<string, string> };

/** The merge tags of spec part 2 §3, from the receipt, its lines, its last revision and the settings. */
export async function receiptMergeValues(q: Queryable, id: number): Promise<{ values: Values; summary: string; template: string; number: string }> {
  const [r] = await queryRows(q, sql`
    select r.*, coalesce(t.body, (select body from tax_receipt_templates where is_default and deleted_at is null order by id limit 1)) as template
      from tax_receipts r left join tax_receipt_templates t on t.id = r.template_id and t.deleted_at is null
     where r.id = ${id} and r.deleted_at is null`);
  if (!r) throw new AppError('not_found', 'This tax receipt does not exist.');
  const currency = String(r.currency_code);
  const [lines, [revision], settings] = await Promise.all([
    queryRows(q, sql`select description, amount, currency_code, donated_at from tax_receipt_lines where tax_receipt_id = ${id} and removed_at is null order by donated_at nulls last, id`),
    queryRows(q, sql`select changes from tax_receipt_revisions where tax_receipt_id = ${id} order by revision desc limit 1`),
    getSettings(q, ['org_name', 'org_legal_name', 'org_legal_address', 'org_charity_number', 'tax_receipt_authorized_name', 'tax_receipt_authorized_title', 'tax_receipt_signature_url', 'tax_receipt_issued_in']),
  ]);
  const day = (v: unknown) => (v ? formatDate(new Date(v as string)) : '');
  const changes = ((revision?.changes ?? []) as { label: string; from: string | null; to: string | null }[])
    .map((c) => `${c.label}: ${c.from ?? '—'} → ${c.to ?? '—'}`)
    .join('; ');
  const firstDate = lines[0]?.donated_at ?? null;
  const summary = `<table><tr><th>Description</th><th>Date</th><th>Amount</th></tr>${lines
    .map((l) => `<tr><td>${escape(String(l.description))}</td><td>${escape(day(l.donated_at))}</td><td>${escape(formatMoney(Number(l.amount), String(l.currency_code)))}</td></tr>`)
    .join('')}</table>`;
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const values: Values = {
    receipt: {
      number: text(r.number),
      issued_at: day(r.issued_at),
      summary_table: MARK,
      original_contribution_date: day(firstDate),
      amount: toDecimalString(Number(r.amount), currency),
      total_eligible_amount: formatMoney(Number(r.amount), currency),
      currency_code: currency,
      changes,
      name: text(r.name),
      first_name: text(r.first_name),
      last_name: text(r.last_name),
      email: text(r.email),
      address_01: text(r.address_01),
      address_02: text(r.address_02),
      city: text(r.city),
      state: text(r.state),
      zip: text(r.zip),
      country: text(r.country),
      phone: text(r.phone),
      donation_year: firstDate ? String(new Date(firstDate as string).getUTCFullYear()) : '',
      issued_in: settings.tax_receipt_issued_in,
    },
    org: { legal_name: settings.org_legal_name || settings.org_name, legal_address: settings.org_legal_address, number: settings.org_charity_number },
    signature: { name: settings.tax_receipt_authorized_name, title: settings.tax_receipt_authorized_title, image: settings.tax_receipt_signature_url },
  };
  return { values, summary, template: text(r.template) || FALLBACK_TEMPLATE, number: text(r.number) };
}

/**
 * The receipt merge tags for an e-mail: as the PDF's, with the summary table as plain lines (an
 * e-mail body escapes markup).
 */
export async function receiptMailValues(q: Queryable, id: number): Promise<Values> {
  const { values } = await receiptMergeValues(q, id);
  const lines = await queryRows(q, sql`select description, amount, currency_code, donated_at from tax_receipt_lines where tax_receipt_id = ${id} and removed_at is null order by donated_at nulls last, id`);
  const summary = lines.map((l) => `${String(l.description)}, ${l.donated_at ? formatDate(new Date(l.donated_at as string)) : ''}, ${formatMoney(Number(l.amount), String(l.currency_code))}`).join('\n');
  return { ...values, receipt: { ...values.receipt, summary_table: summary } };
}

/** The receipt's template merged into HTML. */
export async function renderReceiptHtml(q: Queryable, id: number): Promise<{ html: string; number: string }> {
  const { values, summary, template, number } = await receiptMergeValues(q, id);
  const html = (await engine.parseAndRender(template, values)).split(MARK).join(summary);
  return { html, number };
}

const keyOf = (id: number, number: string) => `tax-receipts/${id}/${number.replace(/[^A-Za-z0-9_-]+/g, '_')}.pdf`;

/**
 * The receipt's PDF in the storage service, rendered when missing or made for an earlier
 * number (a revision). Answers its key and bytes.
 */
export async function ensureReceiptPdf(q: Queryable, config: Config, id: number): Promise<{ key: string; pdf: Buffer; number: string }> {
  const storage = storageFor(config);
  const [row] = await queryRows(q, sql`select status, number, pdf_key, pdf_number from tax_receipts where id = ${id} and deleted_at is null`);
  if (!row) throw new AppError('not_found', 'This tax receipt does not exist.');
  // Drafts change without a new number: rendered afresh every time.
  if (row.pdf_key && row.number !== null && row.pdf_number === row.number) {
    const stored = await storage.get(String(row.pdf_key));
    if (stored) return { key: String(row.pdf_key), pdf: stored, number: String(row.number) };
  }
  const { html, number } = await renderReceiptHtml(q, id);
  const pdf = await htmlToPdf(html, `Tax receipt ${number || 'draft'}`);
  const key = keyOf(id, number || `draft-${id}`);
  await storage.put(key, pdf, 'application/pdf');
  await q.execute(sql`update tax_receipts set pdf_key = ${key}, pdf_number = ${number || null} where id = ${id}`);
  return { key, pdf, number };
}
