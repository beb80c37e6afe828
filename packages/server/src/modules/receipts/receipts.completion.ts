import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { getSettings } from '../settings/settings.service.ts';
import { createReceiptForContribution } from './receipts.service.ts';

/**
 * A completed contribution's receipt, issued now when the setting `tax_receipt_on_completion` is
 * on and the gift asks for single receipts, under the usual rules (country, receiptable amount).
 * The same for a point-of-sale order and a recurring charge. A refusal means "no receipt for this
 * one", never a failed completion: refusals are thrown before anything is written.
 */
export async function issueReceiptOnCompletion(tx: Tx, contributionId: number, actorId: number | null): Promise<void> {
  const { tax_receipt_on_completion: enabled } = await getSettings(tx, ['tax_receipt_on_completion']);
  if (!enabled) return;
  const [c] = await queryRows(tx, sql`select tax_receipt_type from contributions where id = ${contributionId}`);
  if (c?.tax_receipt_type !== 'single') return;
  try {
    await createReceiptForContribution(tx, contributionId, { issue: true, actorId });
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'conflict') throw error;
  }
}
