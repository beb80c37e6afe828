import { formatReceiptNumber, parseNumberFormat, sequenceKey, sequencePattern } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { getSettings } from '../settings/settings.service.ts';

/**
 * The next receipt number of the format setting for an issue in `year`, taken from its gap-free
 * counter inside the issuing transaction: concurrent issuers queue on the counter's row, and a
 * rollback gives the number back, so the issued numbers run 1, 2, 3 … with no gap or duplicate.
 * A counter met for the first time starts after the highest number already in the table for it
 * (receipts imported or numbered before the counter existed).
 */
export async function nextReceiptNumber(tx: Tx, year: number): Promise<string> {
  const { tax_receipt_number_format: stored } = await getSettings(tx, ['tax_receipt_number_format']);
  const format = parseNumberFormat(stored) ? stored : 'WEB[YY]-[000000000]';
  const key = sequenceKey(format, year);
  const pattern = sequencePattern(key);
  const [row] = await queryRows(
    tx,
    sql`insert into tax_receipt_number_sequences as s (key, last_value)
        values (${key}, 1 + coalesce((select max(substring(number from ${pattern})::bigint) from tax_receipts where number ~ ${pattern}), 0))
        on conflict (key) do update set last_value = s.last_value + 1, updated_at = now()
        returning last_value`,
  );
  return formatReceiptNumber(key, Number(row?.last_value));
}
