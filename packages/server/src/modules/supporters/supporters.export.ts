import { type SupporterExport, supporterPrivacyMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { csvLine } from '../../listing/csv.ts';
import { type ZipEntry, zipFiles } from './zip.ts';

/**
 * Columns that never leave Almoner, even to the person they describe: a password hash, a
 * gateway's card token, the search index and a sent attachment's bytes (its name and size go).
 */
const SECRETS = sql`array['password_hash', 'token', 'searchable_text', 'credentials', 'secret']`;

/** A section's rows as JSON objects, in id order, secrets left out. */
const section = (from: SQL, order = sql`t.id`) =>
  sql`select coalesce(jsonb_agg(to_jsonb(t) - ${SECRETS} order by ${order}), '[]'::jsonb) as rows from ${from}`;

/** The person's contributions (theirs by supporter id), which items, payments and tributes hang off. */
const theirContributions = (id: number) => sql`(select c.id from contributions c where c.supporter_id = ${id})`;

/**
 * Every kind of record Almoner keeps about a supporter, each one query. The JSON export and the
 * ZIP (one CSV per kind) both read this list, so they cannot hold different things. A new table
 * with a supporter reference (duplicates.merge.ts MOVED_REFERENCES) belongs here too.
 */
function sections(id: number): Record<Exclude<keyof SupporterExport, 'supporter' | 'exported_at' | 'about'>, SQL> {
  const contributions = theirContributions(id);
  return {
    addresses: sql`select jsonb_build_array(
        jsonb_build_object('kind', 'billing', 'title', bill_title, 'first_name', bill_first_name, 'last_name', bill_last_name, 'organization_name', bill_organization_name,
          'email', bill_email, 'address_01', bill_address_01, 'address_02', bill_address_02, 'city', bill_city, 'state', bill_state, 'zip', bill_zip, 'country', bill_country, 'phone', bill_phone),
        jsonb_build_object('kind', 'shipping', 'title', ship_title, 'first_name', ship_first_name, 'last_name', ship_last_name, 'organization_name', ship_organization_name,
          'email', ship_email, 'address_01', ship_address_01, 'address_02', ship_address_02, 'city', ship_city, 'state', ship_state, 'zip', ship_zip, 'country', ship_country, 'phone', ship_phone)
      ) as rows from supporters where id = ${id}`,
    consent_history: section(sql`supporter_consent_changes t where t.supporter_id = ${id}`),
    tags: section(sql`tags t where t.id in (select tag_id from supporter_tags where supporter_id = ${id})`),
    notes: section(sql`notes t where t.commentable_type = 'supporter' and t.commentable_id = ${id}`),
    tasks: section(sql`tasks t where t.supporter_id = ${id}`),
    mail: sql`select coalesce(jsonb_agg(to_jsonb(t) - 'attachments'::text || jsonb_build_object('attachments',
        (select coalesce(jsonb_agg(jsonb_build_object('filename', a->>'filename', 'size', a->'size')), '[]'::jsonb) from jsonb_array_elements(t.attachments) a)) order by t.id), '[]'::jsonb) as rows
      from mail_outbox t where t.supporter_id = ${id}`,
    contributions: section(sql`contributions t where t.id in ${contributions}`),
    contribution_items: section(sql`contribution_items t where t.contribution_id in ${contributions}`),
    payments: section(sql`payments t where t.supporter_id = ${id} or t.id in (select payment_id from payment_links where contribution_id in ${contributions})`),
    receipts: section(sql`tax_receipts t where t.supporter_id = ${id}`),
    receipt_lines: section(sql`tax_receipt_lines t where t.tax_receipt_id in (select r.id from tax_receipts r where r.supporter_id = ${id})`),
    recurring_profiles: section(sql`recurring_payment_profiles t where t.supporter_id = ${id}`),
    tributes: section(sql`tributes t where t.contribution_item_id in (select i.id from contribution_items i where i.contribution_id in ${contributions})`),
    sponsorships: section(sql`sponsors t where t.supporter_id = ${id}`),
    memberships: sql`select coalesce(jsonb_agg(to_jsonb(t) || jsonb_build_object('membership_name', m.name) order by t.id), '[]'::jsonb) as rows
      from supporter_memberships t join memberships m on m.id = t.membership_id where t.supporter_id = ${id}`,
    payment_methods: section(sql`payment_methods t where t.supporter_id = ${id}`),
    fundraising_pages: section(sql`fundraising_pages t where t.author_supporter_id = ${id}`),
    text_messages: section(sql`messenger_messages t where t.conversation_id in (select c.id from messenger_conversations c where c.supporter_id = ${id})`),
    // The updates posted on what they sponsor (not the private ones): what they were shown.
    timeline: section(sql`timeline_posts t where t.parent_type = 'sponsorship' and not t.is_private and t.deleted_at is null
      and t.parent_id in (select s.sponsorship_id from sponsors s where s.supporter_id = ${id})`),
    history: section(sql`audit_log t where t.table_name = 'supporters' and t.record_id = ${String(id)}`),
  };
}

/** `GET /jpanel/supporters/{id}/export.json`: everything Almoner keeps about the supporter. */
export async function exportSupporter(q: Queryable, id: number): Promise<SupporterExport> {
  const [supporter] = await queryRows(q, sql`select to_jsonb(s) - ${SECRETS} || jsonb_build_object('account_type', t.name) as row
    from supporters s left join account_types t on t.id = s.account_type_id where s.id = ${id}`);
  if (!supporter) throw new AppError('not_found', 'This supporter does not exist.');
  const out: Record<string, unknown> = { about: supporterPrivacyMessages.exportAbout, exported_at: new Date().toISOString(), supporter: supporter.row };
  for (const [key, query] of Object.entries(sections(id))) {
    const [row] = await queryRows(q, query);
    out[key] = (row?.rows as unknown[] | undefined) ?? [];
  }
  return out as SupporterExport;
}

/** A cell as text: objects as JSON, and a text cell that a spreadsheet would run as a formula made plain. */
function cell(value: unknown): unknown {
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Rows of objects as one CSV: a column for every key any row has, in the order first met. */
export function rowsToCsv(rows: Record<string, unknown>[]): string {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return csvLine(keys) + rows.map((r) => csvLine(keys.map((k) => cell(r[k])))).join('');
}

/** The same export as a ZIP of CSVs: `supporter.csv`, then one file per kind of record. */
export async function exportSupporterZip(q: Queryable, id: number): Promise<Buffer> {
  const data = await exportSupporter(q, id);
  const entries: ZipEntry[] = [{ name: 'README.txt', content: `${data.about}\nExported ${data.exported_at}.\n` }];
  for (const [key, value] of Object.entries(data)) {
    if (key === 'about' || key === 'exported_at') continue;
    const rows = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
    entries.push({ name: `${key}.csv`, content: rowsToCsv(rows) });
  }
  return zipFiles(entries);
}
