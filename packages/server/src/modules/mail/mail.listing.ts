import { MAIL_DEFAULT_SORT, MAIL_LIST_PAGE_SIZE, type MailListFilters, mailListColumns, mailListFiltersSchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { ListingDefinition } from '../../listing/engine.ts';
import { orgDateTimeTextSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { everyWordIn } from '../../listing/search-words.ts';

function where(f: MailListFilters): (SQL | undefined)[] {
  return [
    f.status ? sql`m.status = ${f.status}` : undefined,
    // One address among the message's comma-separated recipients.
    f.recipient ? sql`lower(trim(${f.recipient})) = any (select lower(trim(a)) from unnest(string_to_array(m.to_address, ',')) a)` : undefined,
    f.from ? sql`m.created_at >= ${startOfOrgDaySql(f.from)}` : undefined,
    f.to ? sql`m.created_at < ${startOfOrgDaySql(f.to, 1)}` : undefined,
  ];
}

/** Every word in the subject or the recipients. */
function search(term: string): SQL {
  return everyWordIn(sql`lower(m.subject || ' ' || m.to_address)`, term);
}

/** The mail outbox, 25 a page, newest first; a row opens the message. */
export const mailListing: ListingDefinition<MailListFilters> = {
  columns: mailListColumns,
  fields: {
    subject: { select: sql`m.subject`, sort: sql`lower(m.subject)` },
    to: { select: sql`m.to_address`, sort: sql`lower(m.to_address)` },
    status: { select: sql`m.status`, sort: sql`m.status` },
    created_at: { select: sql`m.created_at`, sort: sql`m.created_at` },
    sent_at: { select: sql`m.sent_at`, sort: sql`m.sent_at` },
    attempts: { select: sql`m.attempts`, sort: sql`m.attempts` },
  },
  // The id is a bigserial, which node-postgres answers as text: a number in JSON as on PGlite (exact to 2^53).
  rowExtras: { id: sql`m.id::float8`, _url: sql`'/jpanel/mail/' || m.id`, error: sql`left(m.error, 500)` },
  from: sql`mail_outbox m`,
  baseWhere: sql`true`,
  filters: mailListFiltersSchema,
  where,
  search,
  tiebreak: sql`m.id`,
  defaultOrder: [...MAIL_DEFAULT_SORT],
  pageSize: MAIL_LIST_PAGE_SIZE,
  csv: () => [
    { header: 'Created', value: orgDateTimeTextSql(sql`m.created_at`), kind: 'text' },
    { header: 'Subject', value: sql`m.subject`, kind: 'text' },
    { header: 'To', value: sql`m.to_address`, kind: 'text' },
    { header: 'Cc', value: sql`m.cc`, kind: 'text' },
    { header: 'Status', value: sql`m.status`, kind: 'text' },
    { header: 'Sent', value: orgDateTimeTextSql(sql`m.sent_at`), kind: 'text' },
    { header: 'Attempts', value: sql`m.attempts`, kind: 'number' },
    { header: 'Error', value: sql`m.error`, kind: 'text' },
  ],
};
