import { MAIL_PAGE_SIZE, type MailKind, type MailStatus, type SupporterMailList, supporterMailMessages, type supporterEmailSchema } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { queueMail } from '../mail/mail.service.ts';
import { contactRefusal } from './supporters.consent.ts';

/**
 * `POST /jpanel/supporters/{id}/email`: a plain-text message from staff to the supporter's
 * address, through the mailer's outbox like every other message. Refused, with nothing queued,
 * for a supporter who asked not to be contacted, a deceased one, or one without a valid address.
 */
export async function emailSupporter(db: Db, actor: Actor, id: number, input: z.output<typeof supporterEmailSchema>) {
  return withActor(db, actor, async (tx) => {
    const [s] = await queryRows(tx, sql`select id, email from supporters where id = ${id} for share`);
    if (!s) throw new AppError('not_found', 'This supporter does not exist.');
    const to = String(s.email ?? '').trim();
    const refusal = await contactRefusal(tx, id, { email: true });
    if (refusal) throw new AppError('conflict', refusal);
    const mailId = await queueMail(tx, { to, subject: input.subject, text: input.body, kind: 'supporter_email', supporterId: id, createdBy: actor.userId });
    return { message: supporterMailMessages.sent(to), mail_id: mailId };
  });
}

/** `GET /jpanel/supporters/{id}/mail.json`: every message the outbox holds for the supporter, newest first. */
export async function listSupporterMail(db: Queryable, id: number, page: number): Promise<SupporterMailList> {
  const [exists] = await queryRows(db, sql`select count(*)::int as n, (select 1 from supporters where id = ${id}) as found from mail_outbox where supporter_id = ${id}`);
  if (!exists?.found) throw new AppError('not_found', 'This supporter does not exist.');
  const rows = await queryRows(db, sql`
    select m.id, m.kind, m.to_address, m.subject, m.status, m.created_at, m.sent_at, m.text,
           nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as sent_by
      from mail_outbox m left join users u on u.id = m.created_by
     where m.supporter_id = ${id} order by m.id desc limit ${MAIL_PAGE_SIZE} offset ${(page - 1) * MAIL_PAGE_SIZE}`);
  const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      kind: (r.kind as MailKind | null) ?? null,
      to: String(r.to_address),
      subject: String(r.subject),
      status: r.status as MailStatus,
      created_at: iso(r.created_at)!,
      sent_at: iso(r.sent_at),
      sent_by: (r.sent_by as string | null) ?? null,
      text: (r.text as string | null) ?? null,
    })),
    total: Number(exists.n),
    page,
    page_size: MAIL_PAGE_SIZE,
  };
}
