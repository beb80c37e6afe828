import { type ReviseReceiptInput, receiptFieldLabels, receiptMessages, revisionNumber, reviseReceiptSchema, toDecimalString, toMinor } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getOrgMoneySettings, getSettings } from '../settings/settings.service.ts';
import { nextReceiptNumber } from './receipts.numbering.ts';

type Row = Record<string, unknown>;
const SNAPSHOT_FIELDS = ['name', 'first_name', 'last_name', 'email', 'address_01', 'address_02', 'city', 'state', 'zip', 'country', 'phone'] as const;

/**
 * A contribution's receiptable amount (incumbent §7), one derivation: per item, a receiptable
 * product gives what was paid beyond the fair market value received, plus the fees the donor
 * covered; a sponsorship (setting `sponsorship_tax_receipts`) its total plus covered fees; a recurring charge (no items) gives its total less tax and shipping when its
 * profile's product is receiptable; a refunded contribution gives nothing (unless `ignoreRefund`:
 * what it would give, so the year-end dry run can say a donor was skipped for a refund).
 */
export const receiptableAmountSql = (contributionId: unknown, sponsorships: boolean, opts: { ignoreRefund?: boolean } = {}) => sql`
  select case when c.refunded_amount > 0 and ${!opts.ignoreRefund} then 0
    when exists (select 1 from contribution_items i where i.contribution_id = c.id) then
      (select coalesce(sum(case when p.is_tax_receiptable then greatest(0, i.total - coalesce(i.fair_market_value, 0) * greatest(1, i.qty)) + i.dcc_amount
                                when i.sponsorship_id is not null and ${sponsorships} then i.total + i.dcc_amount else 0 end), 0)
         from contribution_items i left join products p on p.id = i.product_id
        where i.contribution_id = c.id)
    when exists (select 1 from recurring_payment_profiles rp join products p on p.id = rp.product_id
                  where rp.id = c.recurring_payment_profile_id and p.is_tax_receiptable)
      then greatest(0, c.total_amount - c.tax_amount - c.shipping_amount)
    else 0 end::bigint
    from contributions c where c.id = ${contributionId}`;

/**
 * The donor a contribution's receipt names, one derivation for a new receipt and for revising
 * one when the gift changes hands: the linked supporter's billing details win over the
 * contribution's. Reads `c` (contributions) joined by `receiptDonorJoinSql`.
 */
export const receiptDonorSql = sql`at.is_organization, s.bill_organization_name as s_org, c.bill_organization_name as c_org,
           coalesce(s.bill_country, c.bill_country) as country,
           coalesce(s.bill_title, c.bill_title) as title, coalesce(s.bill_first_name, c.bill_first_name) as first_name,
           coalesce(s.bill_last_name, c.bill_last_name) as last_name, coalesce(s.bill_email, c.bill_email, s.email) as email,
           coalesce(s.bill_address_01, c.bill_address_01) as address_01, coalesce(s.bill_address_02, c.bill_address_02) as address_02,
           coalesce(s.bill_city, c.bill_city) as city, coalesce(s.bill_state, c.bill_state) as state,
           coalesce(s.bill_zip, c.bill_zip) as zip, coalesce(s.bill_phone, c.bill_phone) as phone`;
export const receiptDonorJoinSql = sql`left join supporters s on s.id = c.supporter_id
      left join account_types at on at.id = coalesce(s.account_type_id, c.account_type_id)`;

/** The receipt's name line: the organisation for an organisation's account, else the person. */
export function receiptDonorName(c: Row): string | null {
  const person = [c.title, c.first_name, c.last_name].filter(Boolean).join(' ');
  return ((c.is_organization ? (c.s_org ?? c.c_org) : null) as string | null) ?? (person || null);
}

async function lockReceipt(tx: Tx, id: number): Promise<Row> {
  const [receipt] = await queryRows(tx, sql`select * from tax_receipts where id = ${id} for update`);
  if (!receipt) throw new AppError('not_found', receiptMessages.notFound);
  return receipt;
}

