import {
  DUPLICATES_PAGE_SIZE, type DuplicateCandidate, type DuplicateList, type DuplicateReason, type DuplicateScan, type Merge,
  MERGE_FIELDS, duplicateMessages,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import { withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { enqueue } from '../jobs/jobs.queue.ts';
import { duplicateScanJob } from './duplicates.scan.ts';
import type { MergeSnapshot } from './duplicates.tables.ts';

const iso = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string).toISOString());

function toScan(r: Record<string, unknown>): DuplicateScan {
  return {
    id: Number(r.id), status: r.status as DuplicateScan['status'], progress: Number(r.progress), found: Number(r.found),
    created_at: iso(r.created_at) as string, finished_at: iso(r.finished_at),
  };
}

async function supporterSummaries(q: Queryable, ids: number[]): Promise<Map<number, DuplicateCandidate['a']>> {
  const out = new Map<number, DuplicateCandidate['a']>();
  if (!ids.length) return out;
  const cols = sql.join(MERGE_FIELDS.map((f) => sql.raw(`s."${f}"`)), sql`, `);
  const rows = await queryRows(
    q,
    sql`select s.id, coalesce(nullif(s.display_name, ''), person_name(s.first_name, s.last_name), s.email, 'Unnamed supporter') as name, ${cols},
               (select count(*)::int from contributions c where c.supporter_id = s.id and c.deleted_at is null) as contributions
          from supporters s where s.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`,
  );
  for (const r of rows) {
    const fields = Object.fromEntries(MERGE_FIELDS.map((f) => [f, r[f] === null || r[f] === undefined ? null : String(r[f])])) as DuplicateCandidate['a']['fields'];
    const address = [r.bill_address_01, r.bill_city, r.bill_state, r.bill_zip].filter((v) => v && String(v).trim()).join(', ');
    out.set(Number(r.id), {
      id: Number(r.id), display_name: String(r.name), email: (r.email as string | null) ?? null, phone: (r.bill_phone as string | null) ?? null,
      address: address || null, contributions: Number(r.contributions), fields,
    });
  }
  return out;
}

async function candidates(q: Queryable, where: SQL, page: number, pageSize: number): Promise<{ data: DuplicateCandidate[]; total: number }> {
  const [count] = await queryRows(q, sql`select count(*)::int as n from duplicate_candidates d where d.dismissed_at is null and ${where}`);
  const rows = await queryRows(
    q,
    sql`select d.id, d.score, d.reasons, d.supporter_a_id, d.supporter_b_id from duplicate_candidates d
         where d.dismissed_at is null and ${where} order by d.score desc, d.id limit ${pageSize} offset ${(page - 1) * pageSize}`,
  );
  const people = await supporterSummaries(q, rows.flatMap((r) => [Number(r.supporter_a_id), Number(r.supporter_b_id)]));
  const data = rows.flatMap((r) => {
    const a = people.get(Number(r.supporter_a_id));
    const b = people.get(Number(r.supporter_b_id));
    return a && b ? [{ id: Number(r.id), score: Number(r.score), reasons: r.reasons as DuplicateReason[], a, b }] : [];
  });
  return { data, total: Number(count?.n ?? 0) };
}

export async function listCandidates(q: Queryable, page: number, supporterId: number | undefined, canMerge: boolean): Promise<DuplicateList> {
  const where = supporterId ? sql`(d.supporter_a_id = ${supporterId} or d.supporter_b_id = ${supporterId})` : sql`true`;
  const { data, total } = await candidates(q, where, page, DUPLICATES_PAGE_SIZE);
  const [scan] = await queryRows(q, sql`select * from duplicate_scans order by id desc limit 1`);
  return { data, total, page, page_size: DUPLICATES_PAGE_SIZE, scan: scan ? toScan(scan) : null, can_merge: canMerge };
}

