import type { DuplicateReason } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import { withActor } from '../../db/actor.ts';
import type { Database, Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { defineJob } from '../jobs/jobs.queue.ts';

/**
 * Finding candidate pairs without pg_trgm (PGlite has no extensions): exact joins on normalised
 * keys ("blocking") in SQL, then a finer look at each proposed pair's name and address here.
 * Keys: e-mail lower-cased and trimmed; phone as its last 10 digits (7 digits at least); name as
 * the letters of the last name (or of the display name for organisations), together with the
 * first letter of the first name.
 */
// An erased supporter is no one's duplicate: nothing is left to compare, and no search may find them.
const live = (alias: string) => sql.raw(`${alias}.erased_at is null and not exists (select 1 from supporter_merges m where m.loser_id = ${alias}.id and m.undone_at is null)`);
const phoneKey = (alias: string) => sql.raw(`right(regexp_replace(coalesce(${alias}.bill_phone, ''), '[^0-9]', '', 'g'), 10)`);
const nameKey = (alias: string) =>
  sql.raw(`regexp_replace(lower(coalesce(nullif(${alias}.last_name, ''), ${alias}.display_name, '')), '[^a-z]', '', 'g') || '|' || left(lower(coalesce(${alias}.first_name, '')), 1)`);

type Pair = { a: number; b: number };

async function pairs(q: Queryable, on: ReturnType<typeof sql>, keyNotEmpty: ReturnType<typeof sql>): Promise<Pair[]> {
  const rows = await queryRows(q, sql`select a.id as a, b.id as b from supporters a join supporters b on a.id < b.id and ${on} where ${keyNotEmpty} and ${live('a')} and ${live('b')}`);
  return rows.map((r) => ({ a: Number(r.a), b: Number(r.b) }));
}

/** Edit distance, for "similar" first names and addresses. */
export function distance(x: string, y: string): number {
  const row = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    let prev = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= y.length; j++) {
      const keep = row[j] as number;
      row[j] = Math.min((row[j] as number) + 1, (row[j - 1] as number) + 1, prev + (x[i - 1] === y[j - 1] ? 0 : 1));
      prev = keep;
    }
  }
  return row[y.length] as number;
}

