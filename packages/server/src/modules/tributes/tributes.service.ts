import { type EditTributeInput, type TributeDetail, editTributeSchema, formatDate, formatMoney, toDecimal, tributeMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { createTemplateEngine } from '../../templates/liquid.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgName } from '../settings/settings.service.ts';
import { contactRefusal, supporterByEmail } from '../supporters/supporters.consent.ts';

type Row = Record<string, unknown>;
const html = createTemplateEngine({ output: 'html' });
const plain = createTemplateEngine({ output: 'text' });
const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const str = (v: unknown) => (v === null || v === undefined ? null : String(v));

const selectTribute = (id: number) => sql`
  select t.*, tt.label as type, tt.email_subject, tt.email_cc, tt.email_bcc, tt.email_template, i.contribution_id,
         coalesce(s.first_name, c.bill_first_name) as donor_first_name, coalesce(s.last_name, c.bill_last_name) as donor_last_name,
         coalesce(s.email, c.bill_email) as donor_email
    from tributes t left join tribute_types tt on tt.id = t.tribute_type_id
    left join contribution_items i on i.id = t.contribution_item_id
    left join contributions c on c.id = i.contribution_id
    left join supporters s on s.id = c.supporter_id
   where t.id = ${id}`;

async function loadTribute(q: Queryable, id: number, lock = false): Promise<Row> {
  const [t] = await queryRows(q, lock ? sql`${selectTribute(id)} for update of t` : selectTribute(id));
  if (!t || t.deleted_at) throw new AppError('not_found', tributeMessages.notFound);
  return t;
}

export async function getTribute(q: Queryable, id: number): Promise<TributeDetail> {
  const t = await loadTribute(q, id);
  return {
    id: Number(t.id), name: String(t.name), type: str(t.type), amount: toDecimal(String(t.amount), String(t.currency_code)), currency_code: String(t.currency_code),
    message: str(t.message), notify: (t.notify as TributeDetail['notify']) ?? null, notify_name: str(t.notify_name), notify_email: str(t.notify_email),
    notify_address: str(t.notify_address), notify_city: str(t.notify_city), notify_state: str(t.notify_state), notify_zip: str(t.notify_zip),
    notify_country: str(t.notify_country), notify_on: t.notify_on ? String(t.notify_on).slice(0, 10) : null, notified_at: iso(t.notified_at),
    deleted_at: iso(t.deleted_at), created_at: iso(t.created_at) ?? '', contribution_id: t.contribution_id === null ? null : Number(t.contribution_id),
    donor_name: [t.donor_first_name, t.donor_last_name].filter(Boolean).join(' ') || null,
  };
}

export async function editTribute(tx: Tx, id: number, input: EditTributeInput): Promise<{ id: number; name: string }> {
  const v = editTributeSchema.parse(input);
  await loadTribute(tx, id, true);
  await tx.execute(sql`update tributes set name = ${v.name}, message = ${v.message}, notify = ${v.notify ?? null}, notify_name = ${v.notify_name},
    notify_email = ${v.notify_email}, notify_address = ${v.notify_address}, notify_city = ${v.notify_city}, notify_state = ${v.notify_state},
    notify_zip = ${v.notify_zip}, notify_country = ${v.notify_country}, updated_at = now() where id = ${id}`);
  return { id, name: v.name };
}

export async function destroyTribute(tx: Tx, id: number): Promise<{ id: number }> {
  await loadTribute(tx, id, true);
  await tx.execute(sql`update tributes set deleted_at = now(), updated_at = now() where id = ${id}`);
  return { id };
}

/**
 * A tribute notified less than NOTIFY_WINDOW_SECONDS ago answers 429 (with Retry-After): a double
 * click, a second tab or a script cannot mail the same recipient twice in a row. The row lock
 * taken by loadTribute makes two parallel calls queue, so the second sees the first's time.
 */
export const NOTIFY_WINDOW_SECONDS = 60;

function refuseIfTooSoon(t: Row): void {
  if (!t.notified_at) return;
  const elapsed = (Date.now() - new Date(t.notified_at as string).getTime()) / 1000;
  if (elapsed >= NOTIFY_WINDOW_SECONDS) return;
  const wait = String(Math.max(1, Math.ceil(NOTIFY_WINDOW_SECONDS - elapsed)));
  throw new AppError('too_many_requests', tributeMessages.tooManyRequests, undefined, { 'retry-after': wait });
}

/** A tribute's merge values for the Tribute notice e-mail and its preview. */
export async function tributeMailValues(q: Queryable, id: number): Promise<Record<string, unknown>> {
  return { ...mergeValues(await loadTribute(q, id)), organisation: await getOrgName(q) };
}

/** The merge tags of spec part 2 §3 for tributes. */
export function mergeValues(t: Row) {
  const currency = String(t.currency_code);
  return {
    donor: { first_name: str(t.donor_first_name) ?? '', last_name: str(t.donor_last_name) ?? '' },
    tribute: {
      type: str(t.type) ?? '', name: String(t.name), amount: formatMoney(Number(t.amount), currency), message: str(t.message) ?? '',
      notify_name: str(t.notify_name) ?? '', notify: str(t.notify) ?? '', email: str(t.notify_email) ?? '', address: str(t.notify_address) ?? '',
      city: str(t.notify_city) ?? '', state: str(t.notify_state) ?? '', zip: str(t.notify_zip) ?? '', country: str(t.notify_country) ?? '',
    },
    date: formatDate(new Date()),
  };
}

/**
 * A letter is marked notified (staff post it); an e-mail is sent from the tribute type's
 * template through the mailer, then marked notified, in one transaction.
 */
export async function notifyTribute(tx: Tx, id: number): Promise<{ id: number; notify: string; notify_name: string | null; message: string }> {
  const t = await loadTribute(tx, id, true);
  refuseIfTooSoon(t);
  const name = str(t.notify_name);
  if (t.notify === 'letter') {
    await tx.execute(sql`update tributes set notified_at = now(), updated_at = now() where id = ${id}`);
    return { id, notify: 'letter', notify_name: name, message: name ? tributeMessages.markedNotifiedName(name) : tributeMessages.markedNotified };
  }
  if (t.notify !== 'email') throw new AppError('conflict', tributeMessages.nothingToNotify);
  if (!t.notify_email) throw fieldError('notify_email', tributeMessages.noEmail);
  // The person notified may be a supporter: one who asked not to be contacted, or who died, is sent nothing.
  const recipient = await supporterByEmail(tx, String(t.notify_email));
  const refusal = await contactRefusal(tx, recipient);
  if (refusal) throw new AppError('conflict', refusal);
  const values = { ...mergeValues(t), organisation: await getOrgName(tx) };
  // The tribute type's own template; without one, the Tribute notice staff edit in Settings › Mail templates.
  const [subject, body, text] = t.email_template
    ? await Promise.all([
        plain.parseAndRender(String(t.email_subject ?? 'A gift in your honour'), values),
        html.parseAndRender(String(t.email_template), values),
        plain.parseAndRender(String(t.email_template).replace(/<[^>]+>/g, ' '), values),
      ])
    : await renderMail(await mailTemplateFor(tx, 'tributeNotice'), values).then((m) => [m.subject, m.html, m.text] as const);
  await queueMail(tx, { to: String(t.notify_email), ...(t.email_cc ? { cc: String(t.email_cc) } : {}), subject: subject.replace(/[\r\n]+/g, ' ').trim(), html: body, text, kind: 'tribute_notice', supporterId: recipient });
  await tx.execute(sql`update tributes set notified_at = now(), updated_at = now() where id = ${id}`);
  return { id, notify: 'email', notify_name: name, message: tributeMessages.notified(name ?? String(t.notify_email)) };
}
