import {
  CARD_CHECKS, COMMENTABLE_TYPES, CONTRIBUTION_SOURCE_VALUES, DCC_TYPES, IMPORT_KINDS, MEDIABLE_TYPES, REFUND_REASONS,
  TIMELINE_PARENT_TYPES, TIMELINE_TAGS, WEBHOOK_CONTENT_TYPES,
} from '@almoner/contracts';
import { sql, type SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../listing/engine.ts';
import { scaleFor } from '../seed/scale.ts';
import { createSeededTestApp, type TestApp } from '../test/test-app.ts';

/** Records that cannot vanish, values the code does not know, and a trail without noise (issue 7 items 8 and 9). */
let t: TestApp;

beforeAll(async () => {
  t = await createSeededTestApp(scaleFor(200, 60));
  await t.database.exec(`insert into imports (kind) values ('supporters'); insert into webhooks (payload_url) values ('https://example.org/hook')`);
}, 180_000);

const rowsOf = (q: SQL) => queryRows(t.database.db, q);

class Rollback extends Error {}

/** Runs the statements in a transaction that is always rolled back; answers the SQLSTATE of a failure, or 'ok'. */
async function attempt(...statements: SQL[]): Promise<string> {
  try {
    await t.database.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(statement);
      throw new Rollback();
    });
  } catch (error) {
    if (error instanceof Rollback) return 'ok';
    const e = error as { code?: string; cause?: { code?: string } };
    return e.cause?.code ?? e.code ?? 'unknown';
  }
  return 'ok';
}

/** ON DELETE RESTRICT refuses: restrict_violation on PostgreSQL 18 (PGlite), foreign_key_violation on 15. */
const RESTRICTED = ['23001', '23503'];
const CHECK_VIOLATION = '23514';
const UNIQUE_VIOLATION = '23505';

describe('money rows cannot vanish', () => {
  it("refuses to delete a paid contribution's payment, its refunds, its items, its history or the contribution", async () => {
    const [paid] = await rowsOf(sql`
      select c.id as contribution_id, p.id as payment_id
        from contributions c join payment_links l on l.contribution_id = c.id join payments p on p.id = l.payment_id
       where c.paid_at is not null and p.status = 'succeeded' and exists (select 1 from refunds r where r.payment_id = p.id)
       limit 1`);
    expect(paid).toBeDefined();
    const { contribution_id: contribution, payment_id: payment } = paid as { contribution_id: number; payment_id: number };
    expect(RESTRICTED).toContain(await attempt(sql`delete from payments where id = ${payment}`));
    expect(RESTRICTED).toContain(await attempt(sql`delete from contributions where id = ${contribution}`));
    // Even taken apart child first, the money trail holds: the link, then the refund, refuse.
    expect(RESTRICTED).toContain(await attempt(sql`delete from payment_links where payment_id = ${payment}`, sql`delete from payments where id = ${payment}`));
    const [fee] = await rowsOf(sql`select refund_id from transaction_fees where refund_id is not null limit 1`);
    if (fee) expect(RESTRICTED).toContain(await attempt(sql`delete from refunds where id = ${fee.refund_id}`));
    const [transaction] = await rowsOf(sql`select recurring_payment_profile_id as id from recurring_transactions limit 1`);
    expect(RESTRICTED).toContain(await attempt(sql`delete from recurring_payment_profiles where id = ${transaction?.id}`));
    const [tribute] = await rowsOf(sql`select contribution_item_id as id from tributes where contribution_item_id is not null limit 1`);
    if (tribute) expect(RESTRICTED).toContain(await attempt(sql`delete from contribution_items where id = ${tribute.id}`));
  });

  it('has no ON DELETE CASCADE from a parent into any money table', async () => {
    const money = ['payments', 'payment_links', 'refunds', 'refund_items', 'transaction_fees', 'contribution_items', 'contribution_status_history', 'recurring_transactions', 'tributes'];
    const cascades = await rowsOf(sql`
      select c.conname from pg_constraint c join pg_class child on child.oid = c.conrelid
       where c.contype = 'f' and c.confdeltype = 'c' and child.relname in (${sql.join(money.map((m) => sql`${m}`), sql`, `)})`);
    expect(cascades).toEqual([]);
  });
});

