import { randomUUID } from 'node:crypto';
import { checkImportRow, importMessages, toDecimal, toMinor } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import { contributions } from '../contributions/contributions.tables.ts';
import { convertToOrgCurrency, type FunctionalAmount } from '../money/money.convert.ts';
import { insertPayment, PAYMENT_ROW_TYPE } from '../pos/pos.payment.ts';
import { refreshSupporterGiving } from '../supporters/supporters.giving.ts';
import { supporters } from '../supporters/supporters.tables.ts';
import { type ImportJobRow, type Lookups, registerImportKind, type RowResult, type StagedRow } from './imports.kinds.ts';
import { findSupporter, type Supporter } from './imports.match.ts';
import { undoContributions } from './imports.undo-contributions.ts';

/**
 * The contributions import (spec part 1 §3 "Contribution import row", §5 "Contributions import"):
 * each row is a gift already paid elsewhere. It is recorded as the point of sale records an
 * "other" payment (an offline payment row, no gateway charge), so every listing, report, the
 * status derivation and receipts see it like any other offline gift.
 */

/** What undo needs besides the contribution (import_rows.previous). */
export type ContributionRowMemo = {
  supporter_id: number;
  supporter_created: boolean;
  /** The supporter's fields before this row updated it (update mode), else null. */
  supporter_before: Record<string, unknown> | null;
  /** The supporter's updated_at as this row left it, when the row created or updated it. */
  supporter_stamp: string | null;
  payment_id: number;
};

/** How the gift appears on its contribution and in its payment row. */
export const IMPORTED_GIFT = 'Imported gift';

type Values = Record<string, string | boolean | null>;

/** Row key → supporters column, for the fields the row gives (blank cells change nothing). */
function supporterFields(v: Values): Partial<typeof supporters.$inferInsert> {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : undefined);
  const set: Partial<typeof supporters.$inferInsert> = {
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    billFirstName: text('first_name'),
    billLastName: text('last_name'),
    billEmail: text('email'),
    billOrganizationName: text('organization_name'),
    billAddress01: text('address_line_1'),
    billAddress02: text('address_line_2'),
    billCity: text('city'),
    billState: text('state'),
    billZip: text('zip'),
    billPhone: text('phone'),
    billCountry: text('country')?.toUpperCase(),
    donorId: text('dp_donor_id'),
    sfId: text('sf_id'),
    emailOptIn: typeof v.marketing_opt_in === 'boolean' ? v.marketing_opt_in : undefined,
  };
  return Object.fromEntries(Object.entries(set).filter(([, x]) => x !== undefined));
}

/** A dp_gift_id already on a live contribution, or on an earlier row of this import (a dry run writes none). */
async function giftAlreadyImported(tx: Tx, job: ImportJobRow, row: StagedRow, giftId: string): Promise<boolean> {
  const found = await queryRows(tx, sql`
    select 1 from contributions
     where deleted_at is null and ${giftId} = any(string_to_array(replace(coalesce(gift_id, ''), ' ', ''), ','))
    union all
    select 1 from import_rows
     where import_id = ${job.id} and row_number < ${row.rowNumber} and outcome = 'created' and trim(raw->>'dp_gift_id') = ${giftId}
    limit 1`);
  return found.length > 0;
}

