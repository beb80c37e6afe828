import {
  type ContributionEditAnswer,
  type ContributionEditValues,
  contributionEditMessages as m,
  contributionNumber,
  supporterPrivacyMessages,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordContributionEvents } from '../domain-events/domain-events.service.ts';
import { orgTimeZoneSql } from '../money/money.sql.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { attributionOf, resolveAttribution } from '../campaigns/campaigns.service.ts';
import { isKnownFund } from './contributions.funds.ts';
import { followReceipt } from './contributions.receipt.ts';

type Row = Record<string, unknown>;

/** The form holds `updated_at` as the API wrote it (milliseconds); the column has microseconds. */
function sameInstant(column: unknown, sent: string): boolean {
  const stored = column instanceof Date ? column.getTime() : Date.parse(String(column));
  const asked = Date.parse(sent);
  return Number.isFinite(asked) && Math.floor(stored) === asked;
}

/**
 * `POST /jpanel/contributions/{id}`: corrects a gift after entry — its date, special notes, the
 * supporter it belongs to, the campaign and appeal it is credited to, and each donation line's
 * fund (GL code) and tribute.
 *
 * One transaction: the row updates (the audit trigger writes field-by-field history, the
 * database's triggers rename the row and its search text), both supporters' lifetime giving,
 * the live receipt (a draft is updated, an issued one revised as -R{k}), and
 * `contribution.updated`. A form opened before someone else's save is refused (409).
 */
