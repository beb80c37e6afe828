import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.ts';
import { contributions } from '../modules/contributions/contributions.tables.ts';
import { contributionPromoCodes } from '../modules/contributions/contribution-promo-codes.tables.ts';
import { contributionStatusHistory } from '../modules/contributions/contribution-history.tables.ts';
import { contributionItemDownloads, contributionItemFields } from '../modules/contributions/contribution-items.tables.ts';
import { contributionItems } from '../modules/contributions/contributions.tables.ts';
import { paymentLinks, payments, refundItems, refunds, transactionFees } from '../modules/payments/payments.tables.ts';
import { recurringTransactions } from '../modules/recurring/recurring.tables.ts';
import { recurringPaymentProfiles } from '../modules/contributions/contributions.tables.ts';
import { taxReceiptLines, taxReceipts } from '../modules/receipts/receipts.tables.ts';
import { sponsors } from '../modules/sponsorships/sponsors.tables.ts';
import { supporterMemberships } from '../modules/supporters/supporter-memberships.tables.ts';
import { tributes } from '../modules/tributes/tributes.tables.ts';
import { sandboxLedger } from '../integrations/payments/sandbox/sandbox.tables.ts';
import { insertRows } from './writer.ts';

type Rows<T extends { $inferInsert: unknown }> = T['$inferInsert'][];

/** Every row one slice of the contribution timeline produces, in memory until written. */
export type ChunkRows = {
  profiles: Rows<typeof recurringPaymentProfiles>;
  /** The start contribution and its recurring line, set on profiles once both exist. */
  profileLinks: { id: number; contributionId: number; contributionItemId: number }[];
  contributions: Rows<typeof contributions>;
  items: Rows<typeof contributionItems>;
  fields: Rows<typeof contributionItemFields>;
  downloads: Rows<typeof contributionItemDownloads>;
  promoLinks: Rows<typeof contributionPromoCodes>;
  history: Rows<typeof contributionStatusHistory>;
  tributes: Rows<typeof tributes>;
  memberships: Rows<typeof supporterMemberships>;
  sponsors: Rows<typeof sponsors>;
  transactions: Rows<typeof recurringTransactions>;
  payments: Rows<typeof payments>;
  links: Rows<typeof paymentLinks>;
  refunds: Rows<typeof refunds>;
  /** What a partial refund gave back, item by item (ids from the table's own sequence). */
  refundItems: Rows<typeof refundItems>;
  fees: Rows<typeof transactionFees>;
  receipts: Rows<typeof taxReceipts>;
  receiptLines: Rows<typeof taxReceiptLines>;
  /** The sandbox gateway's own record of the demo payments and refunds taken through it. */
  ledger: Rows<typeof sandboxLedger>;
};

export function emptyChunk(): ChunkRows {
  return {
    profiles: [], profileLinks: [], contributions: [], items: [], fields: [], downloads: [], promoLinks: [], history: [],
    tributes: [], memberships: [], sponsors: [], transactions: [], payments: [], links: [], refunds: [], refundItems: [], fees: [],
    receipts: [], receiptLines: [], ledger: [],
  };
}

/**
 * Writes a chunk parents-first. Profiles go in before the contributions that charge them and
 * learn their starting contribution afterwards, so no foreign key ever points ahead.
 */
export async function writeChunk(q: Queryable, rows: ChunkRows): Promise<void> {
  await insertRows(q, recurringPaymentProfiles, rows.profiles);
  await insertRows(q, contributions, rows.contributions);
  await insertRows(q, contributionItems, rows.items);
  await linkProfiles(q, rows.profileLinks);
  await insertRows(q, contributionItemFields, rows.fields);
  await insertRows(q, contributionItemDownloads, rows.downloads);
  await insertRows(q, contributionPromoCodes, rows.promoLinks);
  await insertRows(q, contributionStatusHistory, rows.history);
  await insertRows(q, tributes, rows.tributes);
  await insertRows(q, supporterMemberships, rows.memberships);
  await insertRows(q, sponsors, rows.sponsors);
  await insertRows(q, recurringTransactions, rows.transactions);
  await insertRows(q, payments, rows.payments);
  await insertRows(q, paymentLinks, rows.links);
  await insertRows(q, refunds, rows.refunds);
  await insertRows(q, refundItems, rows.refundItems);
  await insertRows(q, transactionFees, rows.fees);
  await insertRows(q, taxReceipts, rows.receipts);
  await insertRows(q, taxReceiptLines, rows.receiptLines);
  await insertRows(q, sandboxLedger, rows.ledger);
}

async function linkProfiles(q: Queryable, links: ChunkRows['profileLinks']): Promise<void> {
  if (links.length === 0) return;
  await q.execute(sql`update recurring_payment_profiles p set contribution_id = l.contribution_id, contribution_item_id = l.item_id
    from unnest(${sql.param(links.map((l) => l.id))}::int[], ${sql.param(links.map((l) => l.contributionId))}::int[],
                ${sql.param(links.map((l) => l.contributionItemId))}::int[]) as l(id, contribution_id, item_id)
    where p.id = l.id`);
}
