import { type SupporterGifts, type SupporterReceipt, type SupporterSponsorship, type SupporterTribute, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { inLedgerSql, numberSql, statusSql } from '../contributions/contributions.status.ts';

/**
 * The sections of a supporter's page that list what is theirs elsewhere in Almoner: gifts,
 * tax receipts, tributes on their gifts, sponsorships. Each answers one route; the page's
 * sections load them one by one.
 */

export const GIFTS_PAGE_SIZE = 20;

const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString() : String(v));
const money = (v: unknown, currency: unknown) => toDecimal(String(v ?? 0), String(currency));

export async function assertSupporter(db: Queryable, id: number): Promise<void> {
  const [row] = await queryRows(db, sql`select 1 from supporters where id = ${id}`);
  if (!row) throw new AppError('not_found', 'This supporter does not exist.');
}

/** Every gift, newest first, with how it was paid ("Visa •••• 4242", "Cash"). */
export async function listSupporterGifts(db: Queryable, id: number, page: number): Promise<SupporterGifts> {
  await assertSupporter(db, id);
  const rows = await queryRows(db, sql`
    select c.id, ${numberSql} as number, c.ordered_at, c.total_amount, c.currency_code, ${statusSql} as status,
           coalesce(initcap(c.payment_card_brand) || ' •••• ' || c.payment_card_last4, initcap(c.payment_type)) as payment, count(*) over () as total
      from contributions c where c.supporter_id = ${id} and ${inLedgerSql}
     order by c.ordered_at desc, c.id desc limit ${GIFTS_PAGE_SIZE} offset ${(page - 1) * GIFTS_PAGE_SIZE}`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      number: String(r.number),
      ordered_at: iso(r.ordered_at) ?? '',
      total_amount: money(r.total_amount, r.currency_code),
      currency_code: String(r.currency_code),
      status: String(r.status),
      payment: (r.payment as string | null) ?? null,
    })),
    total: rows[0] ? Number(rows[0].total) : 0,
    page,
    page_size: GIFTS_PAGE_SIZE,
  };
}

export async function listSupporterReceipts(db: Queryable, id: number): Promise<{ data: SupporterReceipt[] }> {
  await assertSupporter(db, id);
  const rows = await queryRows(db, sql`
    select id, number, receipt_type, status, issued_at, amount, currency_code from tax_receipts
     where supporter_id = ${id} and deleted_at is null order by issued_at desc nulls first, id desc`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      number: (r.number as string | null) ?? null,
      receipt_type: String(r.receipt_type),
      status: String(r.status),
      issued_at: iso(r.issued_at),
      amount: money(r.amount, r.currency_code),
      currency_code: String(r.currency_code),
    })),
  };
}

export async function listSupporterTributes(db: Queryable, id: number): Promise<{ data: SupporterTribute[] }> {
  await assertSupporter(db, id);
  const rows = await queryRows(db, sql`
    select t.id, t.name, tt.label as type, t.amount, t.currency_code, c.id as contribution_id, t.created_at, t.notify, t.notified_at
      from tributes t
      join contribution_items ci on ci.id = t.contribution_item_id
      join contributions c on c.id = ci.contribution_id
      left join tribute_types tt on tt.id = t.tribute_type_id
     where c.supporter_id = ${id} and t.deleted_at is null and ${inLedgerSql}
     order by t.created_at desc, t.id desc`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      name: String(r.name),
      type: (r.type as string | null) ?? null,
      amount: money(r.amount, r.currency_code),
      currency_code: String(r.currency_code),
      contribution_id: Number(r.contribution_id),
      created_at: iso(r.created_at) ?? '',
      notify: (r.notify as string | null) ?? null,
      notified_at: iso(r.notified_at),
    })),
  };
}

export async function listSupporterSponsorships(db: Queryable, id: number): Promise<{ data: SupporterSponsorship[] }> {
  await assertSupporter(db, id);
  const rows = await queryRows(db, sql`
    select s.id, sp.id as sponsorship_id, nullif(trim(concat_ws(' ', sp.first_name, sp.last_name)), '') as name, sp.reference_number,
           to_char(s.started_at, 'YYYY-MM-DD') as started_at, to_char(s.ended_at, 'YYYY-MM-DD') as ended_at, s.ended_reason,
           s.lifetime_amount, s.currency_code
      from sponsors s join sponsorships sp on sp.id = s.sponsorship_id
     where s.supporter_id = ${id} and s.deleted_at is null
     order by (s.ended_at is null) desc, s.started_at desc, s.id desc`);
  return {
    data: rows.map((r) => ({
      id: Number(r.id),
      sponsorship_id: Number(r.sponsorship_id),
      name: (r.name as string | null) ?? `Sponsorship #${String(r.sponsorship_id)}`,
      reference: (r.reference_number as string | null) ?? null,
      started_at: String(r.started_at),
      ended_at: (r.ended_at as string | null) ?? null,
      ended_reason: (r.ended_reason as string | null) ?? null,
      lifetime_amount: money(r.lifetime_amount, r.currency_code),
      currency_code: String(r.currency_code),
    })),
  };
}