export async function editContribution(db: Db, actor: Actor & { userId: number }, id: number, v: ContributionEditValues): Promise<ContributionEditAnswer> {
  const number = contributionNumber(id);
  return withActor(db, actor, async (tx) => {
    const [c] = await queryRows(tx, sql`
      select c.*, to_char((c.ordered_at at time zone ${orgTimeZoneSql})::date, 'YYYY-MM-DD') as local_day,
             to_char((now() at time zone ${orgTimeZoneSql})::date, 'YYYY-MM-DD') as today
        from contributions c where c.id = ${id} for update`);
    if (!c) throw new AppError('not_found', 'This contribution does not exist.');
    if (c.deleted_at) throw new AppError('conflict', m.deleted(number));
    if (v.updated_at !== undefined && !sameInstant(c.updated_at, v.updated_at)) throw new AppError('conflict', m.stale);

    const sets: SQL[] = [];
    const changes: string[] = [];
    if (v.ordered_at !== undefined && v.ordered_at !== c.local_day) {
      // ISO days compare as text; "today" is the organisation's, by the app's clock.
      if (v.ordered_at > String(c.today)) throw fieldError('ordered_at', m.futureDate);
      // A new day, the same time of day in the organisation's zone.
      sets.push(sql`ordered_at = (${v.ordered_at}::date + (ordered_at at time zone ${orgTimeZoneSql})::time) at time zone ${orgTimeZoneSql}`);
      changes.push('ordered_at');
    }
    if (v.comments !== undefined && (c.comments ?? null) !== v.comments) {
      sets.push(sql`comments = ${v.comments}`);
      changes.push('comments');
    }
    const previousSupporter = c.supporter_id === null ? null : Number(c.supporter_id);
    if (v.supporter_id !== undefined && v.supporter_id !== previousSupporter) {
      await checkSupporter(tx, v.supporter_id);
      sets.push(sql`supporter_id = ${v.supporter_id}`);
      changes.push('supporter_id');
    }
    const attribution = await resolveAttribution(tx, v);
    if (attribution) {
      const before = attributionOf(c);
      for (const key of ['campaign_id', 'appeal_id'] as const) {
        if (before[key] === attribution[key]) continue;
        sets.push(sql`${sql.identifier(key)} = ${attribution[key]}`);
        changes.push(key);
      }
    }
    changes.push(...(await editLines(tx, id, String(c.currency_code), v.lines ?? [])));
    if (changes.length === 0) return { message: m.unchanged(number), changes, receipt_number: null };

    if (sets.length) await tx.execute(sql`update contributions set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
    else await tx.execute(sql`update contributions set updated_at = now() where id = ${id}`);
    const moved = changes.includes('supporter_id');
    if (moved) await forgetListingCounts(tx);
    await refreshSupporterGiving(tx, sql`select supporter_id from contributions where id = ${id} union select ${previousSupporter}::int`);
    const receipt = moved || changes.includes('ordered_at') ? await followReceipt(tx, id, actor.userId, { moved, dated: changes.includes('ordered_at') }) : null;
    const supporterId = moved ? (v.supporter_id ?? null) : previousSupporter;
    await recordContributionEvents(tx, [{ id, supporter_id: supporterId }], { changes });
    return { message: [m.updated(number), receipt?.message ?? ''].filter(Boolean).join(' '), changes, receipt_number: receipt?.number ?? null };
  });
}

/** A gift can only go to a supporter who exists (a deleted one is gone), is not archived and is not spam. */
async function checkSupporter(tx: Tx, supporterId: number): Promise<void> {
  const [s] = await queryRows(tx, sql`
    select id, archived_at, is_spam, erased_at,
           coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id) as name
      from supporters where id = ${supporterId} for share`);
  if (!s) throw fieldError('supporter_id', m.supporterMissing);
  if (s.erased_at) throw fieldError('supporter_id', supporterPrivacyMessages.noGifts(String(s.name)));
  if (s.is_spam) throw fieldError('supporter_id', m.supporterSpam(String(s.name)));
  if (s.archived_at) throw fieldError('supporter_id', m.supporterArchived(String(s.name)));
}

type LineEdit = NonNullable<ContributionEditValues['lines']>[number];

/**
 * Each donation line's fund and tribute. The tribute's own row (the Tributes list) and the
 * line's copy of it change together; a line's changes are in its audited history.
 */
async function editLines(tx: Tx, contributionId: number, currency: string, lines: LineEdit[]): Promise<string[]> {
  const changes = new Set<string>();
  for (const [index, line] of lines.entries()) {
    const [item] = await queryRows(tx, sql`
      select i.id, i.is_donation, i.gl_code, i.total, i.is_tribute, i.tribute_type_id, i.tribute_name, i.tribute_message,
             (select t.id from tributes t where t.contribution_item_id = i.id) as tribute_id
        from contribution_items i where i.id = ${line.id} and i.contribution_id = ${contributionId} for update`);
    if (!item) throw fieldError(`lines.${index}.id`, m.lineMissing);
    if (!item.is_donation && (line.gl_code !== undefined || line.tribute !== undefined)) throw fieldError(`lines.${index}.id`, m.notDonation);
    if (line.gl_code !== undefined && line.gl_code !== item.gl_code) {
      if (!(await isKnownFund(tx, line.gl_code))) throw fieldError(`lines.${index}.gl_code`, m.fundUnknown(line.gl_code));
      await tx.execute(sql`update contribution_items set gl_code = ${line.gl_code}, updated_at = now() where id = ${line.id}`);
      // The receipt line names the gift's funds: kept in step (it is not printed as the donor's).
      await tx.execute(sql`update tax_receipt_lines set gl_code = (select string_agg(distinct i.gl_code, ',') from contribution_items i where i.contribution_id = ${contributionId})
                            where contribution_id = ${contributionId} and live`);
      changes.add('gl_code');
    }
    if (line.tribute !== undefined && (await editTribute(tx, item, line.tribute, currency, index))) changes.add('tribute');
  }
  return [...changes];
}

async function editTribute(tx: Tx, item: Row, tribute: LineEdit['tribute'], currency: string, index: number): Promise<boolean> {
  const itemId = Number(item.id);
  if (tribute === null || tribute === undefined) {
    if (!item.is_tribute) return false;
    await tx.execute(sql`update contribution_items set is_tribute = false, tribute_type_id = null, tribute_name = null, tribute_message = null, updated_at = now() where id = ${itemId}`);
    await tx.execute(sql`update tributes set deleted_at = now(), updated_at = now() where contribution_item_id = ${itemId} and deleted_at is null`);
    return true;
  }
  const same = item.is_tribute && (item.tribute_type_id ?? null) === tribute.tribute_type_id && item.tribute_name === tribute.name && (item.tribute_message ?? null) === tribute.message;
  if (same) return false;
  if (tribute.tribute_type_id !== null) {
    const [type] = await queryRows(tx, sql`select 1 from tribute_types where id = ${tribute.tribute_type_id} and deleted_at is null`);
    if (!type) throw fieldError(`lines.${index}.tribute.tribute_type_id`, m.tributeTypeMissing);
  }
  await tx.execute(sql`update contribution_items set is_tribute = true, tribute_type_id = ${tribute.tribute_type_id}, tribute_name = ${tribute.name},
                         tribute_message = ${tribute.message}, updated_at = now() where id = ${itemId}`);
  if (item.tribute_id) {
    await tx.execute(sql`update tributes set tribute_type_id = ${tribute.tribute_type_id}, name = ${tribute.name}, message = ${tribute.message},
                           deleted_at = null, updated_at = now() where id = ${Number(item.tribute_id)}`);
  } else {
    await tx.execute(sql`insert into tributes (contribution_item_id, tribute_type_id, name, amount, currency_code, message)
                         values (${itemId}, ${tribute.tribute_type_id}, ${tribute.name}, ${Number(item.total)}, ${currency}, ${tribute.message})`);
  }
  return true;
}
