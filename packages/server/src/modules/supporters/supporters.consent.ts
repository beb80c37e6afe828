import { CONSENT_CHANNELS, type ConsentAnswer, type ConsentChange, type ConsentSaved, type ConsentSource, type ConsentState, type ConsentTopic, consentColumns, type consentInputSchema, consentMessages, isValidEmail, supporterPrivacyMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgToday } from '../money/money.sql.ts';

/** A supporter anyone may write to: not "do not contact", not deceased. */
export const contactableSql = (alias: string): SQL => sql`(not ${sql.raw(alias)}.do_not_contact and ${sql.raw(alias)}.deceased_on is null)`;

/** The one derivation of "can e-mail": contactable, opted in to e-mail, with an address (list filter, CSV, consent card). */
export const canEmailSql = (alias: string): SQL =>
  sql`(${contactableSql(alias)} and ${sql.raw(alias)}.email_opt_in and coalesce(${sql.raw(alias)}.email, '') <> '')`;

const yesNo = (column: string): SQL => sql`case when s.${sql.raw(column)} then 'Y' else 'N' end`;

/** The supporters CSV's consent columns (after "Email Opt-in"). */
export const consentCsvColumns = [
  { header: 'Post Opt-in', value: yesNo('post_opt_in'), kind: 'text' as const },
  { header: 'Phone Opt-in', value: yesNo('phone_opt_in'), kind: 'text' as const },
  { header: 'SMS Opt-in', value: yesNo('sms_opt_in'), kind: 'text' as const },
  { header: 'Do Not Contact', value: yesNo('do_not_contact'), kind: 'text' as const },
  { header: 'Deceased On', value: sql`to_char(s.deceased_on, 'YYYY-MM-DD')`, kind: 'text' as const },
  { header: 'Can Email', value: sql`case when ${canEmailSql('s')} then 'Y' else 'N' end`, kind: 'text' as const },
];

/** What a list row needs to mark a supporter who died or asked not to be contacted. */
export const consentRowExtras = { deceased_on: sql`to_char(s.deceased_on, 'YYYY-MM-DD')`, do_not_contact: sql`s.do_not_contact` };

const nameSql = sql`coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id)`;

const stateColumns = sql`id, ${nameSql} as name, email, email_opt_in, post_opt_in, phone_opt_in, sms_opt_in, do_not_contact,
                         to_char(deceased_on, 'YYYY-MM-DD') as deceased_on, erased_at, ${canEmailSql('supporters')} as can_email`;

type StateRow = Record<string, unknown>;

const stateOf = (r: StateRow): ConsentState => ({
  email: Boolean(r.email_opt_in),
  post: Boolean(r.post_opt_in),
  phone: Boolean(r.phone_opt_in),
  sms: Boolean(r.sms_opt_in),
  do_not_contact: Boolean(r.do_not_contact),
  deceased_on: (r.deceased_on as string | null) ?? null,
  can_email: Boolean(r.can_email),
});

async function loadState(q: Queryable, id: number, lock = false): Promise<StateRow> {
  const [row] = await queryRows(q, sql`select ${stateColumns} from supporters where id = ${id} ${lock ? sql`for update` : sql``}`);
  if (!row) throw new AppError('not_found', 'This supporter does not exist.');
  return row;
}

/**
 * Why nothing may be sent to a supporter (the message every mail path gives), or null when
 * they may be written to. `email` asks too that they have an address to write to.
 */
export async function contactRefusal(q: Queryable, supporterId: number | null | undefined, opts: { email?: boolean } = {}): Promise<string | null> {
  if (!supporterId) return null;
  const [row] = await queryRows(q, sql`select ${nameSql} as name, email, do_not_contact, deceased_on, erased_at from supporters where id = ${supporterId}`);
  if (!row) return null;
  if (row.erased_at) return supporterPrivacyMessages.noEmail;
  const name = String(row.name);
  if (row.deceased_on) return consentMessages.deceased(name);
  if (row.do_not_contact) return consentMessages.doNotContact(name);
  if (opts.email && !isValidEmail(String(row.email ?? '').trim())) return consentMessages.noEmail(name);
  return null;
}

/**
 * The supporter an address belongs to, for mail to people who are not the record's own supporter
 * (a tribute's notified person). One who stopped contact or died wins over a namesake record.
 */
