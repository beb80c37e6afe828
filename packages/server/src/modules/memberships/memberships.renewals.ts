import { formatDate, formatMoney, membershipMessages as m, type RenewalDue } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { queueMail } from '../mail/mail.service.ts';
import { mailTemplateFor, renderMail } from '../mail/mail.templates.ts';
import { getOrgMoneySettings, getOrgName } from '../settings/settings.service.ts';
import { orgTodaySql } from '../sponsorships/sponsors.service.ts';

/**
 * Renewals due (issue 38 item 1): memberships that expire within `days` from today, or expired
 * within the last `days`, whose member holds no later membership of the same level (a renewal
 * already made). The list staff work through before a membership lapses, soonest first.
 */
const dueSql = (days: number) => sql`
  sm.deleted_at is null and sm.expires_on is not null
  and sm.expires_on between ${orgTodaySql} - ${days}::int and ${orgTodaySql} + ${days}::int
  and not exists (select 1 from supporter_memberships later
                   where later.supporter_id = sm.supporter_id and later.membership_id = sm.membership_id and later.deleted_at is null
                     and later.id <> sm.id and (later.expires_on is null or later.expires_on > sm.expires_on))
  and s.erased_at is null and s.archived_at is null`;

export async function renewalsDue(db: Queryable, days: number): Promise<{ data: RenewalDue[] }> {
  const rows = await queryRows(db, sql`
    select sm.id, sm.supporter_id, coalesce(nullif(s.display_name, ''), nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.email, 'Supporter #' || s.id) as supporter_name,
           coalesce(s.email, s.bill_email) as email, l.name as level, sm.expires_on::text as expires_on, sm.reminded_at
      from supporter_memberships sm join supporters s on s.id = sm.supporter_id join memberships l on l.id = sm.membership_id
     where ${dueSql(days)}
     order by sm.expires_on, sm.id`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      supporter_id: Number(r.supporter_id),
      supporter_name: String(r.supporter_name),
      email: r.email === null ? null : String(r.email),
      level: String(r.level),
      expires_on: String(r.expires_on),
      reminded_at: r.reminded_at === null ? null : new Date(r.reminded_at as string).toISOString(),
    })),
  };
}

/** The reminder's merge values for one membership (also the mail template editor's preview). */
export async function renewalMailValues(q: Queryable, id: number): Promise<Record<string, unknown> | null> {
  const [r] = await queryRows(q, sql`
    select s.first_name, s.last_name, s.membership_number, l.name, l.price, sm.expires_on::text as expires_on, sm.expires_on < ${orgTodaySql} as expired
      from supporter_memberships sm join supporters s on s.id = sm.supporter_id join memberships l on l.id = sm.membership_id
     where sm.id = ${id} and sm.deleted_at is null`);
  if (!r) return null;
  const { currency } = await getOrgMoneySettings(q);
  return {
    member: { first_name: r.first_name ?? '', last_name: r.last_name ?? '', number: r.membership_number ?? '' },
    membership: {
      level: String(r.name),
      expires_on: r.expires_on ? formatDate(String(r.expires_on)) : '',
      price: r.price === null ? '' : formatMoney(Number(r.price), currency),
      expired: Boolean(r.expired),
    },
    organisation: await getOrgName(q),
  };
}

/**
 * Queues one reminder per chosen membership that is still due and whose member has an e-mail,
 * through the outbox, and marks it reminded, in one transaction. Answers how many were queued.
 */
export async function sendRenewalReminders(db: Db, actor: Actor, ids: number[], days: number): Promise<{ message: string; sent: number }> {
  return withActor(db, actor, async (tx) => {
    const due = await queryRows(tx, sql`
      select sm.id, sm.supporter_id, coalesce(s.email, s.bill_email) as email
        from supporter_memberships sm join supporters s on s.id = sm.supporter_id
       where sm.id = any(${`{${ids.join(',')}}`}::int[]) and ${dueSql(days)} and coalesce(s.email, s.bill_email) is not null
       order by sm.id for update of sm`);
    if (due.length === 0) return { message: m.noneToRemind, sent: 0 };
    const template = await mailTemplateFor(tx, 'membershipRenewal');
    for (const row of due) {
      const values = await renewalMailValues(tx, Number(row.id));
      if (!values) continue;
      await queueMail(tx, { to: String(row.email), kind: 'membership_renewal', supporterId: Number(row.supporter_id), createdBy: actor.userId, ...(await renderMail(template, values)) });
      await tx.execute(sql`update supporter_memberships set reminded_at = now() where id = ${Number(row.id)}`);
    }
    return { message: m.remindersSent(due.length), sent: due.length };
  });
}
