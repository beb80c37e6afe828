import { type ReceiptDetail, receiptMessages, toDecimal } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';

const iso = (v: unknown): string | null => (v === null || v === undefined ? null : new Date(v as string).toISOString());
const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A receipt as its modal shows it: the snapshot, its lines and every frozen revision. */
export async function getReceipt(db: Queryable, id: number): Promise<ReceiptDetail> {
  const [r] = await queryRows(db, sql`select * from tax_receipts where id = ${id}`);
  if (!r) throw new AppError('not_found', receiptMessages.notFound);
  const currency = String(r.currency_code);
  const [lines, revisions] = await Promise.all([
    queryRows(db, sql`select contribution_id, description, amount, currency_code, donated_at, removed_at from tax_receipt_lines where tax_receipt_id = ${id} order by id`),
    queryRows(db, sql`select v.revision, v.number, v.previous_number, v.reason, v.revised_at, v.changes,
                             nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as revised_by
                        from tax_receipt_revisions v left join users u on u.id = v.revised_by
                       where v.tax_receipt_id = ${id} order by v.revision`),
  ]);
  return {
    id: Number(r.id),
    number: str(r.number),
    status: r.status as ReceiptDetail['status'],
    receipt_type: String(r.receipt_type),
    amount: toDecimal(String(r.amount), currency),
    currency_code: currency,
    issued_at: iso(r.issued_at),
    voided_at: iso(r.voided_at),
    notified_at: iso(r.notified_at),
    deleted_at: iso(r.deleted_at),
    supporter_id: r.supporter_id === null ? null : Number(r.supporter_id),
    name: str(r.name),
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    address_01: str(r.address_01),
    address_02: str(r.address_02),
    city: str(r.city),
    state: str(r.state),
    zip: str(r.zip),
    country: str(r.country),
    phone: str(r.phone),
    has_pdf: r.status !== 'draft' && r.deleted_at === null,
    lines: lines.map((l) => ({
      contribution_id: l.contribution_id === null ? null : Number(l.contribution_id),
      description: String(l.description),
      amount: toDecimal(String(l.amount), String(l.currency_code)),
      currency_code: String(l.currency_code),
      donated_at: iso(l.donated_at),
      removed_at: iso(l.removed_at),
    })),
    revisions: revisions.map((v) => ({
      revision: Number(v.revision),
      number: String(v.number),
      previous_number: str(v.previous_number),
      reason: str(v.reason),
      revised_at: iso(v.revised_at) ?? '',
      revised_by: str(v.revised_by),
      changes: v.changes as ReceiptDetail['revisions'][number]['changes'],
    })),
  };
}
