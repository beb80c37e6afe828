import {
  batchMessages as m,
  BATCHES_PER_PAGE,
  toDecimal,
  toMinor,
  type BatchCreate,
  type BatchDesignation,
  type BatchDetail,
  type BatchesPage,
  type BatchSummary,
  type BatchUpdate,
  type BatchGiftRow,
} from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

/** Reading and starting gift batches; their gifts are in batches.gifts.ts, closing in batches.close.ts. */

type Row = Record<string, unknown>;
const person = (id: unknown, name: unknown) => (id === null || id === undefined ? null : { id: Number(id), name: String(name) });
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));
const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const staffName = (alias: string) => sql.raw(`coalesce(nullif(trim(concat_ws(' ', ${alias}.first_name, ${alias}.last_name)), ''), ${alias}.email)`);

/** One query for the list and the page: the header with what has been entered so far. */
const summarySql = (where: SQL) => sql`
  select b.*, b.expected_total::bigint as expected_minor,
         (select count(*)::int from gift_batch_gifts g where g.batch_id = b.id) as entered_count,
         (select coalesce(sum(g.amount), 0)::bigint from gift_batch_gifts g where g.batch_id = b.id) as entered_minor,
         ${staffName('cu')} as created_name, ${staffName('xu')} as closed_name
    from gift_batches b
    left join users cu on cu.id = b.created_by
    left join users xu on xu.id = b.closed_by
   where ${where}`;

function toSummary(r: Row): BatchSummary {
  const currency = String(r.currency_code);
  return {
    id: Number(r.id),
    name: String(r.name),
    deposit_date: day(r.deposit_date),
    currency_code: currency,
    status: r.status === 'closed' ? 'closed' : 'open',
    expected: { count: Number(r.expected_count), total: toDecimal(String(r.expected_minor), currency) },
    entered: { count: Number(r.entered_count), total: toDecimal(String(r.entered_minor), currency) },
    closed_at: r.closed_at === null ? null : iso(r.closed_at),
    closed_by: person(r.closed_by, r.closed_name),
    created_by: person(r.created_by, r.created_name),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function listBatches(q: Queryable, query: { status: 'open' | 'closed' | 'all'; page: number }): Promise<BatchesPage> {
  const where = query.status === 'all' ? sql`true` : sql`b.status = ${query.status}`;
  const offset = (query.page - 1) * BATCHES_PER_PAGE;
  const rows = await queryRows(q, sql`${summarySql(where)} order by (b.status = 'open') desc, b.deposit_date desc, b.id desc limit ${BATCHES_PER_PAGE} offset ${offset}`);
  const [n] = await queryRows(q, sql`select count(*)::int as n from gift_batches b where ${where}`);
  return { data: rows.map(toSummary), total: Number(n?.n ?? 0), page: query.page, per_page: BATCHES_PER_PAGE };
}

/** A batch with its gifts in the order they were keyed. */
export async function loadBatch(q: Queryable, id: number): Promise<BatchDetail> {
  const [row] = await queryRows(q, summarySql(sql`b.id = ${id}`));
  if (!row) throw new AppError('not_found', m.notFound);
  const summary = toSummary(row);
  const gifts = await queryRows(q, sql`
    select g.*, g.amount::bigint as amount_minor, g.received_on::text as received_day,
           coalesce(nullif(s.display_name, ''), nullif(trim(concat_ws(' ', s.first_name, s.last_name)), ''), s.email, 'Supporter #' || s.id) as supporter_name,
           ${designationLabelSql} as designation
      from gift_batch_gifts g
      left join supporters s on s.id = g.supporter_id
      join product_variants v on v.id = g.variant_id join products p on p.id = v.product_id
     where g.batch_id = ${id} order by g.position, g.id`);
  return { ...summary, gifts: gifts.map((g): BatchGiftRow => ({
    id: Number(g.id),
    position: Number(g.position),
    supporter: person(g.supporter_id, g.supporter_name),
    amount: toDecimal(String(g.amount_minor), summary.currency_code),
    payment_type: g.payment_type === 'cash' ? 'cash' : 'check',
    check_number: (g.check_number as string | null) ?? null,
    variant_id: Number(g.variant_id),
    designation: String(g.designation),
    received_on: String(g.received_day),
    note: (g.note as string | null) ?? null,
    campaign_id: g.campaign_id === null ? null : Number(g.campaign_id),
    appeal_id: g.appeal_id === null ? null : Number(g.appeal_id),
    contribution_id: g.contribution_id === null ? null : Number(g.contribution_id),
  })) };
}

/** Locks a batch for a change (changes to one batch run one at a time). */
export async function lockBatch(tx: Tx, id: number): Promise<Row> {
  const [b] = await queryRows(tx, sql`select * from gift_batches where id = ${id} for update`);
  if (!b) throw new AppError('not_found', m.notFound);
  return b;
}

/** Refuses any change to a closed batch's gifts or header, naming it. */
export function assertOpen(batch: Row): void {
  if (batch.status !== 'open') throw new AppError('conflict', m.closedNoEdit(String(batch.name)));
}

export async function createBatch(tx: Tx, userId: number | null, v: BatchCreate): Promise<number> {
  const [row] = await queryRows(tx, sql`
    insert into gift_batches (name, deposit_date, currency_code, expected_count, expected_total, created_by)
    values (${v.name}, ${v.deposit_date}, ${v.currency_code}, ${v.expected_count}, ${toMinor(v.expected_total, v.currency_code)}, ${userId})
    returning id`);
  return Number(row!.id);
}

/** The header of an open batch: name, deposit date and what is expected. */
export async function updateBatch(tx: Tx, id: number, v: BatchUpdate): Promise<void> {
  const batch = await lockBatch(tx, id);
  assertOpen(batch);
  const sets: SQL[] = [];
  if (v.name !== undefined) sets.push(sql`name = ${v.name}`);
  if (v.deposit_date !== undefined) sets.push(sql`deposit_date = ${v.deposit_date}`);
  if (v.expected_count !== undefined) sets.push(sql`expected_count = ${Number(v.expected_count)}`);
  if (v.expected_total !== undefined) sets.push(sql`expected_total = ${toMinor(Number(v.expected_total), String(batch.currency_code))}`);
  if (sets.length) await tx.execute(sql`update gift_batches set ${sql.join(sets, sql`, `)}, updated_at = now() where id = ${id}`);
}

/** How a designation is named: its product, and the variant when the product has several one-time ones. */
export const designationLabelSql = sql`
  p.name || case when (select count(*) from product_variants x where x.product_id = p.id and x.is_donation and x.billing_period = 'onetime' and x.deleted_at is null) > 1
                 then ' – ' || v.variant_name else '' end`;

/**
 * What a batch gift can be credited to: the one-time donation variants the point of sale sells
 * (a batch gift is posted as a POS gift of that variant, its fund the variant's GL code).
 */
export async function listDesignations(q: Queryable): Promise<BatchDesignation[]> {
  const rows = await queryRows(q, sql`
    select v.id, ${designationLabelSql} as label, coalesce(nullif(v.crm_metadata->>'dp_gl_code', ''), p.gl_code) as gl_code
      from product_variants v join products p on p.id = v.product_id
     where v.is_donation and v.billing_period = 'onetime' and p.show_in_pos and v.deleted_at is null and p.deleted_at is null
     order by p.name, v.id`);
  return rows.map((r) => ({ variant_id: Number(r.id), label: String(r.label), gl_code: (r.gl_code as string | null) ?? null }));
}