export async function issueYear(tx: Tx, at: Date): Promise<number> {
  const { timeZone } = await getOrgMoneySettings(tx);
  return Number(new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric' }).format(at));
}

export type ReceiptAnswer = { id: number; number: string | null; deleted_at: string | null };
const answer = (row: Row): ReceiptAnswer => ({
  id: Number(row.id),
  number: (row.number as string | null) ?? null,
  deleted_at: row.deleted_at === null || row.deleted_at === undefined ? null : new Date(row.deleted_at as string).toISOString(),
});

/**
 * Creates the receipt of one paid contribution (on demand, or on completion), as a draft or
 * issued at once, with the donor snapshot from the contribution (the linked supporter's billing
 * details win) and one line with the receiptable amount. Refused with the incumbent's words.
 */
export async function createReceiptForContribution(tx: Tx, contributionId: number, opts: { issue: boolean; actorId: number | null }): Promise<ReceiptAnswer> {
  const { tax_receipt_country: allowed, sponsorship_tax_receipts: sponsorships } = await getSettings(tx, ['tax_receipt_country', 'sponsorship_tax_receipts']);
  const [c] = await queryRows(tx, sql`
    select c.id, c.paid_at, c.invoice_number, c.client_uuid, c.currency_code, c.refunded_amount, c.supporter_id,
           (${receiptableAmountSql(sql`${contributionId}`, sponsorships)}) as receiptable, ${receiptDonorSql},
           (select string_agg(distinct i.gl_code, ',') from contribution_items i where i.contribution_id = c.id) as gl_code
      from contributions c ${receiptDonorJoinSql}
     where c.id = ${contributionId} and c.deleted_at is null
     for update of c`);
  if (!c) throw new AppError('not_found', 'This contribution does not exist.');
  const [existing] = await queryRows(tx, sql`
    select r.id, r.number from tax_receipt_lines l join tax_receipts r on r.id = l.tax_receipt_id
     where l.contribution_id = ${contributionId} and l.live`);
  if (existing) throw new AppError('conflict', receiptMessages.alreadyExists(String(existing.number ?? 'draft'), contributionId));
  if (!c.paid_at) throw new AppError('conflict', receiptMessages.notPaid(contributionId));
  if (allowed !== 'ANY' && c.country !== allowed) throw new AppError('conflict', receiptMessages.wrongCountry(contributionId, (c.country as string | null) ?? null, allowed));
  if (Number(c.refunded_amount) > 0) throw new AppError('conflict', receiptMessages.refunded(contributionId));
  const amount = Number(c.receiptable);
  if (amount <= 0) throw new AppError('conflict', receiptMessages.nothingReceiptable(contributionId));

  const name = receiptDonorName(c);
  const now = new Date();
  const number = opts.issue ? await nextReceiptNumber(tx, await issueYear(tx, now)) : null;
  const [receipt] = await queryRows(tx, sql`
    insert into tax_receipts (receipt_type, status, number, issued_at, amount, currency_code, supporter_id, template_id,
                              name, first_name, last_name, email, address_01, address_02, city, state, zip, country, phone, created_by)
    values ('single', ${opts.issue ? 'issued' : 'draft'}, ${number}, ${opts.issue ? now : null}, ${amount}, ${c.currency_code}, ${c.supporter_id},
            (select id from tax_receipt_templates where is_default and deleted_at is null order by id limit 1),
            ${name}, ${c.first_name}, ${c.last_name}, ${c.email}, ${c.address_01}, ${c.address_02}, ${c.city}, ${c.state}, ${c.zip},
            ${c.country}, ${c.phone}, ${opts.actorId})
    returning *`);
  const id = Number(receipt?.id);
  await tx.execute(sql`
    insert into tax_receipt_lines (tax_receipt_id, contribution_id, description, amount, currency_code, donated_at, gl_code)
    values (${id}, ${contributionId}, ${`Contribution #${String(c.invoice_number ?? c.client_uuid)}`}, ${amount}, ${c.currency_code}, ${c.paid_at}, ${c.gl_code})`);
  return answer(receipt as Row);
}

/** Draft → issued, numbered now (issued_at kept if the draft had one). Issued or void: refused. */
export async function issueReceipt(tx: Tx, id: number): Promise<ReceiptAnswer> {
  const receipt = await lockReceipt(tx, id);
  if (receipt.status !== 'draft' || receipt.deleted_at) throw new AppError('conflict', receiptMessages.onlyDraftIssue(String(receipt.number ?? id)));
  const issuedAt = receipt.issued_at ? new Date(receipt.issued_at as string) : new Date();
  const number = (receipt.number as string | null) ?? (await nextReceiptNumber(tx, await issueYear(tx, issuedAt)));
  const [row] = await queryRows(tx, sql`
    update tax_receipts set status = 'issued', issued_at = ${issuedAt}, number = ${number}, updated_at = now()
     where id = ${id} returning *`);
  return answer(row as Row);
}

/** A draft is deleted; an issued receipt is kept, marked void. A void receipt stays as it is. */
export async function voidReceipt(tx: Tx, id: number, actorId: number | null): Promise<ReceiptAnswer> {
  const receipt = await lockReceipt(tx, id);
  if (receipt.deleted_at) throw new AppError('not_found', receiptMessages.notFound);
  if (receipt.status === 'void') throw new AppError('conflict', receiptMessages.alreadyVoid(String(receipt.number)));
  const [row] = receipt.status === 'draft'
    ? await queryRows(tx, sql`update tax_receipts set deleted_at = now(), updated_at = now() where id = ${id} returning *`)
    : await queryRows(tx, sql`update tax_receipts set status = 'void', voided_at = now(), voided_by = ${actorId}, updated_at = now() where id = ${id} returning *`);
  return answer(row as Row);
}

/** Voids every live receipt of the contributions a payment paid (a refund gives the gift back). */
export async function voidReceiptsOfPayment(tx: Tx, paymentId: number, actorId: number | null): Promise<void> {
  const rows = await queryRows(tx, sql`
    select distinct l.tax_receipt_id as id from tax_receipt_lines l
     where l.live and l.contribution_id in (select contribution_id from payment_links where payment_id = ${paymentId} and contribution_id is not null)`);
  for (const row of rows) await voidReceipt(tx, Number(row.id), actorId);
}

type ReviseValues = z.output<typeof reviseReceiptSchema>;

/** The form's values as the table stores them (amount in minor units, issue date at midnight UTC). */
function storedValues(values: ReviseValues, currency: string): Row {
  const { reason: _reason, amount, issued_at, ...snapshot } = values;
  return { ...snapshot, amount: toMinor(amount, currency), issued_at: new Date(`${issued_at}T00:00:00Z`) };
}

const shown = (field: string, value: unknown, currency: string): string | null => {
  if (value === null || value === undefined) return null;
  if (field === 'amount') return toDecimalString(Number(value), currency);
  if (field === 'issued_at') return new Date(value as string).toISOString().slice(0, 10);
  return String(value);
};

/**
 * Draft: the form overwrites it. Issued: the previous version is frozen as revision k (k = the
 * revisions already recorded + 1, under the receipt's lock, so R1, R2, R3 across requests) and
 * the receipt takes the number `…-R{k}`. Void: refused.
 */
export async function reviseReceipt(tx: Tx, id: number, input: ReviseReceiptInput | ReviseValues, actorId: number | null): Promise<ReceiptAnswer> {
  const values = reviseReceiptSchema.parse(input);
  const receipt = await lockReceipt(tx, id);
  if (receipt.deleted_at) throw new AppError('not_found', receiptMessages.notFound);
  if (receipt.status === 'void') throw new AppError('conflict', receiptMessages.voidIsFinal(String(receipt.number)));
  const currency = String(receipt.currency_code);
  const next = storedValues(values, currency);
  const changes = Object.keys(receiptFieldLabels)
    .map((field) => ({ field, from: shown(field, receipt[field], currency), to: shown(field, next[field], currency) }))
    .filter((c) => c.from !== c.to)
    .map((c) => ({ label: receiptFieldLabels[c.field] ?? c.field, from: c.from, to: c.to }));
  let number = receipt.number as string | null;
  if (receipt.status === 'issued') {
    const [count] = await queryRows(tx, sql`select count(*)::int as n from tax_receipt_revisions where tax_receipt_id = ${id}`);
    const k = Number(count?.n) + 1;
    number = revisionNumber(String(receipt.number), k);
    const previous = Object.fromEntries([...SNAPSHOT_FIELDS, 'amount', 'issued_at', 'number'].map((f) => [f, shown(f, receipt[f], currency)]));
    await tx.execute(sql`
      insert into tax_receipt_revisions (tax_receipt_id, revision, number, previous_number, previous, changes, reason, revised_by)
      values (${id}, ${k}, ${number}, ${receipt.number}, ${JSON.stringify(previous)}::jsonb, ${JSON.stringify(changes)}::jsonb, ${values.reason}, ${actorId})`);
  }
  const [row] = await queryRows(tx, sql`
    update tax_receipts set name = ${next.name}, first_name = ${next.first_name}, last_name = ${next.last_name}, email = ${next.email},
           address_01 = ${next.address_01}, address_02 = ${next.address_02}, city = ${next.city}, state = ${next.state}, zip = ${next.zip},
           country = ${next.country}, phone = ${next.phone}, amount = ${next.amount}, issued_at = ${next.issued_at},
           number = ${number}, updated_at = now()
     where id = ${id} returning *`);
  return answer(row as Row);
}