export async function supporterByEmail(q: Queryable, email: string): Promise<number | null> {
  const [row] = await queryRows(q, sql`
    select id from supporters s where lower(email) = lower(${email.trim()}) and not is_spam
     order by ${contactableSql('s')}, id limit 1`);
  return row ? Number(row.id) : null;
}

/** `GET /jpanel/supporters/{id}/consent.json`: the preferences now and every change, newest first. */
export async function getConsent(db: Queryable, id: number): Promise<ConsentAnswer> {
  const state = stateOf(await loadState(db, id));
  const rows = await queryRows(db, sql`
    select c.id, c.topic, c.previous, c.granted, to_char(c.changed_on, 'YYYY-MM-DD') as changed_on, c.source, c.note, c.recorded_at,
           u.id as user_id, trim(concat_ws(' ', u.first_name, u.last_name)) as user_name
      from supporter_consent_changes c left join users u on u.id = c.recorded_by
     where c.supporter_id = ${id} order by c.recorded_at desc, c.id desc`);
  const data: ConsentChange[] = rows.map((r) => ({
    id: Number(r.id),
    topic: r.topic as ConsentTopic,
    previous: Boolean(r.previous),
    granted: Boolean(r.granted),
    changed_on: String(r.changed_on),
    source: r.source as ConsentSource,
    note: (r.note as string | null) ?? null,
    recorded_at: new Date(r.recorded_at as string).toISOString(),
    recorded_by: r.user_id ? { id: Number(r.user_id), name: String(r.user_name) } : null,
  }));
  return { consent: state, data };
}

type Change = { topic: ConsentTopic; column: string; previous: boolean; granted: boolean; value: boolean | string | null; changedOn: string | null };

/** What the input changes, one entry per topic; the date of death is its change's date. */
function changesOf(current: ConsentState, input: z.output<typeof consentInputSchema>): Change[] {
  const changes: Change[] = [];
  for (const topic of [...CONSENT_CHANNELS, 'do_not_contact'] as const) {
    const asked = input[topic];
    if (asked !== undefined && asked !== current[topic]) changes.push({ topic, column: consentColumns[topic], previous: current[topic], granted: asked, value: asked, changedOn: null });
  }
  if (input.deceased_on !== undefined && input.deceased_on !== current.deceased_on) {
    const died = input.deceased_on;
    changes.push({ topic: 'deceased', column: 'deceased_on', previous: current.deceased_on !== null, granted: died !== null, value: died, changedOn: died });
  }
  return changes;
}

async function refuseFutureDates(tx: Tx, input: z.output<typeof consentInputSchema>): Promise<string> {
  const today = await orgToday(tx);
  if (input.deceased_on && input.deceased_on > today) throw fieldError('deceased_on', consentMessages.deceasedInFuture);
  if (input.changed_on && input.changed_on > today) throw fieldError('changed_on', consentMessages.changedInFuture);
  return today;
}

/**
 * `POST /jpanel/supporters/{id}/consent`: sets the preferences asked for in one audited update of
 * the supporter (the record's history shows who, when, from → to) and logs each change with its
 * date, source and note. Asking for what is already recorded changes nothing and says so.
 */
export async function recordConsent(db: Db, actor: Actor, id: number, input: z.output<typeof consentInputSchema>): Promise<ConsentSaved> {
  return withActor(db, actor, async (tx) => {
    const today = await refuseFutureDates(tx, input);
    const row = await loadState(tx, id, true);
    if (row.erased_at) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    const changes = changesOf(stateOf(row), input);
    if (changes.length === 0) throw new AppError('validation', consentMessages.nothingChanged);
    const sets = changes.map((c) => sql`${sql.raw(c.column)} = ${c.value}`);
    if (changes.some((c) => c.topic === 'email')) sets.push(sql`email_opt_in_changed_at = now()`);
    await tx.execute(sql`update supporters set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
    const values = changes.map((c) => sql`(${id}, ${c.topic}, ${c.previous}, ${c.granted}, ${c.changedOn ?? input.changed_on ?? today}, ${input.source}, ${input.note}, ${actor.userId})`);
    await tx.execute(sql`insert into supporter_consent_changes (supporter_id, topic, previous, granted, changed_on, source, note, recorded_by) values ${sql.join(values, sql`, `)}`);
    return { message: consentMessages.recorded(String(row.name)), consent: stateOf(await loadState(tx, id)) };
  });
}
