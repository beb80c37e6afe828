import { MAX_PRINTED_LETTERS, tributeMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client.ts';
import { withActor } from '../../db/actor.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTemplateEngine } from '../../templates/liquid.ts';
import { mergeValues, notifyTribute } from './tributes.service.ts';

const html = createTemplateEngine({ output: 'html' });

/** A type without a letter template still prints a plain letter from the same merge tags. */
const DEFAULT_LETTER = `<p>{{ date }}</p>
<p>{{ tribute.notify_name }}<br>{{ tribute.address }}<br>{{ tribute.city }} {{ tribute.state }} {{ tribute.zip }}<br>{{ tribute.country }}</p>
<p>Dear {{ tribute.notify_name }},</p>
<p>{{ donor.first_name }} {{ donor.last_name }} has made a gift {{ tribute.type }} {{ tribute.name }}.</p>
<p>{{ tribute.message }}</p>`;

/** Unsent letters (incumbent §7): to be posted, not yet marked notified, and due (no date, or the date has come). */
const unsentLetters = (ids: number[] | undefined): SQL => sql`
  t.deleted_at is null and t.notify = 'letter' and t.notified_at is null and (t.notify_on is null or t.notify_on <= current_date)
  ${ids ? sql`and t.id in (${sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`null`], sql`, `)})` : sql``}`;

const letterRows = (where: SQL, limit: number) => sql`
  select t.*, tt.label as type, tt.letter_template, i.contribution_id,
         coalesce(s.first_name, c.bill_first_name) as donor_first_name, coalesce(s.last_name, c.bill_last_name) as donor_last_name
    from tributes t left join tribute_types tt on tt.id = t.tribute_type_id
    left join contribution_items i on i.id = t.contribution_item_id
    left join contributions c on c.id = i.contribution_id
    left join supporters s on s.id = c.supporter_id
   where ${where} order by t.id limit ${limit}`;

const escape = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * The printable page of unsent letters: one letter a sheet, from each tribute type's letter
 * template (merge tags of spec part 2 §3), at most MAX_PRINTED_LETTERS with a note of how many
 * more wait. Printing marks nothing: staff mark them sent once posted (sendUnsentLetters).
 */
export async function printUnsentLetters(q: Queryable, ids: number[] | undefined): Promise<string> {
  const where = sql`${unsentLetters(ids)}`;
  const [rows, [count]] = await Promise.all([
    queryRows(q, letterRows(where, MAX_PRINTED_LETTERS)),
    queryRows(q, sql`select count(*)::int as n from tributes t where ${where}`),
  ]);
  const total = Number(count?.n ?? 0);
  // One letter after the other, each template parsed once: the engine's time limit is per render,
  // and 500 renders interleaved each took as long as all of them (a busy server refused the page).
  const parsed = new Map<string, ReturnType<typeof html.parse>>();
  const letters: string[] = [];
  for (const t of rows) {
    const source = String(t.letter_template ?? DEFAULT_LETTER);
    if (!parsed.has(source)) parsed.set(source, html.parse(source));
    const body = await html.render(parsed.get(source)!, mergeValues(t));
    letters.push(`<section class="letter" aria-label="${escape(`Letter for ${String(t.notify_name ?? t.name)}`)}">${body}</section>`);
  }
  const note = total > rows.length ? `<p class="note" role="note">${escape(tributeMessages.lettersOverflow(rows.length, total - rows.length))}</p>` : '';
  const empty = rows.length === 0 ? `<p class="note">${escape(tributeMessages.noUnsentLetters)}</p>` : '';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Unsent tribute letters</title>
<style>
  body { font: 12pt/1.5 Georgia, serif; margin: 0; color: #111; }
  main { max-width: 7in; margin: 0 auto; padding: 0.5in 0; }
  .letter { page-break-after: always; break-after: page; padding: 0.25in 0; }
  .letter:last-of-type { page-break-after: auto; break-after: auto; }
  .note { font-family: system-ui, sans-serif; background: #fff4d6; padding: 8px 12px; }
  @media print { .note { display: none; } }
</style></head>
<body><main><h1 class="note">Unsent tribute letters (${rows.length})</h1>${note}${empty}${letters.join('\n')}</main></body></html>`;
}

/**
 * Notifies every unsent tribute among `ids` (or all): letters are marked notified, e-mails sent
 * from their type's template, each in its own transaction so one that cannot be sent (no
 * address, no template) does not stop the others. Returns the summary message.
 */
export async function sendUnsentLetters(database: Database, actor: { userId: number | null; ip: string | null }, ids: number[] | undefined): Promise<{ message: string; sent: number; failed: number }> {
  const idFilter = ids ? sql`and t.id in (${sql.join(ids.length ? ids.map((id) => sql`${id}`) : [sql`null`], sql`, `)})` : sql``;
  const due = await queryRows(database.db, sql`select t.id from tributes t
    where t.deleted_at is null and t.notify in ('letter', 'email') and t.notified_at is null and (t.notify_on is null or t.notify_on <= current_date) ${idFilter}
    order by t.id`);
  let sent = 0;
  let failed = 0;
  for (const { id } of due) {
    try {
      await withActor(database.db, actor, (tx) => notifyTribute(tx, Number(id)));
      sent += 1;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      failed += 1;
    }
  }
  return { message: tributeMessages.sentAll(sent, failed), sent, failed };
}
