import { type AccountTypeOption, type PossibleDuplicate, SUPPORTER_EDIT_FIELDS, type SupporterSaved, type SupporterValues, subdivisionTypeOf, supporterEditMessages, supporterPrivacyMessages, type possibleDuplicatesQuerySchema } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { countryName, subdivisionsOf } from '../locale/locale.service.ts';
import { getOrgMoneySettings } from '../settings/settings.service.ts';
import { getSupporter } from './supporters.detail.ts';

/** How a supporter is named in messages and lists: organisation, else first and last name, else e-mail. */
const nameSql = sql`coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id)`;

type AccountType = { id: number; is_organization: boolean };

/** The type asked for, or the organisation's default; an unknown id is the field's error. */
async function accountTypeOf(tx: Queryable, id: number | null): Promise<AccountType | null> {
  const [row] = await queryRows(tx, id === null
    ? sql`select id, is_organization from account_types where is_default order by sequence, id limit 1`
    : sql`select id, is_organization from account_types where id = ${id}`);
  if (!row && id !== null) throw fieldError('account_type_id', supporterEditMessages.accountType);
  return row ? { id: Number(row.id), is_organization: Boolean(row.is_organization) } : null;
}

/** Country and state from the locale service: a code it knows, and a state of that country. */
function checkPlace(v: SupporterValues, prefix: 'bill' | 'ship'): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const country = v[`${prefix}_country`];
  const state = v[`${prefix}_state`];
  if (country && !countryName(country)) errors[`${prefix}_country`] = [supporterEditMessages.country];
  if (country && state && !errors[`${prefix}_country`]) {
    const { subdivisions } = subdivisionsOf(country);
    // A country the service lists no subdivisions for takes its region as typed.
    if (Object.keys(subdivisions).length && !Object.hasOwn(subdivisions, state)) errors[`${prefix}_state`] = [supporterEditMessages.state(subdivisionTypeOf(country))];
  }
  return errors;
}

/** What the row's name columns are, from the fields and the type. */
function displayNameOf(v: SupporterValues, type: AccountType | null): string | null {
  if (type?.is_organization && v.bill_organization_name) return v.bill_organization_name;
  return [v.first_name, v.last_name].filter(Boolean).join(' ') || null;
}

/** The checks the database must answer: the type, the place, an e-mail no other supporter has. */
async function checkAgainstData(tx: Tx, v: SupporterValues, exceptId: number | null): Promise<AccountType | null> {
  const type = await accountTypeOf(tx, v.account_type_id);
  const errors = { ...checkPlace(v, 'bill'), ...checkPlace(v, 'ship') };
  if (type?.is_organization && !v.bill_organization_name) errors.bill_organization_name = [supporterEditMessages.needsOrganisation];
  if (v.email) {
    const [other] = await queryRows(tx, sql`
      select id, ${nameSql} as name from supporters
       where lower(email) = lower(${v.email}) and id <> ${exceptId ?? 0} and not is_spam limit 1`);
    if (other) errors.email = [supporterEditMessages.emailTaken(`${String(other.name)} (#${String(other.id)})`)];
  }
  const holder = await membershipNumberHolder(tx, v.membership_number, exceptId);
  if (holder) errors.membership_number = [supporterEditMessages.membershipNumberTaken(holder)];
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new AppError('validation', first, errors);
  return type;
}

/** The columns of the fields, as `column = value` pieces for an insert or an update. */
function columnsOf(v: SupporterValues, type: AccountType | null): [string, unknown][] {
  const pairs: [string, unknown][] = SUPPORTER_EDIT_FIELDS.filter((f) => f !== 'account_type_id').map((f) => [f, v[f]]);
  pairs.push(['account_type_id', type?.id ?? null], ['display_name', displayNameOf(v, type)]);
  return pairs;
}

/** `POST /jpanel/supporters`: a new supporter, in the organisation's currency, recorded in its history. */
export async function createSupporter(db: Db, actor: Actor, v: SupporterValues) {
  const id = await withActor(db, actor, async (tx) => {
    const type = await checkAgainstData(tx, v, null);
    const pairs = columnsOf(v, type);
    const [row] = await queryRows(tx, sql`
      insert into supporters (${sql.raw(pairs.map(([c]) => c).join(', '))}, currency_code, sign_up_method, email_opt_in)
      values (${sql.join(pairs.map(([, value]) => sql`${value}`), sql`, `)}, ${(await getOrgMoneySettings(tx)).currency}, 'staff', false)
      returning id`);
    const created = Number(row!.id);
    await recordEvent(tx, 'supporter.created', { supporter_id: created, email: v.email });
    return created;
  });
  const { supporter } = await getSupporter(db, id);
  return { message: supporterEditMessages.created(nameOf(supporter)), supporter: supporter as SupporterSaved };
}

