import { RECEIPTS_BULK_RENDER_MAX, type ReceiptBulkAction, messages, receiptBulkMessages } from '@almoner/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Actor, withActor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { forgetListingCounts } from '../../listing/count-cache.ts';
import { queryRows, readListingQuery, whereClause } from '../../listing/engine.ts';
import { htmlPagesToPdf } from './html-pdf.ts';
import { receiptsListing } from './receipts.listing.ts';
import { notifyReceipt } from './receipts.notify.ts';
import { renderReceiptHtml } from './receipts.pdf.ts';
import { issueReceipt, voidReceipt } from './receipts.service.ts';

export const receiptBulkTargetSchema = z.object({
  ids: z
    .preprocess((v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v), z.array(z.coerce.number().int().positive().max(2 ** 31 - 1)).max(10_000))
    .optional(),
  all: z.union([z.boolean(), z.enum(['1', 'true'])]).optional(),
});

/**
 * The receipts a bulk action works on, in id order: the ids sent, or (select by filter) every
 * receipt the posted filter and search match, re-run here (incumbent §3.5).
 */
async function targetIds(q: Queryable, body: Record<string, unknown>, status: SQL): Promise<number[]> {
  const target = receiptBulkTargetSchema.parse(body);
  let from: SQL;
  if (target.all === true || target.all === '1' || target.all === 'true') {
    const query = readListingQuery(receiptsListing, body);
    from = sql`select r.id from ${receiptsListing.from} where ${whereClause(receiptsListing, query.filters, query.page.search)}`;
  } else if (target.ids?.length) {
    from = sql`select r.id from tax_receipts r where r.deleted_at is null and r.id in (${sql.join(target.ids.map((id) => sql`${id}`), sql`, `)})`;
  } else {
    throw new AppError('validation', messages.noItemsSelected, { ids: [messages.noItemsSelected] });
  }
  const rows = await queryRows(q, sql`select r.id from tax_receipts r where r.id in (${from}) and ${status} order by r.id`);
  // The action changes what the filters match: every listing counts afresh.
  await forgetListingCounts(q);
  return rows.map((r) => Number(r.id));
}

const capped = (ids: number[]) => {
  if (ids.length > RECEIPTS_BULK_RENDER_MAX) throw new AppError('validation', receiptBulkMessages.tooMany(RECEIPTS_BULK_RENDER_MAX));
  return ids;
};

/** Sends each receipt on its own (one failure does not stop the rest); answers how many went. */
async function notifyEach(db: Db, config: Config, actor: Actor, ids: number[]): Promise<number> {
  let sent = 0;
  for (const id of ids) {
    try {
      await notifyReceipt(db, config, actor, id);
      sent++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  return sent;
}

export type BulkResult = { message: string } | { pdf: Buffer };

/** issue (drafts), issue_and_notify, void (draft deleted, issued kept void), notify (issued), print (one PDF). */
export async function runReceiptBulk(db: Db, config: Config, actor: Actor, action: ReceiptBulkAction, body: Record<string, unknown>): Promise<BulkResult> {
  switch (action) {
    case 'issue':
    case 'issue_and_notify': {
      const ids = await withActor(db, actor, async (tx) => {
        const drafts = await targetIds(tx, body, sql`r.status = 'draft'`);
        if (action === 'issue_and_notify') capped(drafts);
        for (const id of drafts) await issueReceipt(tx, id);
        return drafts;
      });
      if (action === 'issue') return { message: receiptBulkMessages.issued(ids.length) };
      return { message: receiptBulkMessages.issuedAndSent(ids.length, await notifyEach(db, config, actor, ids)) };
    }
    case 'void': {
      const n = await withActor(db, actor, async (tx) => {
        const ids = await targetIds(tx, body, sql`r.status <> 'void'`);
        for (const id of ids) await voidReceipt(tx, id, actor.userId);
        return ids.length;
      });
      return { message: receiptBulkMessages.voided(n) };
    }
    case 'notify': {
      // Drafts, void receipts and bad addresses are refused by notifyReceipt and counted as skipped.
      const all = capped(await targetIds(db, body, sql`true`));
      const sent = await notifyEach(db, config, actor, all);
      return { message: receiptBulkMessages.sent(sent, all.length - sent) };
    }
    case 'print': {
      const ids = capped(await targetIds(db, body, sql`true`));
      const pages = [];
      for (const id of ids) pages.push((await renderReceiptHtml(db, id)).html);
      return { pdf: await htmlPagesToPdf(pages, 'Tax receipts') };
    }
  }
}
