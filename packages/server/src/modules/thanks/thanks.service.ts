import { THANK_YOU_LETTERS_MAX, contributionNumber, formatDate, messages, thanksMessages as m } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows, readListingQuery, whereClause } from '../../listing/engine.ts';
import { queueConfirmation } from '../contributions/contributions.confirmation.ts';
import { recordContributionEvents } from '../domain-events/domain-events.service.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { contactRefusal } from '../supporters/supporters.consent.ts';
import { renderThankYouLetters } from './thanks.letters.ts';
import { unacknowledgedListing } from './thanks.listing.ts';

type StaffActor = Actor & { userId: number };

/** The gift, locked; refused when it does not exist or is deleted. */
async function lockGift(tx: Tx, id: number) {
  const [c] = await queryRows(tx, sql`
    select id, supporter_id, deleted_at, acknowledged_on::text as acknowledged_on, (now() at time zone ${orgTimeZoneSql})::date::text as today
      from contributions where id = ${id} for update`);
  if (!c) throw new AppError('not_found', messages.notFound);
  if (c.deleted_at) throw new AppError('conflict', m.deleted(contributionNumber(id)));
  return { supporterId: c.supporter_id === null ? null : Number(c.supporter_id), acknowledgedOn: (c.acknowledged_on as string | null) ?? null, today: String(c.today) };
}

const historyEvent = (tx: Tx, ids: SQL, event: 'confirmation_sent' | 'thanked', userId: number, note: string | null = null) =>
  tx.execute(sql`insert into contribution_status_history (contribution_id, event, note, user_id) select id, ${event}, ${note}, ${userId} from (${ids}) t`);

/**
 * `POST /jpanel/contributions/{id}/resend-confirmation`: the confirmation e-mail again, through
 * the same path as the first (the outbox and its sending job), whether or not the gift asked for
 * e-mails at the time: staff send it because the donor asked. A donor who may not be written to,
 * or no address, is refused and nothing is queued.
 */
export async function resendConfirmation(db: Db, actor: StaffActor, id: number): Promise<{ message: string }> {
  const number = contributionNumber(id);
  return withActor(db, actor, async (tx) => {
    const gift = await lockGift(tx, id);
    const refusal = await contactRefusal(tx, gift.supporterId);
    if (refusal) throw new AppError('conflict', refusal);
    const to = await queueConfirmation(tx, id, gift.supporterId, actor.userId);
    if (!to) throw new AppError('conflict', m.noEmail(number));
    await historyEvent(tx, sql`select ${id}::int as id`, 'confirmation_sent', actor.userId, `To ${to}`.slice(0, 500));
    return { message: m.confirmationSent(number, to) };
  });
}

/**
 * `POST /jpanel/contributions/{id}/acknowledgement`: sets or clears the day the donor was
 * thanked. The audit trail keeps from → to, and `contribution.updated` names the field.
 */
export async function setAcknowledgement(db: Db, actor: StaffActor, id: number, day: string | null): Promise<{ message: string; acknowledged_on: string | null }> {
  const number = contributionNumber(id);
  return withActor(db, actor, async (tx) => {
    const gift = await lockGift(tx, id);
    if (day !== null && day > gift.today) throw fieldError('acknowledged_on', m.futureDate);
    if (day === gift.acknowledgedOn) return { message: m.unchanged(number), acknowledged_on: day };
    const [row] = await queryRows(tx, sql`update contributions set acknowledged_on = ${day}, updated_at = now() where id = ${id} returning id, supporter_id`);
    await recordContributionEvents(tx, [row as { id: number; supporter_id: number | null }], { changes: ['acknowledged_on'] });
    return { message: day === null ? m.cleared(number) : m.acknowledged(number, formatDate(day)), acknowledged_on: day };
  });
}

/**
 * The gifts a letters request names: chosen ids, or every row of the unacknowledged list as
 * filtered. At most THANK_YOU_LETTERS_MAX; none is 'There are no items selected.'
 */
async function targetIds(tx: Queryable, body: Record<string, unknown>): Promise<SQL> {
  const all = body.all === true || body.all === '1' || body.all === 'true';
  const raw = typeof body.ids === 'string' ? body.ids.split(',').filter(Boolean) : body.ids;
  const ids = Array.isArray(raw) ? raw.map(Number).filter((n) => Number.isInteger(n) && n > 0 && n < 2 ** 31) : [];
  if (!all && ids.length === 0) throw new AppError('validation', messages.noItemsSelected, { ids: [messages.noItemsSelected] });
  let target: SQL;
  if (all) {
    const query = readListingQuery(unacknowledgedListing, body);
    target = sql`select c.id from ${unacknowledgedListing.from} where ${whereClause(unacknowledgedListing, query.filters, query.page.search)}`;
  } else {
    target = sql`select c.id from contributions c where c.id in (${sql.join([...new Set(ids)].map((n) => sql`${n}`), sql`, `)})`;
  }
  const [count] = await queryRows(tx, sql`select count(*)::int as n from (${target}) t`);
  if (Number(count?.n ?? 0) > THANK_YOU_LETTERS_MAX) throw new AppError('validation', m.tooMany(THANK_YOU_LETTERS_MAX), { ids: [m.tooMany(THANK_YOU_LETTERS_MAX)] });
  return target;
}

/** The letters of a selection as one PDF, changing nothing (to read before sending). */
export async function printThankYouLetters(db: Db, body: Record<string, unknown>): Promise<Buffer> {
  return (await renderThankYouLetters(db, await targetIds(db, body))).pdf;
}

/**
 * "Send thank-you letters": renders every selected gift's letter, then marks those not yet
 * acknowledged as acknowledged today, with a history event each, in one transaction. A
 * template that fails refuses the whole run before anything changes; a gift already
 * acknowledged is printed again and keeps its date.
 */
export async function sendThankYouLetters(db: Db, actor: StaffActor, body: Record<string, unknown>): Promise<{ pdf: Buffer; message: string }> {
  return withActor(db, actor, async (tx) => {
    const target = await targetIds(tx, body);
    await tx.execute(sql`select id from contributions where id in (${target}) order by id for update`);
    const { pdf, gifts } = await renderThankYouLetters(tx, target);
    const fresh = gifts.filter((g) => g.acknowledged_on === null).map((g) => Number(g.id));
    if (fresh.length) {
      const list = sql`select c.id from contributions c where c.id in (${sql.join(fresh.map((n) => sql`${n}`), sql`, `)})`;
      const changed = await queryRows(tx, sql`
        update contributions set acknowledged_on = (now() at time zone ${orgTimeZoneSql})::date, updated_at = now()
         where id in (${list}) and acknowledged_on is null returning id, supporter_id`);
      await historyEvent(tx, list, 'thanked', actor.userId);
      await recordContributionEvents(tx, changed as { id: number; supporter_id: number | null }[], { changes: ['acknowledged_on'] });
      await forgetListingCounts(tx);
    }
    return { pdf, message: m.lettersSent(fresh.length, gifts.length - fresh.length) };
  });
}