export async function getCandidate(q: Queryable, id: number): Promise<DuplicateCandidate> {
  const { data } = await candidates(q, sql`d.id = ${id}`, 1, 1);
  if (!data[0]) throw new AppError('not_found', duplicateMessages.notFound);
  return data[0];
}

/** Starts a scan unless one is waiting or running (a lost one counts as finished after 15 minutes). */
export async function startScan(db: Db, actor: Actor): Promise<{ scan: DuplicateScan; started: boolean }> {
  return withActor(db, actor, async (tx) => {
    // One starter at a time: the second waits here, then sees the first one's scan.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('duplicate_scan'))`);
    const [running] = await queryRows(tx, sql`select * from duplicate_scans where status in ('queued', 'running') and created_at > now() - interval '15 minutes' order by id desc limit 1`);
    if (running) return { scan: toScan(running), started: false };
    const [row] = await queryRows(tx, sql`insert into duplicate_scans (created_by) values (${actor.userId}) returning *`);
    const scan = toScan(row as Record<string, unknown>);
    await enqueue(tx, duplicateScanJob, { scanId: scan.id });
    return { scan, started: true };
  });
}

export async function getScan(q: Queryable, id: number): Promise<DuplicateScan> {
  const [row] = await queryRows(q, sql`select * from duplicate_scans where id = ${id}`);
  if (!row) throw new AppError('not_found', 'This scan no longer exists.');
  return toScan(row);
}

export async function dismissCandidate(db: Db, actor: Actor, id: number): Promise<void> {
  await withActor(db, actor, async (tx) => {
    const rows = await queryRows(tx, sql`update duplicate_candidates set dismissed_at = now(), dismissed_by = ${actor.userId} where id = ${id} and dismissed_at is null returning id`);
    if (!rows.length) throw new AppError('not_found', duplicateMessages.notFound);
  });
}

/** A merge as its result screen shows it: who survived, what moved, and the moved contributions. */
export async function getMerge(q: Queryable, id: number, canMerge: boolean): Promise<Merge> {
  const [m] = await queryRows(q, sql`select id, winner_id, loser_id, snapshot->'moved' as moved, merged_at, undone_at,
      (select count(*) from supporter_merges l where l.id > m.id and l.undone_at is null and (l.winner_id in (m.winner_id, m.loser_id) or l.loser_id in (m.winner_id, m.loser_id)))::int as later
    from supporter_merges m where id = ${id}`);
  if (!m) throw new AppError('not_found', 'This merge no longer exists.');
  const moved = m.moved as MergeSnapshot['moved'];
  const names = await queryRows(q, sql`select id, coalesce(nullif(display_name, ''), person_name(first_name, last_name), email, 'Unnamed supporter') as name from supporters where id in (${Number(m.winner_id)}, ${Number(m.loser_id)})`);
  const nameOf = (sid: number) => String(names.find((r) => Number(r.id) === sid)?.name ?? '');
  const contributionIds = moved['contributions.supporter_id'] ?? [];
  const contributions = contributionIds.length
    ? await queryRows(q, sql`select id, total_amount, currency_code, ordered_at from contributions where id in (${sql.join(contributionIds.map((c) => sql`${c}`), sql`, `)}) order by ordered_at desc, id`)
    : [];
  return {
    id: Number(m.id),
    winner: { id: Number(m.winner_id), display_name: nameOf(Number(m.winner_id)) },
    loser: { id: Number(m.loser_id), display_name: nameOf(Number(m.loser_id)) },
    moved: Object.entries(moved).map(([reference, v]) => ({ reference, count: v.length })),
    contributions: contributions.map((c) => ({ id: Number(c.id), amount: Number(c.total_amount), currency_code: String(c.currency_code), ordered_at: iso(c.ordered_at) })),
    merged_at: iso(m.merged_at) as string,
    undone_at: iso(m.undone_at),
    can_undo: canMerge && !m.undone_at && Number(m.later) === 0,
  };
}