/** Who already holds a membership number ("Name (#id)"), other than `exceptId`: no two supporters share one. */
export async function membershipNumberHolder(q: Queryable, number: string | null | undefined, exceptId: number | null | undefined): Promise<string | null> {
  if (!number) return null;
  const [holder] = await queryRows(q, sql`
    select id, ${nameSql} as name from supporters where lower(membership_number) = lower(${number}) and id <> ${exceptId ?? 0} limit 1`);
  return holder ? `${String(holder.name)} (#${String(holder.id)})` : null;
}

/**
 * `POST /jpanel/supporters/{id}`: corrects a supporter. Every field is set as sent (blank
 * clears), in one audited update; a form opened before someone else's save is refused.
 */
export async function updateSupporter(db: Db, actor: Actor, id: number, v: SupporterValues) {
  await withActor(db, actor, async (tx) => {
    const [current] = await queryRows(tx, sql`select * from supporters where id = ${id} for update`);
    if (!current) throw new AppError('not_found', 'This supporter does not exist.');
    if (current.erased_at) throw new AppError('conflict', supporterPrivacyMessages.noEdit);
    if (v.updated_at !== undefined && !sameInstant(current.updated_at, v.updated_at)) throw new AppError('conflict', supporterEditMessages.stale);
    const type = await checkAgainstData(tx, v, id);
    const changed = columnsOf(v, type).filter(([column, value]) => (current[column] ?? null) !== value);
    if (changed.length === 0) return;
    const sets: SQL[] = changed.map(([column, value]) => sql`${sql.raw(column)} = ${value}`);
    await tx.execute(sql`update supporters set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
    await recordEvent(tx, 'supporter.updated', { supporter_id: id, changes: changed.map(([column]) => column).filter((c) => c !== 'display_name') });
  });
  const { supporter } = await getSupporter(db, id);
  return { message: supporterEditMessages.updated(nameOf(supporter)), supporter: supporter as SupporterSaved };
}

/** The form holds `updated_at` as the API wrote it (milliseconds); the column has microseconds. */
function sameInstant(column: unknown, sent: string): boolean {
  const stored = column instanceof Date ? column.getTime() : Date.parse(String(column));
  const asked = Date.parse(sent);
  return Number.isFinite(asked) && Math.floor(stored) === asked;
}

const nameOf = (s: Record<string, unknown>) =>
  String(s.display_name || [s.first_name, s.last_name].filter(Boolean).join(' ') || s.email || `Supporter #${String(s.id)}`);

/**
 * Who the form's person may already be, shown before saving: the same e-mail, or the same first
 * and last name with the same billing postcode. At most ten, archived ones included (spam not).
 */
export async function possibleDuplicates(db: Queryable, q: z.output<typeof possibleDuplicatesQuerySchema>): Promise<{ data: PossibleDuplicate[] }> {
  const email = q.email || null;
  const named = q.first_name && q.last_name && q.bill_zip ? q : null;
  if (!email && !named) return { data: [] };
  const byEmail = email ? sql`lower(email) = lower(${email})` : sql`false`;
  const byName = named
    ? sql`(lower(first_name) = lower(${named.first_name}) and lower(last_name) = lower(${named.last_name})
           and lower(replace(bill_zip, ' ', '')) = lower(replace(${named.bill_zip}, ' ', '')))`
    : sql`false`;
  const rows = await queryRows(db, sql`
    select id, ${nameSql} as name, email, (${byEmail}) as by_email from supporters
     where not is_spam and erased_at is null and id <> ${q.except_id ?? 0} and ((${byEmail}) or ${byName})
     order by id limit 10`);
  return { data: rows.map((r) => ({ id: Number(r.id), name: String(r.name), email: (r.email as string | null) ?? null, reason: r.by_email ? 'email' : 'name_and_postcode' })) };
}

/** The supporter types, in their order: the form's choice, the default first picked. */
export async function listAccountTypes(db: Queryable): Promise<AccountTypeOption[]> {
  const rows = await queryRows(db, sql`select id, name, is_organization, is_default from account_types order by sequence, id`);
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name), is_organization: Boolean(r.is_organization), is_default: Boolean(r.is_default) }));
}
