import { erasedSupporterName, isEraseConfirmed, type SupporterEraseAnswer, supporterPrivacyMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

/** The `bill_*` and `ship_*` columns of a table with an address block, all cleared. */
const noAddresses = sql.raw(
  ['bill', 'ship']
    .flatMap((p) => ['title', 'first_name', 'last_name', 'organization_name', 'email', 'address_01', 'address_02', 'city', 'state', 'zip', 'country', 'phone'].map((f) => `${p}_${f} = null`))
    .join(', '),
);
/**
 * Keys of a stored change or snapshot that can hold something personal: names, contact,
 * addresses, free text, identifiers in other systems, where they came from on the web.
 * Amounts, dates, statuses and ids do not match, so the books' own history stays readable.
 */
const PERSONAL_KEY = `(^bill_|^ship_|name|email|phone|address|city|state|zip|country|title|note|comment|message|body|description|text|subject|sender|referral|referer|donor_id|sf_id|deceased|nps|language|timezone|tags|^client_|^ip_|url|tracking|headline|^to$|^cc$|^bcc$)`;
/** A receipt's own change log labels ("Name", "Billing address", …), matched the same way. */
const PERSONAL_LABEL = `(name|e-?mail|address|city|state|province|zip|post|country|phone|title)`;

/** One side of a stored change, emptied unless it is nothing or the erased name itself. */
const redactedSide = (side: SQL, name: string) =>
  sql`case when ${side} = 'null'::jsonb or ${side} = to_jsonb(${name}::text) then ${side} else '"[erased]"'::jsonb end`;

/** The audit entries of the records `ids` (one table), every personal value in them replaced. */
function redactHistory(tx: Tx, table: string, ids: SQL, name: string) {
  return tx.execute(sql`
    update audit_log a set changes = (
      select coalesce(jsonb_object_agg(k, case when k ~* ${PERSONAL_KEY} and k not in ('erased_at', 'erased_by')
        then jsonb_build_array(${redactedSide(sql`v->0`, name)}, ${redactedSide(sql`v->1`, name)})
        else v end), '{}'::jsonb)
      from jsonb_each(a.changes) e(k, v))
    where a.table_name = ${table} and a.record_id in (select x.id::text from (${ids}) x)`);
}

/** Every key of a JSON snapshot that can hold something personal, emptied. */
const redactObject = (column: SQL) => sql`(select coalesce(jsonb_object_agg(k, case when k ~* ${PERSONAL_KEY} then 'null'::jsonb else v end), '{}'::jsonb) from jsonb_each(${column}) e(k, v))`;
/** A receipt change log ({label, from, to}[]) with the personal lines' values emptied. */
const redactLog = (column: SQL) => sql`(select coalesce(jsonb_agg(case when l->>'label' ~* ${PERSONAL_LABEL}
  then l || '{"from": "[erased]", "to": "[erased]"}'::jsonb else l end), '[]'::jsonb) from jsonb_array_elements(${column}) l)`;

/** The ids of the supporter's rows in the tables that keep them after the erase. */
const theirs = (id: number) => ({
  contributions: sql`select id from contributions where supporter_id = ${id}`,
  items: sql`select i.id from contribution_items i join contributions c on c.id = i.contribution_id where c.supporter_id = ${id}`,
  receipts: sql`select id from tax_receipts where supporter_id = ${id}`,
  profiles: sql`select id from recurring_payment_profiles where supporter_id = ${id}`,
  sponsors: sql`select id from sponsors where supporter_id = ${id}`,
  pages: sql`select id from fundraising_pages where author_supporter_id = ${id}`,
  payments: sql`select id from payments where supporter_id = ${id} union select payment_id from payment_links where contribution_id in (select id from contributions where supporter_id = ${id})`,
});

/**
 * `POST /jpanel/supporters/{id}/erase`: anonymises a person on their request, in one
 * transaction. Gone: names, contact, addresses (on the record, their gifts, receipts and saved
 * methods), notes, tasks, tags, free text on their gifts and tributes, the mail sent to them,
 * their text-message chats and every personal value in the history of those records. Kept, as
 * the books and tax law require: the gifts, items, payments, receipts (numbers, amounts, dates)
 * and recurring profiles, named "Erased supporter #id". The erase itself stays in the record's
 * history (who, when). Refused, changing nothing, unless `confirmation` is "ERASE #id".
 */
export async function eraseSupporter(db: Db, actor: Actor, id: number, confirmation: string): Promise<{ answer: SupporterEraseAnswer; pdfKeys: string[] }> {
  return withActor(db, actor, async (tx) => {
    const [row] = await queryRows(tx, sql`select id, erased_at from supporters where id = ${id} for update`);
    if (!row) throw new AppError('not_found', 'This supporter does not exist.');
    if (row.erased_at) throw new AppError('conflict', supporterPrivacyMessages.alreadyErased);
    if (!isEraseConfirmed(id, confirmation)) {
      throw new AppError('validation', supporterPrivacyMessages.notConfirmed(id), { confirmation: [supporterPrivacyMessages.notConfirmed(id)] });
    }
    const name = erasedSupporterName(id);
    const ids = theirs(id);
    const pdfKeys = (await queryRows(tx, sql`select pdf_key from tax_receipts where supporter_id = ${id} and pdf_key is not null`)).map((r) => String(r.pdf_key));
    // The address the person was written to, before it goes: mail sent there without a supporter id is theirs too.
    const [contact] = await queryRows(tx, sql`select lower(nullif(trim(email), '')) as email from supporters where id = ${id}`);

    await eraseRecord(tx, actor, id, name);
    await eraseKeptRecords(tx, id, name, ids);
    await eraseOwnRecords(tx, id, name, (contact?.email as string | null) ?? null);

    // Last, so the entries this erase itself wrote (old values on their "before" side) are covered.
    for (const [table, list] of [['supporters', sql`select ${id}::int as id`], ['contributions', ids.contributions], ['contribution_items', ids.items], ['tax_receipts', ids.receipts],
      ['recurring_payment_profiles', ids.profiles], ['sponsors', ids.sponsors], ['fundraising_pages', ids.pages], ['payments', ids.payments]] as const) {
      await redactHistory(tx, table, list, name);
    }
    return { answer: { message: supporterPrivacyMessages.erased(id), name }, pdfKeys };
  });
}

/** The supporter's own row: nameless, unreachable, out of the everyday lists; its figures stay. */
async function eraseRecord(tx: Tx, actor: Actor, id: number, name: string) {
  await tx.execute(sql`
    update supporters set title = null, first_name = null, last_name = null, display_name = ${name}, email = null, password_hash = null,
      last_login_at = null, ${noAddresses}, referral_source = null, referred_by_supporter_id = null, nps = null, donor_id = null, sf_id = null, membership_number = null,
      verified_status = null, email_opt_in = false, post_opt_in = false, phone_opt_in = false, sms_opt_in = false, do_not_contact = true,
      deceased_on = null, language = null, timezone = null, is_active = false, archived_at = coalesce(archived_at, now()),
      erased_at = now(), erased_by = ${actor.userId}, updated_at = now()
    where id = ${id}`);
  // Another record's "referred by" naming this one would lead back to it.
  await tx.execute(sql`update supporters set referred_by_supporter_id = null where referred_by_supporter_id = ${id}`);
}

/** What the books keep, without the person in it. */
async function eraseKeptRecords(tx: Tx, id: number, name: string, ids: ReturnType<typeof theirs>) {
  // The supporter_name trigger renames the gifts from the record; their own address copies go.
  await tx.execute(sql`update contributions set ${noAddresses}, customer_notes = null, comments = null, donor_id = null, sf_id = null,
      http_referer = null, client_ip = null, client_browser = null, tracking_term = null, tracking_content = null
    where id in (${ids.contributions})`);
  await tx.execute(sql`update contribution_items set public_message = null, additional_notes = null where id in (${ids.items})`);
  await tx.execute(sql`update tributes set name = '', message = null, notify_name = null, notify_email = null, notify_address = null,
      notify_city = null, notify_state = null, notify_zip = null, notify_country = null
    where contribution_item_id in (${ids.items})`);
  // A receipt keeps its number, amounts and dates; its PDF is drawn again (with the new name) when next asked for.
  await tx.execute(sql`update tax_receipts set name = ${name}, first_name = null, last_name = null, email = null, address_01 = null, address_02 = null,
      city = null, state = null, zip = null, country = null, phone = null, pdf_key = null, pdf_number = null,
      versions = (select coalesce(jsonb_agg(${redactObject(sql`v`)}), '[]'::jsonb) from jsonb_array_elements(versions) v),
      changes = (select coalesce(jsonb_agg(c || jsonb_build_object('changes_log', ${redactLog(sql`coalesce(c->'changes_log', '[]'::jsonb)`)})), '[]'::jsonb) from jsonb_array_elements(changes) c)
    where id in (${ids.receipts})`);
  await tx.execute(sql`update tax_receipt_revisions set previous = ${redactObject(sql`previous`)} || jsonb_build_object('name', ${name}::text),
      changes = ${redactLog(sql`changes`)} where tax_receipt_id in (${ids.receipts})`);
  await tx.execute(sql`update recurring_payment_profiles set subscriber_name = ${name} where id in (${ids.profiles})`);
  await tx.execute(sql`update sponsors set ended_note = null where id in (${ids.sponsors})`);
  // Their fundraising pages keep what they raised; what the person wrote and their name in the address go, and the page closes.
  await tx.execute(sql`update fundraising_pages set title = 'Fundraising page #' || id, url = 'erased-page-' || id, description = null,
      video_url = null, media_id = null, status = case when status in ('active', 'pending') then 'closed' else status end
    where id in (${ids.pages})`);
  // A batch line keeps its cheque and amount (the deposit it was in); what was noted about the person goes.
  await tx.execute(sql`update gift_batch_gifts set note = null where supporter_id = ${id}`);
  // Consent changes stay as facts (what was asked, when); what staff wrote about them goes.
  await tx.execute(sql`update supporter_consent_changes set note = null where supporter_id = ${id}`);
  // A date of death is about the person, not their choices.
  await tx.execute(sql`delete from supporter_consent_changes where supporter_id = ${id} and topic = 'deceased'`);
}

/** What is only about the person: removed, or (the outbox) emptied. */
async function eraseOwnRecords(tx: Tx, id: number, name: string, email: string | null) {
  await redactHistory(tx, 'payment_methods', sql`select id from payment_methods where supporter_id = ${id}`, name);
  await redactHistory(tx, 'notes', sql`select id from notes where commentable_type = 'supporter' and commentable_id = ${id}`, name);
  await redactHistory(tx, 'tasks', sql`select id from tasks where supporter_id = ${id}`, name);
  await tx.execute(sql`delete from payment_methods where supporter_id = ${id}`);
  await tx.execute(sql`delete from notes where commentable_type = 'supporter' and commentable_id = ${id}`);
  await tx.execute(sql`delete from tasks where supporter_id = ${id}`);
  await tx.execute(sql`delete from supporter_tags where supporter_id = ${id}`);
  await tx.execute(sql`delete from duplicate_candidates where supporter_a_id = ${id} or supporter_b_id = ${id}`);
  // A merge's snapshot holds both records as they were: without it the merge can no longer be undone, which an erase must not allow anyway.
  await tx.execute(sql`update supporter_merges set snapshot = '{"erased": true}'::jsonb where winner_id = ${id} or loser_id = ${id}`);
  await tx.execute(sql`delete from messenger_conversations where supporter_id = ${id}`);
  await tx.execute(sql`update mail_outbox set supporter_id = ${id} where supporter_id is null and ${email}::text is not null and lower(trim(to_address)) = ${email}`);
  await tx.execute(sql`update mail_outbox set to_address = '', cc = null, bcc = null, subject = '(erased)', html = null, text = null, attachments = '[]'::jsonb,
      error = null where supporter_id = ${id}`);
}

/** True when the supporter's data was erased: nothing personal may be written back onto the record. */
export async function isErased(q: Queryable, id: number | null | undefined): Promise<boolean> {
  if (!id) return false;
  const [row] = await queryRows(q, sql`select erased_at from supporters where id = ${id}`);
  return Boolean(row?.erased_at);
}