/** One contribution row: check again, match or create the supporter, then record the paid gift. */
async function applyContribution(tx: Tx, job: ImportJobRow, row: StagedRow, lookups: Lookups): Promise<RowResult> {
  // The server's own check again: the staged row is what counts, never the browser's verdict.
  const check = checkImportRow('contributions', row.raw as Record<string, string>, { today: lookups.today });
  const errors = { ...check.errors };
  const v = check.values;
  const str = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const minor = (key: string): number | null => {
    if (errors[key] || str(key) === null) return null;
    try {
      return toMinor(str(key) as string, lookups.currency);
    } catch (error) {
      errors[key] = [error instanceof RangeError ? error.message : String(error)];
      return null;
    }
  };
  const subtotal = minor('subtotal_amt');
  const dcc = minor('dcc');
  const total = minor('total');
  const giftId = str('dp_gift_id');
  if (giftId && !errors.dp_gift_id && (await giftAlreadyImported(tx, job, row, giftId))) errors.dp_gift_id = [importMessages.giftImported(giftId)];
  if (Object.keys(errors).length || subtotal === null || dcc === null || total === null) return { outcome: 'rejected', recordId: null, errors };

  const match = await findSupporter(tx, {
    donorId: str('dp_donor_id'),
    sfId: str('sf_id'),
    email: str('email'),
    firstName: str('first_name'),
    lastName: str('last_name'),
    address01: str('address_line_1'),
    zip: str('zip'),
  });
  if (match && job.mode === 'skip') return { outcome: 'skipped', recordId: null, note: `matched supporter ${match.id}` };
  if (job.dryRun) return { outcome: 'created', recordId: null, note: match ? `matched supporter ${match.id}` : 'new supporter' };

  const fields = supporterFields(v);
  const { supporter, memo } = match
    ? await useMatched(tx, job, match, fields)
    : await createSupporter(tx, fields, lookups);
  const gift = await recordGift(tx, job, supporter, v, { subtotal, dcc, total }, lookups);
  memo.payment_id = gift.paymentId;
  if (memo.supporter_created || memo.supporter_before) {
    const [now] = await tx.select({ updatedAt: supporters.updatedAt }).from(supporters).where(eq(supporters.id, supporter.id));
    memo.supporter_stamp = now?.updatedAt.toISOString() ?? null;
  }
  return { outcome: 'created', recordId: gift.id, previous: memo, stamp: gift.stamp };
}

type Memo = ContributionRowMemo;

/** A matched supporter: left alone, or (update mode) given the row's fields, the old ones kept for undo. */
async function useMatched(tx: Tx, job: ImportJobRow, match: Supporter, fields: Partial<typeof supporters.$inferInsert>): Promise<{ supporter: Supporter; memo: Memo }> {
  const memo: Memo = { supporter_id: match.id, supporter_created: false, supporter_before: null, supporter_stamp: null, payment_id: 0 };
  if (job.mode !== 'update') return { supporter: match, memo };
  const before: Record<string, unknown> = { updatedAt: match.updatedAt.toISOString(), displayName: match.displayName };
  for (const col of Object.keys(fields)) before[col] = match[col as keyof Supporter];
  const first = fields.firstName ?? match.firstName;
  const last = fields.lastName ?? match.lastName;
  const displayName = [first, last].filter(Boolean).join(' ') || match.displayName;
  const [updated] = await tx.update(supporters).set({ ...fields, displayName, updatedAt: new Date() }).where(eq(supporters.id, match.id)).returning();
  await recordEvent(tx, 'supporter.updated', { supporter_id: match.id, changes: Object.keys(fields) });
  memo.supporter_before = before;
  return { supporter: updated as Supporter, memo };
}

/** No match: a supporter from the row's name, e-mail, address, phone, country and opt-in. */
async function createSupporter(tx: Tx, fields: Partial<typeof supporters.$inferInsert>, lookups: Lookups): Promise<{ supporter: Supporter; memo: Memo }> {
  const [created] = await tx
    .insert(supporters)
    .values({
      ...fields,
      displayName: [fields.firstName, fields.lastName].filter(Boolean).join(' ') || null,
      accountTypeId: lookups.defaultAccountType?.id ?? null,
      currencyCode: lookups.currency,
      signUpMethod: 'import',
      updatedAt: new Date(),
    })
    .returning();
  const supporter = created as Supporter;
  await recordEvent(tx, 'supporter.created', { supporter_id: supporter.id, email: supporter.email ?? null });
  return { supporter, memo: { supporter_id: supporter.id, supporter_created: true, supporter_before: null, supporter_stamp: null, payment_id: 0 } };
}

/**
 * The paid gift: a contribution dated the row's day (midnight in the organisation's time zone),
 * one donation item, the 'paid' history line and an offline payment row of the POS's "other"
 * kind, then lifetime giving and the `contribution.paid` event, as the POS completion does.
 * No receipt and no e-mail: the gift was made, and thanked for, elsewhere.
 */