/** Each column whose CHECK is generated from a list in contracts. */
const LISTED: { table: string; column: string; values: readonly string[] }[] = [
  { table: 'contributions', column: 'source', values: CONTRIBUTION_SOURCE_VALUES },
  { table: 'contributions', column: 'dcc_type', values: DCC_TYPES },
  { table: 'recurring_transactions', column: 'dcc_type', values: DCC_TYPES },
  { table: 'recurring_payment_profiles', column: 'dcc_type', values: DCC_TYPES },
  { table: 'payments', column: 'card_cvc_check', values: CARD_CHECKS },
  { table: 'payments', column: 'card_address_line1_check', values: CARD_CHECKS },
  { table: 'payments', column: 'card_address_zip_check', values: CARD_CHECKS },
  { table: 'refunds', column: 'reason', values: REFUND_REASONS },
  { table: 'imports', column: 'kind', values: IMPORT_KINDS },
  { table: 'timeline_posts', column: 'tag', values: TIMELINE_TAGS },
  { table: 'timeline_posts', column: 'parent_type', values: TIMELINE_PARENT_TYPES },
  { table: 'webhooks', column: 'content_type', values: WEBHOOK_CONTENT_TYPES },
  { table: 'mediables', column: 'mediable_type', values: MEDIABLE_TYPES },
  { table: 'notes', column: 'commentable_type', values: COMMENTABLE_TYPES },
];

describe('CHECK constraints built from the lists in code', () => {
  it.each(LISTED.map((c) => [`${c.table}.${c.column}`, c] as const))('%s takes every value of its list and refuses any other', async (_name, { table, column, values }) => {
    const [{ n } = { n: 0 }] = await rowsOf(sql.raw(`select count(*)::int as n from "${table}"`));
    expect(Number(n), `${table} has a row to change`).toBeGreaterThan(0);
    const set = (value: string) => sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${value} where ctid = (select ctid from ${sql.identifier(table)} limit 1)`;
    for (const value of values) expect(await attempt(set(value)), value).toBe('ok');
    expect(await attempt(set('bogus'))).toBe(CHECK_VIOLATION);
  });

  it('refuses a SKU with spaces or special characters', async () => {
    const [variant] = await rowsOf(sql`select id from product_variants limit 1`);
    expect(await attempt(sql`update product_variants set sku = 'TSH 01' where id = ${variant?.id}`)).toBe(CHECK_VIOLATION);
    expect(await attempt(sql`update product_variants set sku = 'TSH/01' where id = ${variant?.id}`)).toBe(CHECK_VIOLATION);
    expect(await attempt(sql`update product_variants set sku = 'TSH-01-XL' where id = ${variant?.id}`)).toBe('ok');
  });

  it('keeps live SKUs and feed slugs unique, and lets a deleted row give its own up', async () => {
    const [a, b] = await rowsOf(sql`select id from product_variants order by id limit 2`);
    const sku = (id: unknown, value: string) => sql`update product_variants set sku = ${value} where id = ${id}`;
    expect(await attempt(sku(a?.id, 'DUP-1'), sku(b?.id, 'dup-1'))).toBe(UNIQUE_VIOLATION);
    expect(await attempt(sku(a?.id, 'DUP-1'), sql`update product_variants set deleted_at = now() where id = ${a?.id}`, sku(b?.id, 'DUP-1'))).toBe('ok');
    const feed = (slug: string, deleted: boolean) => sql`insert into feeds (name, url_slug, deleted_at) values ('Feed', ${slug}, ${deleted ? sql`now()` : sql`null`})`;
    expect(await attempt(feed('zz-slug', false), feed('zz-slug', false))).toBe(UNIQUE_VIOLATION);
    expect(await attempt(feed('zz-slug', true), feed('zz-slug', false))).toBe('ok');
  });
});

describe('updated_at', () => {
  it('moves on every update that does not set it itself', async () => {
    const [before] = await rowsOf(sql`select id, updated_at from supporters order by id limit 1`);
    await t.database.db.execute(sql`update supporters set first_name = first_name || '' where id = ${before?.id}`);
    const [after] = await rowsOf(sql`select updated_at from supporters where id = ${before?.id}`);
    expect(new Date(String(after?.updated_at)).getTime()).toBeGreaterThan(new Date(String(before?.updated_at)).getTime());
    await t.database.db.execute(sql`update supporters set updated_at = '2020-01-02T03:04:05Z' where id = ${before?.id}`);
    const [kept] = await rowsOf(sql`select updated_at from supporters where id = ${before?.id}`);
    expect(new Date(String(kept?.updated_at)).toISOString()).toBe('2020-01-02T03:04:05.000Z');
  });
});
