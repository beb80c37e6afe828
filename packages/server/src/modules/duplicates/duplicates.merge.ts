import { duplicateMessages, type MergeField, type MergeInput, supporterPrivacyMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import { withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordTagChanges, tagNamesOf } from '../tags/tags.history.ts';

/**
 * Every foreign key to `supporters.id` whose rows follow the supporter on a merge. A new
 * referencing column must be added here (or to OTHER_REFERENCES): duplicates.test.ts compares
 * this list with the database's foreign keys and fails otherwise.
 */
export const MOVED_REFERENCES = [
  { table: 'contributions', column: 'supporter_id' },
  { table: 'contributions', column: 'referred_by_supporter_id' },
  { table: 'recurring_payment_profiles', column: 'supporter_id' },
  { table: 'sponsors', column: 'supporter_id' },
  { table: 'tax_receipts', column: 'supporter_id' },
  { table: 'payment_methods', column: 'supporter_id' },
  { table: 'payments', column: 'supporter_id' },
  { table: 'supporter_memberships', column: 'supporter_id' },
  { table: 'fundraising_pages', column: 'author_supporter_id' },
  { table: 'messenger_conversations', column: 'supporter_id' },
  { table: 'supporters', column: 'referred_by_supporter_id' },
  // What the person was sent, their consent history and their follow-ups are the person's.
  { table: 'mail_outbox', column: 'supporter_id' },
  { table: 'supporter_consent_changes', column: 'supporter_id' },
  { table: 'tasks', column: 'supporter_id' },
  // A gift keyed in a batch for the person posts to the survivor.
  { table: 'gift_batch_gifts', column: 'supporter_id' },
] as const;

/** Foreign keys that are not moved: stale candidates are removed (and put back on undo); the merge record is the merge. */
export const OTHER_REFERENCES = [
  { table: 'duplicate_candidates', column: 'supporter_a_id' },
  { table: 'duplicate_candidates', column: 'supporter_b_id' },
  { table: 'supporter_merges', column: 'winner_id' },
  { table: 'supporter_merges', column: 'loser_id' },
  // Keyed by (supporter, tag), no id to move and restore by: the loser's tags are added to the
  // winner (copyTags) and taken off again on undo; the loser keeps its own.
  { table: 'supporter_tags', column: 'supporter_id' },
  // The same for the appeals the loser was asked in (issue 37): the winner is asked in them too.
  { table: 'appeal_supporters', column: 'supporter_id' },
  // A supporter's customer at a payment gateway (Stripe), one per gateway: not moved. The saved
  // methods that move to the winner each name the customer they are attached to at the gateway,
  // so they charge as before; the winner keeps its own customer for what it saves next.
  { table: 'payment_gateway_customers', column: 'supporter_id' },
] as const;

/**
 * Polymorphic references (no foreign key): notes on a supporter move too. Timeline posts hang
 * off sponsorships only (TIMELINE_PARENT_TYPES), so they follow the moved sponsors already.
 */
const NOTES = { table: 'notes', column: 'commentable_id', extra: sql`commentable_type = 'supporter'` };

/** The tables whose rows touching either supporter are snapshotted before and after a merge. */
export const SNAPSHOT_TABLES = ['supporters', ...new Set(MOVED_REFERENCES.map((r) => r.table).filter((t) => t !== 'supporters' && t !== 'mail_outbox')), 'notes', 'duplicate_candidates'];
// The outbox is left out of the snapshot: its rows change on their own (queued → sent), which
// must not stop an undo; the undo moves the messages the merge moved back by their ids.

const ident = (name: string) => sql.raw(`"${name}"`);

/** The rows of `table` that belong to (or point at) supporter ids `ids`. */
function touching(table: string, ids: number[]): SQL {
  const list = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const cols: string[] = [...MOVED_REFERENCES, ...OTHER_REFERENCES].filter((r) => r.table === table).map((r) => r.column);
  if (table === 'supporters') cols.push('id');
  const parts = cols.map((c) => sql`t.${ident(c)} in (${list})`);
  if (table === 'notes') parts.push(sql`(t.commentable_type = 'supporter' and t.commentable_id in (${list}))`);
  return sql.join(parts, sql` or `);
}

async function snapshot(q: Queryable, ids: number[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of SNAPSHOT_TABLES) {
    const [row] = await queryRows(q, sql`select coalesce(jsonb_agg(to_jsonb(t.*) order by t.id), '[]'::jsonb) as rows from ${ident(table)} t where ${touching(table, ids)}`);
    out[table] = (row?.rows as unknown[]) ?? [];
  }
  return out;
}

const MERGE_COLUMNS: Record<MergeField, string> = {
  title: 'title', first_name: 'first_name', last_name: 'last_name', email: 'email', bill_organization_name: 'bill_organization_name',
  bill_phone: 'bill_phone', bill_address_01: 'bill_address_01', bill_address_02: 'bill_address_02', bill_city: 'bill_city',
  bill_state: 'bill_state', bill_zip: 'bill_zip', bill_country: 'bill_country', donor_id: 'donor_id', referral_source: 'referral_source',
  membership_number: 'membership_number',
};

/** Merges candidate `candidateId`: one transaction, returns the merge record's id. */
export async function mergeCandidate(db: Db, actor: Actor, candidateId: number, input: Required<Pick<MergeInput, 'winner'>> & { fields: Partial<Record<MergeField, 'a' | 'b'>> }): Promise<number> {
  return withActor(db, actor, async (tx) => {
    const [candidate] = await queryRows(tx, sql`select id, supporter_a_id, supporter_b_id from duplicate_candidates where id = ${candidateId} and dismissed_at is null for update`);
    if (!candidate) throw new AppError('not_found', duplicateMessages.notFound);
    const side = { a: Number(candidate.supporter_a_id), b: Number(candidate.supporter_b_id) };
    const winner = side[input.winner];
    const loser = input.winner === 'a' ? side.b : side.a;
    // Lock both rows first, in id order, so two merges of overlapping pairs cannot deadlock.
    const locked = await queryRows(tx, sql`select id, erased_at from supporters where id in (${side.a}, ${side.b}) order by id for update`);
    // An erased person's record is kept only for the books: nothing may be moved onto or off it.
    if (locked.some((r) => r.erased_at)) throw new AppError('conflict', supporterPrivacyMessages.noMerge);
    const [merged] = await queryRows(tx, sql`select 1 from supporter_merges where undone_at is null and loser_id in (${winner}, ${loser}) limit 1`);
    if (merged) throw new AppError('conflict', duplicateMessages.alreadyMerged);
    const [clash] = await queryRows(
      tx,
      sql`select 1 from sponsors l join sponsors w on w.sponsorship_id = l.sponsorship_id
           where l.supporter_id = ${loser} and w.supporter_id = ${winner}
             and l.deleted_at is null and l.ended_at is null and w.deleted_at is null and w.ended_at is null limit 1`,
    );
    if (clash) throw new AppError('conflict', duplicateMessages.sameSponsorship);

    const before = await snapshot(tx, [winner, loser]);

    // The surviving values: each chosen field from its side, then the figures that follow the records.
    const taken = Object.entries(input.fields).filter(([, s]) => side[s as 'a' | 'b'] === loser).map(([f]) => MERGE_COLUMNS[f as MergeField]);
    const sets = taken.map((c) => sql`${ident(c)} = l.${ident(c)}`);
    // A membership number is unique: one taken from the loser leaves it first (the snapshot keeps it for an undo).
    if (taken.includes('membership_number')) {
      const [number] = await queryRows(tx, sql`select membership_number from supporters where id = ${loser}`);
      await tx.execute(sql`update supporters set membership_number = null where id = ${loser}`);
      sets[taken.indexOf('membership_number')] = sql`membership_number = ${(number?.membership_number as string | null) ?? null}`;
    }
    const renamed = taken.some((c) => ['first_name', 'last_name', 'bill_organization_name'].includes(c));
    await tx.execute(sql`
      update supporters w set
        ${sets.length ? sql`${sql.join(sets, sql`, `)},` : sql``}
        lifetime_donation_amount = w.lifetime_donation_amount + l.lifetime_donation_amount,
        lifetime_donation_count = w.lifetime_donation_count + l.lifetime_donation_count,
        lifetime_purchase_amount = w.lifetime_purchase_amount + l.lifetime_purchase_amount,
        lifetime_purchase_count = w.lifetime_purchase_count + l.lifetime_purchase_count,
        lifetime_fundraising_amount = w.lifetime_fundraising_amount + l.lifetime_fundraising_amount,
        lifetime_fundraising_count = w.lifetime_fundraising_count + l.lifetime_fundraising_count,
        first_payment_at = least(w.first_payment_at, l.first_payment_at),
        last_payment_at = greatest(w.last_payment_at, l.last_payment_at),
        -- One person: a "do not contact" or a death recorded on either record holds for both.
        do_not_contact = w.do_not_contact or l.do_not_contact,
        deceased_on = coalesce(w.deceased_on, l.deceased_on)
      from supporters l where w.id = ${winner} and l.id = ${loser}`);
    if (renamed) {
      await tx.execute(sql`
        update supporters s set display_name = coalesce(
          case when exists (select 1 from account_types t where t.id = s.account_type_id and t.is_organization) then nullif(s.bill_organization_name, '') end,
          person_name(s.first_name, s.last_name), s.display_name)
        where s.id = ${winner}`);
    }

    const moved: Record<string, number[]> = {};
    for (const ref of [...MOVED_REFERENCES, NOTES]) {
      const extra = 'extra' in ref ? sql` and ${ref.extra}` : ref.table === 'supporters' ? sql` and id not in (${winner}, ${loser})` : sql``;
      const rows = await queryRows(tx, sql`update ${ident(ref.table)} set ${ident(ref.column)} = ${winner} where ${ident(ref.column)} = ${loser}${extra} returning id`);
      moved[`${ref.table}.${ref.column}`] = rows.map((r) => Number(r.id)).sort((x, y) => x - y);
    }
    moved['supporter_tags.tag_id'] = await copyTags(tx, winner, loser);
    moved['appeal_supporters.appeal_id'] = (await queryRows(tx, sql`insert into appeal_supporters (appeal_id, supporter_id)
      select appeal_id, ${winner} from appeal_supporters where supporter_id = ${loser} on conflict do nothing returning appeal_id`))
      .map((r) => Number(r.appeal_id)).sort((x, y) => x - y);
    await tx.execute(sql`delete from duplicate_candidates where supporter_a_id = ${loser} or supporter_b_id = ${loser}`);
    await tx.execute(sql`
      update supporters set is_active = false, archived_at = coalesce(archived_at, now()),
        lifetime_donation_amount = 0, lifetime_donation_count = 0, lifetime_purchase_amount = 0, lifetime_purchase_count = 0,
        lifetime_fundraising_amount = 0, lifetime_fundraising_count = 0
      where id = ${loser}`);

    const after = await snapshot(tx, [winner, loser]);
    const [record] = await queryRows(
      tx,
      sql`insert into supporter_merges (winner_id, loser_id, snapshot, merged_by) values (${winner}, ${loser}, ${JSON.stringify({ before, after, moved })}::jsonb, ${actor.userId}) returning id`,
    );
    return Number(record?.id);
  });
}

/** Adds the loser's tags to the winner (with the winner's history entry); answers the tag ids added. */
async function copyTags(tx: Tx, winner: number, loser: number): Promise<number[]> {
  const before = await tagNamesOf(tx, [winner]);
  const rows = await queryRows(tx, sql`insert into supporter_tags (supporter_id, tag_id)
    select ${winner}, tag_id from supporter_tags where supporter_id = ${loser} on conflict do nothing returning tag_id`);
  if (rows.length) await recordTagChanges(tx, before);
  return rows.map((r) => Number(r.tag_id)).sort((x, y) => x - y);
}

/** Columns a restore writes: every stored column of the table (generated ones are derived). */
async function columnsOf(q: Queryable, table: string): Promise<string[]> {
  const rows = await queryRows(q, sql`select column_name from information_schema.columns where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER' order by ordinal_position`);
  return rows.map((r) => String(r.column_name));
}

/**
 * Puts every snapshotted row back as it was before the merge. Refused when any row touching
 * either supporter differs from the state the merge left (edited, added or removed since): an
 * exact restore would then throw away that later change, so staff must undo it first.
 */
export async function undoMerge(db: Db, actor: Actor, mergeId: number): Promise<void> {
  await withActor(db, actor, async (tx) => {
    const [merge] = await queryRows(tx, sql`select id, winner_id, loser_id, undone_at from supporter_merges where id = ${mergeId} for update`);
    if (!merge) throw new AppError('not_found', 'This merge no longer exists.');
    if (merge.undone_at) throw new AppError('conflict', duplicateMessages.alreadyUndone);
    const ids = [Number(merge.winner_id), Number(merge.loser_id)];
    await queryRows(tx, sql`select id from supporters where id in (${ids[0]}, ${ids[1]}) order by id for update`);
    for (const table of SNAPSHOT_TABLES) {
      const [same] = await queryRows(
        tx,
        sql`select (select snapshot->'after'->${table} from supporter_merges where id = ${mergeId})
                   = (select coalesce(jsonb_agg(to_jsonb(t.*) order by t.id), '[]'::jsonb) from ${ident(table)} t where ${touching(table, ids)}) as same`,
      );
      if (!same?.same) throw new AppError('conflict', duplicateMessages.changedSince);
    }
    // A membership number is unique and the rows are restored one by one: a number that moves back
    // leaves the row holding it now first, so no row meets it still on the other.
    await tx.execute(sql`update supporters t set membership_number = null
      from jsonb_array_elements((select snapshot->'before'->'supporters' from supporter_merges where id = ${mergeId})) r
      where t.id = (r.value->>'id')::int and t.membership_number is not null and t.membership_number is distinct from r.value->>'membership_number'`);
    // Supporters first: their names feed the contributions' kept supporter_name, restored after.
    for (const table of SNAPSHOT_TABLES) {
      const cols = await columnsOf(tx, table);
      const list = sql.join(cols.map((c) => ident(c)), sql`, `);
      const rows = sql`jsonb_array_elements((select snapshot->'before'->${table} from supporter_merges where id = ${mergeId}))`;
      // Only rows that differ: writing an unchanged row would let the updated_at trigger stamp it.
      await tx.execute(sql`
        update ${ident(table)} t set (${list}) = (select ${sql.join(cols.map((c) => sql`p.${ident(c)}`), sql`, `)} from jsonb_populate_record(null::${ident(table)}, r.value) p)
          from ${rows} r where t.id = (r.value->>'id')::int and to_jsonb(t.*) <> r.value`);
      await tx.execute(sql`
        insert into ${ident(table)} (${list})
        select ${sql.join(cols.map((c) => sql`p.${ident(c)}`), sql`, `)} from ${rows} r, jsonb_populate_record(null::${ident(table)}, r.value) p
         where not exists (select 1 from ${ident(table)} x where x.id = (r.value->>'id')::int)`);
    }
    await tx.execute(sql`update mail_outbox set supporter_id = ${ids[1]} where supporter_id = ${ids[0]}
      and id in (select jsonb_array_elements_text(coalesce(snapshot->'moved'->'mail_outbox.supporter_id', '[]'::jsonb))::bigint from supporter_merges where id = ${mergeId})`);
    // The tags the merge added to the winner come off again.
    const before = await tagNamesOf(tx, [ids[0]!]);
    await tx.execute(sql`delete from supporter_tags where supporter_id = ${ids[0]}
      and tag_id in (select jsonb_array_elements_text(coalesce(snapshot->'moved'->'supporter_tags.tag_id', '[]'::jsonb))::int from supporter_merges where id = ${mergeId})`);
    await recordTagChanges(tx, before);
    await tx.execute(sql`delete from appeal_supporters where supporter_id = ${ids[0]}
      and appeal_id in (select jsonb_array_elements_text(coalesce(snapshot->'moved'->'appeal_supporters.appeal_id', '[]'::jsonb))::int from supporter_merges where id = ${mergeId})`);
    await tx.execute(sql`update supporter_merges set undone_at = now(), undone_by = ${actor.userId} where id = ${mergeId}`);
  });
}