async function recordGift(
  tx: Tx,
  job: ImportJobRow,
  supporter: Supporter,
  v: Values,
  amounts: { subtotal: number; dcc: number; total: number },
  lookups: Lookups,
): Promise<{ id: number; paymentId: number; stamp: Date }> {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const [when] = await queryRows(tx, sql`select to_json(${text('date')}::date::timestamp at time zone ${lookups.timeZone}) #>> '{}' as at`);
  const at = new Date(String(when?.at));
  const currency = lookups.currency;
  const functional = await convertToOrgCurrency(tx, { amount: amounts.total, currency, at });
  const uuid = randomUUID().toUpperCase();
  const type = PAYMENT_ROW_TYPE.other;
  const id = await insertGiftRow(tx, job, supporter, v, amounts, { uuid, type, at, currency, functional });
  await tx.execute(sql`
    insert into contribution_items (contribution_id, description, qty, price, original_price, total, is_donation, dcc_eligible, dcc_amount)
    values (${id}, ${IMPORTED_GIFT}, 1, ${amounts.subtotal}, ${amounts.subtotal}, ${amounts.subtotal}, true, ${amounts.dcc > 0}, ${amounts.dcc})`);
  const paymentId = await insertPayment(tx, {
    contributionId: id,
    supporterId: supporter.id,
    type,
    status: 'succeeded',
    amount: amounts.total,
    currency,
    gateway: 'offline',
    paymentMethodId: null,
    gatewayPayment: null,
    description: `${IMPORTED_GIFT} for Contribution #${uuid}`,
  });
  // The money changed hands on the row's day, not today.
  await tx.execute(sql`update payments set captured_at = ${at}, reference_number = ${text('payment_auth')} where id = ${paymentId}`);
  await tx.execute(sql`insert into contribution_status_history (contribution_id, event, amount, user_id) values (${id}, 'paid', ${amounts.total}, ${job.createdBy})`);
  await refreshSupporterGiving(tx, sql`select ${supporter.id}::int as supporter_id`);
  await recordEvent(tx, 'contribution.paid', {
    contribution_id: id,
    supporter_id: supporter.id,
    total: { amount: toDecimal(amounts.total, currency), currency },
  });
  const [stamp] = await tx.select({ updatedAt: contributions.updatedAt }).from(contributions).where(eq(contributions.id, id));
  return { id, paymentId, stamp: stamp?.updatedAt ?? new Date() };
}

/** The contribution row itself: paid on the row's day, the donor's details as given, the CRM ids kept. */
async function insertGiftRow(
  tx: Tx,
  job: ImportJobRow,
  supporter: Supporter,
  v: Values,
  amounts: { subtotal: number; dcc: number; total: number },
  g: { uuid: string; type: string; at: Date; currency: string; functional: FunctionalAmount },
): Promise<number> {
  const text = (k: string) => (typeof v[k] === 'string' ? (v[k] as string) : null);
  const { uuid, type, at, currency, functional } = g;
  const [c] = await queryRows(tx, sql`
    insert into contributions (client_uuid, invoice_number, confirmation_number, supporter_id, account_type_id, started_at, ordered_at, paid_at,
                               currency_code, subtotal_amount, dcc_amount, total_amount, dcc_enabled_by_customer,
                               functional_currency_code, functional_exchange_rate, functional_total_amount, functional_rate_date,
                               payment_type, payment_status, payment_gateway, source, email_opt_in, send_confirmation_emails,
                               bill_first_name, bill_last_name, bill_email, bill_organization_name, bill_address_01, bill_address_02,
                               bill_city, bill_state, bill_zip, bill_phone, bill_country, donor_id, gift_id, sf_id,
                               total_items, total_qty, created_by)
    values (${uuid}, ${uuid}, ${text('payment_auth')}, ${supporter.id}, ${supporter.accountTypeId}, ${at}, ${at}, ${at},
            ${currency}, ${amounts.subtotal}, ${amounts.dcc}, ${amounts.total}, ${amounts.dcc > 0},
            ${functional.currency}, ${functional.rate}, ${functional.amount}, ${functional.rateDate},
            ${type}, 'succeeded', 'offline', 'Import', ${v.marketing_opt_in === true}, false,
            ${text('first_name')}, ${text('last_name')}, ${text('email')}, ${text('organization_name')}, ${text('address_line_1')}, ${text('address_line_2')},
            ${text('city')}, ${text('state')}, ${text('zip')}, ${text('phone')}, ${text('country')?.toUpperCase() ?? null},
            ${text('dp_donor_id')}, ${text('dp_gift_id')}, ${text('sf_id')}, 1, 1, ${job.createdBy})
    returning id`);
  return Number(c?.id);
}

registerImportKind('contributions', { apply: applyContribution, undo: undoContributions });
