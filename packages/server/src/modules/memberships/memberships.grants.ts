import {
  formatDate,
  type membershipEndSchema,
  type membershipExtendSchema,
  type membershipGrantSchema,
  membershipMessages as m,
  type SupporterMembership,
} from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { orgTodaySql } from '../sponsorships/sponsors.service.ts';

/**
 * A supporter's memberships by hand (issue 38 item 1): granted, extended and ended by staff, each
 * with the reason, in one transaction under withActor so the history says who, when, from → to.
 */
type Grant = z.output<typeof membershipGrantSchema>;
type Extend = z.output<typeof membershipExtendSchema>;
type End = z.output<typeof membershipEndSchema>;

const day = (v: unknown): string | null => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));

/** The supporter's memberships, newest first, as their page lists them. */
export async function supporterMemberships(db: Queryable, supporterId: number): Promise<SupporterMembership[]> {
  const rows = await queryRows(db, sql`
    select sm.id, sm.membership_id, l.name, sm.starts_on::text as starts_on, sm.expires_on::text as expires_on,
           (sm.expires_on is not null and sm.expires_on < ${orgTodaySql}) as is_expired, sm.source, sm.end_reason
      from supporter_memberships sm join memberships l on l.id = sm.membership_id
     where sm.supporter_id = ${supporterId} and sm.deleted_at is null
     order by sm.starts_on desc, sm.id desc`);
  return rows.map((r) => ({
    id: Number(r.id),
    membership_id: Number(r.membership_id),
    name: String(r.name),
    starts_on: String(r.starts_on),
    expires_on: day(r.expires_on),
    is_expired: Boolean(r.is_expired),
    source: r.source === null ? null : String(r.source),
    end_reason: r.end_reason === null ? null : String(r.end_reason),
  }));
}

/** The supporter, locked: only one who is neither archived, erased nor spam may be given a membership. */
async function lockSupporter(tx: Tx, supporterId: number): Promise<void> {
  const [s] = await queryRows(tx, sql`select archived_at, erased_at, is_spam from supporters where id = ${supporterId} for update`);
  if (!s) throw new AppError('not_found', 'This supporter does not exist.');
  if (s.archived_at || s.erased_at || s.is_spam) throw new AppError('conflict', m.supporterGone);
}

/** Sets the member's number, refused when another supporter holds it (ignoring case). */
async function setNumber(tx: Tx, supporterId: number, number: string | null): Promise<void> {
  if (number === null) return;
  const [taken] = await queryRows(tx, sql`select id from supporters where lower(membership_number) = lower(${number}) and id <> ${supporterId} limit 1`);
  if (taken) throw fieldError('membership_number', m.numberTaken);
  await tx.execute(sql`update supporters set membership_number = ${number}, updated_at = now() where id = ${supporterId} and membership_number is distinct from ${number}`);
}

export async function grantMembership(db: Db, actor: Actor, supporterId: number, input: Grant): Promise<{ message: string; membership: SupporterMembership }> {
  const id = await withActor(db, actor, async (tx) => {
    await lockSupporter(tx, supporterId);
    const [level] = await queryRows(tx, sql`select id, name, duration_days from memberships where id = ${input.membership_id} and deleted_at is null`);
    if (!level) throw fieldError('membership_id', m.levelMissing);
    const [dates] = await queryRows(tx, sql`
      select coalesce(${input.expires_on}::date, ${input.starts_on}::date + ${level.duration_days === null ? null : Number(level.duration_days)}::int - 1)::text as expires_on`);
    const expires = (dates?.expires_on as string | null) ?? null;
    if (expires !== null && expires < input.starts_on) throw fieldError('expires_on', m.endsBeforeStart);
    const [active] = await queryRows(tx, sql`
      select 1 from supporter_memberships where supporter_id = ${supporterId} and membership_id = ${input.membership_id} and deleted_at is null
         and (expires_on is null or expires_on >= ${orgTodaySql})`);
    if (active) throw fieldError('membership_id', m.alreadyActive(String(level.name)));
    await setNumber(tx, supporterId, input.membership_number);
    const [row] = await queryRows(tx, sql`
      insert into supporter_memberships (supporter_id, membership_id, starts_on, expires_on, source, reason)
      values (${supporterId}, ${input.membership_id}, ${input.starts_on}, ${expires}, 'staff', ${input.reason}) returning id`);
    return Number(row?.id);
  });
  const membership = await findMembership(db, id);
  return { message: m.granted(membership.name), membership };
}

async function findMembership(db: Queryable, id: number): Promise<SupporterMembership & { supporter_id: number }> {
  const [row] = await queryRows(db, sql`select supporter_id from supporter_memberships where id = ${id} and deleted_at is null`);
  if (!row) throw new AppError('not_found', m.notFound);
  const found = (await supporterMemberships(db, Number(row.supporter_id))).find((x) => x.id === id);
  if (!found) throw new AppError('not_found', m.notFound);
  return { ...found, supporter_id: Number(row.supporter_id) };
}

/** The membership, locked for a change. */
async function lockMembership(tx: Tx, id: number) {
  const [row] = await queryRows(tx, sql`
    select sm.id, sm.starts_on::text as starts_on, sm.expires_on::text as expires_on, l.name, (sm.expires_on is not null and sm.expires_on < ${orgTodaySql}) as ended
      from supporter_memberships sm join memberships l on l.id = sm.membership_id
     where sm.id = ${id} and sm.deleted_at is null for update of sm`);
  if (!row) throw new AppError('not_found', m.notFound);
  return { name: String(row.name), startsOn: String(row.starts_on), expiresOn: day(row.expires_on), ended: Boolean(row.ended) };
}

/** A later expiry (a renewal agreed by phone, a gift of extra months): an ended one starts again until then. */
export async function extendMembership(db: Db, actor: Actor, id: number, input: Extend): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const current = await lockMembership(tx, id);
    if (current.expiresOn === null || input.expires_on <= current.expiresOn) throw fieldError('expires_on', m.extendLater);
    await tx.execute(sql`update supporter_memberships set expires_on = ${input.expires_on}, end_reason = null, reason = ${input.reason},
                         reminded_at = null, updated_at = now() where id = ${id}`);
    return { message: m.extended(current.name, formatDate(input.expires_on)) };
  });
}

/** Ends it on a day (cancelled, lapsed, died): no earlier than it started. */
export async function endMembership(db: Db, actor: Actor, id: number, input: End): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const current = await lockMembership(tx, id);
    if (current.ended) throw new AppError('conflict', m.alreadyEnded);
    if (input.ends_on < current.startsOn) throw fieldError('ends_on', m.endsBeforeStart);
    await tx.execute(sql`update supporter_memberships set expires_on = ${input.ends_on}, end_reason = 'Ended by staff', reason = ${input.reason},
                         updated_at = now() where id = ${id}`);
    return { message: m.ended(current.name, formatDate(input.ends_on)) };
  });
}
