import {
  type Sponsor,
  type SponsorCreate,
  sponseeMessages,
  sponsorMessages,
  type sponsorCreateSchema,
  type sponsorUpdateSchema,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { orgToday, orgTodaySql } from '../money/money.sql.ts';

export type { SponsorCreate };

// Sponsor records start and end on the organisation's days; the listing and the recounts import it from here.
export { orgTodaySql };

/**
 * One definition of an active sponsor record (incumbent §1.4): started, and not ended before today.
 * `today` is the organisation's today unless a caller (the daily recount's test) fixes the day.
 */
export const activeSponsorSql = (alias: string, today: SQL = orgTodaySql): SQL => {
  const a = sql.raw(alias);
  return sql`(${a}.deleted_at is null and ${a}.started_at <= ${today} and (${a}.ended_at is null or ${a}.ended_at >= ${today}))`;
};

const numSponsorsSql = sql`coalesce((select (value #>> '{}')::int from settings where key = 'sponsorship_num_sponsors'), 1)`;

/**
 * Keeps sponsor_count, and is_sponsored for sponsees in automatic mode, equal to their active
 * sponsors against the sponsors-per-sponsee setting. `ids` limits it to some sponsees.
 */
export async function recountSponsorships(q: Queryable, ids?: number[], today: SQL = orgTodaySql): Promise<void> {
  const only = ids
    ? sql`and sp.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (ids?.length === 0) return;
  await q.execute(sql`
    update sponsorships sp
       set sponsor_count = a.active,
           is_sponsored = case when sp.is_sponsored_auto then a.active >= ${numSponsorsSql} else sp.is_sponsored end
      from (select base.id, (select count(*)::int from sponsors s where s.sponsorship_id = base.id and ${activeSponsorSql('s', today)}) as active
              from sponsorships base) a
     where sp.id = a.id ${only}
       and (sp.sponsor_count is distinct from a.active
            or (sp.is_sponsored_auto and sp.is_sponsored is distinct from (a.active >= ${numSponsorsSql})))`);
}

const sponsorSelect = (where: SQL) => sql`
  select s.id, s.source, s.started_at::text as started_at, s.ended_at::text as ended_at, s.ended_reason, s.ended_note,
         ${activeSponsorSql('s')} as is_active,
         sp.id as sponsorship_id, sp.reference_number, person_name(sp.first_name, sp.last_name) as sponsee_name,
         p.id as supporter_id, coalesce(nullif(p.display_name, ''), person_name(p.first_name, p.last_name), p.email, 'Unnamed supporter') as supporter_name, p.email as supporter_email,
         nullif(concat_ws(' ', us.first_name, us.last_name), '') as started_by, nullif(concat_ws(' ', ue.first_name, ue.last_name), '') as ended_by
    from sponsors s
    join sponsorships sp on sp.id = s.sponsorship_id
    join supporters p on p.id = s.supporter_id
    left join users us on us.id = s.started_by
    left join users ue on ue.id = s.ended_by
   where ${where}`;

function toSponsor(r: Record<string, unknown>): Sponsor {
  return {
    id: Number(r.id),
    sponsorship: {
      id: Number(r.sponsorship_id),
      reference_number: String(r.reference_number),
      full_name: String(r.sponsee_name ?? ''),
    },
    supporter: {
      id: Number(r.supporter_id),
      display_name: String(r.supporter_name),
      email: (r.supporter_email as string | null) ?? null,
    },
    source: (r.source as string | null) ?? null,
    started_at: String(r.started_at),
    ended_at: (r.ended_at as string | null) ?? null,
    ended_reason: (r.ended_reason as string | null) ?? null,
    ended_note: (r.ended_note as string | null) ?? null,
    is_active: Boolean(r.is_active),
    started_by: (r.started_by as string | null) ?? null,
    ended_by: (r.ended_by as string | null) ?? null,
  };
}

/** GET /jpanel/sponsor/{id}: a sponsor record (not deleted). */
export async function getSponsor(db: Queryable, id: number): Promise<Sponsor> {
  const [row] = await queryRows(db, sponsorSelect(sql`s.id = ${id} and s.deleted_at is null`));
  if (!row) throw new AppError('not_found', sponsorMessages.sponsorNotFound);
  return toSponsor(row);
}

/** A sponsee's sponsor records, active ones first, newest start first. */
export async function sponsorsOf(db: Queryable, sponsorshipId: number): Promise<Sponsor[]> {
  const rows = await queryRows(
    db,
    sql`${sponsorSelect(sql`s.sponsorship_id = ${sponsorshipId} and s.deleted_at is null`)}
    order by ${activeSponsorSql('s')} desc, s.started_at desc, s.id desc`,
  );
  return rows.map(toSponsor);
}

/** GET /jpanel/sponsor/add/{sponsorshipId}: the unsaved record the add form starts from (today). */
export async function newSponsor(db: Queryable, sponsorshipId: number): Promise<Sponsor> {
  const [row] = await queryRows(
    db,
    sql`
    select sp.id, sp.reference_number, person_name(sp.first_name, sp.last_name) as full_name, ${orgTodaySql}::text as today
      from sponsorships sp where sp.id = ${sponsorshipId} and sp.deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
  return {
    id: null,
    sponsorship: {
      id: Number(row.id),
      reference_number: String(row.reference_number),
      full_name: String(row.full_name ?? ''),
    },
    supporter: null,
    source: null,
    started_at: String(row.today),
    ended_at: null,
    ended_reason: null,
    ended_note: null,
    is_active: true,
    started_by: null,
    ended_by: null,
  };
}

/**
 * Locks the sponsee, so sponsor changes (and its recount) for one sponsee run one at a time.
 * Answers its reference when it is retired (it takes no new sponsors), else null.
 */
async function lockSponsee(tx: Tx, sponsorshipId: number): Promise<string | null> {
  const [row] = await queryRows(
    tx,
    sql`select id, reference_number, retired_at from sponsorships where id = ${sponsorshipId} and deleted_at is null for update`,
  );
  if (!row) throw new AppError('not_found', sponsorMessages.sponseeNotFound);
  return row.retired_at === null ? null : String(row.reference_number);
}

/** Refuses a second record for the same supporter and sponsee whose period overlaps [start, end]. */
async function checkNoOverlap(
  tx: Tx,
  r: {
    supporterId: number;
    sponsorshipId: number;
    start: string;
    end: string | null;
    exceptId?: number;
  },
) {
  const [clash] = await queryRows(
    tx,
    sql`
    select id from sponsors
     where supporter_id = ${r.supporterId} and sponsorship_id = ${r.sponsorshipId} and deleted_at is null
       and id <> ${r.exceptId ?? 0}
       and started_at <= coalesce(${r.end}::date, 'infinity'::date)
       and coalesce(ended_at, 'infinity'::date) >= ${r.start}::date
     limit 1`,
  );
  if (clash) throw fieldError('supporter_id', sponsorMessages.alreadySponsoring);
}

/** POST /jpanel/sponsor: a supporter starts sponsoring a sponsee. */
export async function createSponsor(
  tx: Tx,
  userId: number | null,
  input: z.output<typeof sponsorCreateSchema>,
): Promise<Sponsor> {
  const retired = await lockSponsee(tx, input.sponsorship_id);
  if (retired) throw new AppError('conflict', sponseeMessages.retiredNoSponsor(retired));
  const [supporter] = await queryRows(
    tx,
    sql`select id from supporters where id = ${input.supporter_id}`,
  );
  if (!supporter) throw fieldError('supporter_id', sponsorMessages.supporterNotFound);
  const start = input.started_at ?? (await orgToday(tx));
  if (input.ended_at && input.ended_at < start)
    throw fieldError('ended_at', sponsorMessages.endBeforeStart);
  await checkNoOverlap(tx, {
    supporterId: input.supporter_id,
    sponsorshipId: input.sponsorship_id,
    start,
    end: input.ended_at,
  });
  const [row] = await queryRows(
    tx,
    sql`
    insert into sponsors (supporter_id, sponsorship_id, source, started_at, started_by, ended_at, ended_by, ended_reason, ended_note, currency_code)
    values (${input.supporter_id}, ${input.sponsorship_id}, ${input.source}, ${start}, ${userId}, ${input.ended_at},
            ${input.ended_at ? userId : null}, ${input.ended_reason}, ${input.ended_note},
            coalesce((select value #>> '{}' from settings where key = 'site_currency'), 'USD'))
    returning id`,
  );
  const id = Number(row?.id);
  await recordEvent(tx, 'sponsorship.started', {
    sponsorship_id: input.sponsorship_id,
    sponsor_id: id,
    supporter_id: input.supporter_id,
  });
  if (input.ended_at)
    await recordEvent(tx, 'sponsorship.ended', {
      sponsorship_id: input.sponsorship_id,
      sponsor_id: id,
      supporter_id: input.supporter_id,
      reason: input.ended_reason,
    });
  await recountSponsorships(tx, [input.sponsorship_id]);
  return getSponsor(tx, id);
}

type Existing = {
  id: number;
  sponsorship_id: number;
  supporter_id: number;
  started_at: string;
  ended_at: string | null;
};

async function lockSponsor(tx: Tx, id: number): Promise<Existing> {
  const [found] = await queryRows(
    tx,
    sql`select sponsorship_id from sponsors where id = ${id} and deleted_at is null`,
  );
  if (!found) throw new AppError('not_found', sponsorMessages.sponsorNotFound);
  await lockSponsee(tx, Number(found.sponsorship_id));
  const [row] = await queryRows(
    tx,
    sql`
    select id, sponsorship_id, supporter_id, started_at::text as started_at, ended_at::text as ended_at
      from sponsors where id = ${id} and deleted_at is null`,
  );
  if (!row) throw new AppError('not_found', sponsorMessages.sponsorNotFound);
  return row as Existing;
}

/**
 * POST /jpanel/sponsor/{id}: changes a record; `end_sponsorship` ends it on the given day. Ending
 * an open record records sponsorship.ended; clearing the end of an ended one, sponsorship.started.
 */
export async function updateSponsor(
  tx: Tx,
  userId: number | null,
  id: number,
  input: z.output<typeof sponsorUpdateSchema>,
): Promise<{ sponsor: Sponsor; ended: boolean }> {
  const existing = await lockSponsor(tx, id);
  const start = input.started_at ?? existing.started_at;
  const end = input.ended_at;
  if (end && end < start) throw fieldError('ended_at', sponsorMessages.endBeforeStart);
  await checkNoOverlap(tx, {
    supporterId: existing.supporter_id,
    sponsorshipId: existing.sponsorship_id,
    start,
    end,
    exceptId: id,
  });
  const ending = end !== null && existing.ended_at === null;
  const reopening = end === null && existing.ended_at !== null;
  await tx.execute(sql`
    update sponsors
       set started_at = ${start}, source = ${input.source}, ended_at = ${end},
           ended_by = case when ${end}::date is null then null when ${ending} then ${userId}::int else ended_by end,
           ended_reason = ${end ? input.ended_reason : null}, ended_note = ${end ? input.ended_note : null}, updated_at = now()
     where id = ${id}`);
  const ref = {
    sponsorship_id: existing.sponsorship_id,
    sponsor_id: id,
    supporter_id: existing.supporter_id,
  };
  if (ending) await recordEvent(tx, 'sponsorship.ended', { ...ref, reason: input.ended_reason });
  if (reopening) await recordEvent(tx, 'sponsorship.started', ref);
  await recountSponsorships(tx, [existing.sponsorship_id]);
  return { sponsor: await getSponsor(tx, id), ended: ending };
}

/** DELETE /jpanel/sponsor/{id}: removes the record (soft delete); the supporter is untouched. */
export async function deleteSponsor(tx: Tx, id: number): Promise<void> {
  const existing = await lockSponsor(tx, id);
  await tx.execute(
    sql`update sponsors set deleted_at = now(), updated_at = now() where id = ${id}`,
  );
  // A record removed while still running ends that sponsorship.
  if (existing.ended_at === null || existing.ended_at >= (await orgToday(tx))) {
    await recordEvent(tx, 'sponsorship.ended', {
      sponsorship_id: existing.sponsorship_id,
      sponsor_id: id,
      supporter_id: existing.supporter_id,
      reason: null,
    });
  }
  await recountSponsorships(tx, [existing.sponsorship_id]);
}