const squash = (v: unknown) => String(v ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

const STREET_WORDS: [RegExp, string][] = [
  [/\b(street|str)\b/g, 'st'], [/\b(avenue|av)\b/g, 'ave'], [/\broad\b/g, 'rd'], [/\bdrive\b/g, 'dr'], [/\blane\b/g, 'ln'], [/\bboulevard\b/g, 'blvd'],
];
/** An address line with the usual street words shortened the same way ("12 Oak Street" = "12 oak str."). */
export const addressKey = (v: unknown) => squash(STREET_WORDS.reduce((text, [word, short]) => text.replace(word, short), String(v ?? '').toLowerCase()));

type Person = { first: string; last: string; address: string; zip: string; city: string };

/** Similar first names: equal, one a prefix of the other (Rob / Robert), or one or two letters apart. */
export function similarName(x: Person, y: Person): boolean {
  if (x.last !== y.last || !x.last) return false;
  if (!x.first || !y.first) return x.first === y.first;
  return x.first === y.first || x.first.startsWith(y.first) || y.first.startsWith(x.first) || distance(x.first, y.first) <= 2;
}

/** Similar addresses: the same street line give or take a few letters, in the same ZIP or city. */
export function similarAddress(x: Person, y: Person): boolean {
  if (!x.address || !y.address) return false;
  const place = (x.zip && x.zip === y.zip) || (x.city && x.city === y.city);
  return Boolean(place) && distance(x.address, y.address) <= Math.max(2, Math.floor(x.address.length / 8));
}

const WEIGHTS: Record<DuplicateReason, number> = { email: 45, phone: 30, name: 15, address: 20 };

/** The score: the reasons' weights, a little more when the names match exactly, at most 100. */
export function scoreOf(reasons: DuplicateReason[], exactName: boolean): number {
  return Math.min(100, reasons.reduce((sum, r) => sum + WEIGHTS[r], 0) + (exactName ? 5 : 0));
}

/** Finds every candidate pair and stores them; `progress` gets 0–100. Returns how many were found. */
export async function scanForDuplicates(database: Database, progress: (p: number) => Promise<void>): Promise<number> {
  const db = database.db;
  const [start] = await queryRows(db, sql`select now() as at`);
  const byEmail = await pairs(db, sql`lower(trim(a.email)) = lower(trim(b.email))`, sql`coalesce(trim(a.email), '') <> ''`);
  await progress(30);
  const byPhone = await pairs(db, sql`${phoneKey('a')} = ${phoneKey('b')}`, sql`length(${phoneKey('a')}) >= 7`);
  await progress(55);
  const byName = await pairs(db, sql`${nameKey('a')} = ${nameKey('b')}`, sql`length(${nameKey('a')}) > 2`);
  await progress(75);

  const found = new Map<string, { pair: Pair; reasons: Set<DuplicateReason> }>();
  const add = (list: Pair[], reason: DuplicateReason | null) => {
    for (const pair of list) {
      const key = `${pair.a}-${pair.b}`;
      const entry = found.get(key) ?? { pair, reasons: new Set<DuplicateReason>() };
      if (reason) entry.reasons.add(reason);
      found.set(key, entry);
    }
  };
  add(byEmail, 'email');
  add(byPhone, 'phone');
  add(byName, null);

  const ids = [...new Set([...found.values()].flatMap(({ pair }) => [pair.a, pair.b]))];
  const people = new Map<number, Person>();
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await queryRows(db, sql`select id, first_name, last_name, display_name, bill_address_01, bill_zip, bill_city from supporters where id in (${sql.join(chunk.map((id) => sql`${id}`), sql`, `)})`);
    for (const r of rows) {
      people.set(Number(r.id), { first: squash(r.first_name), last: squash(r.last_name || r.display_name), address: addressKey(r.bill_address_01), zip: squash(r.bill_zip), city: squash(r.bill_city) });
    }
  }
  const results: { a: number; b: number; score: number; reasons: DuplicateReason[] }[] = [];
  for (const { pair, reasons } of found.values()) {
    const x = people.get(pair.a);
    const y = people.get(pair.b);
    if (!x || !y) continue;
    if (similarName(x, y)) reasons.add('name');
    if (similarAddress(x, y)) reasons.add('address');
    // A shared name alone is common; with a shared address it is a lead.
    if (!reasons.has('email') && !reasons.has('phone') && !(reasons.has('name') && reasons.has('address'))) continue;
    const ordered = (['email', 'phone', 'name', 'address'] as const).filter((r) => reasons.has(r));
    results.push({ a: pair.a, b: pair.b, score: scoreOf(ordered, x.first === y.first && x.last === y.last && !!x.first), reasons: ordered });
  }
  await progress(85);

  await withActor(db, { userId: null, ip: null }, async (tx) => {
    for (let i = 0; i < results.length; i += 500) {
      const values = results.slice(i, i + 500).map((r) => sql`(${r.a}, ${r.b}, ${r.score}, ${JSON.stringify(r.reasons)}::jsonb)`);
      await tx.execute(sql`insert into duplicate_candidates (supporter_a_id, supporter_b_id, score, reasons) values ${sql.join(values, sql`, `)}
        on conflict (supporter_a_id, supporter_b_id) do update set score = excluded.score, reasons = excluded.reasons, updated_at = now()`);
    }
    // Pairs no longer found (fixed by hand since) go; dismissed ones stay dismissed.
    await tx.execute(sql`delete from duplicate_candidates where dismissed_at is null and updated_at < ${start?.at as string}::timestamptz`);
  });
  await progress(100);
  return results.length;
}

/** The background scan: its row in duplicate_scans carries status and progress for the screen. */
export const duplicateScanJob = defineJob<{ scanId: number }>({
  name: 'duplicate_scan',
  retryLimit: 1,
  expireInSeconds: 15 * 60,
  handler: async (job) => {
    const { scanId } = job.data;
    const db = job.database.db;
    await db.execute(sql`update duplicate_scans set status = 'running', progress = 0 where id = ${scanId}`);
    try {
      const found = await scanForDuplicates(job.database, async (p) => {
        await db.execute(sql`update duplicate_scans set progress = ${p} where id = ${scanId}`);
        await job.progress(p);
      });
      await db.execute(sql`update duplicate_scans set status = 'completed', progress = 100, found = ${found}, finished_at = now() where id = ${scanId}`);
    } catch (error) {
      await db.execute(sql`update duplicate_scans set status = 'failed', finished_at = now() where id = ${scanId}`);
      throw error;
    }
  },
});
