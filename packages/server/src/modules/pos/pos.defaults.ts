import { posDefaultsSchema, posMessages, type DccType, type PosDefaults } from '@almoner/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { posDefaults } from './pos.tables.ts';

/**
 * A staff user's point-of-sale defaults (spec §2.2 "Save defaults and clear defaults"):
 * POST /jpanel/pos/defaults/save { order_id } keeps the open order's settings (currency, source,
 * referral source, special notes, anonymity, DCC choice, e-mail choices, account type, tax
 * address); POST /jpanel/pos/defaults/clear forgets them. /jpanel/pos/new starts from them.
 */

export async function readDefaults(q: Queryable, userId: number): Promise<PosDefaults | null> {
  const [row] = await q.select().from(posDefaults).where(eq(posDefaults.userId, userId));
  if (!row) return null;
  // Stored JSON from an older shape reads as no defaults rather than failing the screen.
  const parsed = posDefaultsSchema.safeParse(row.values);
  return parsed.success ? parsed.data : null;
}

export async function saveDefaults(q: Queryable, userId: number, orderId: number | undefined): Promise<PosDefaults> {
  const [c] = orderId === undefined ? [] : await queryRows(q, sql`select * from contributions where id = ${orderId} and is_pos and deleted_at is null`);
  if (!c) throw new AppError('validation', posMessages.noDefaultsToSave, { order_id: [posMessages.noDefaultsToSave] });
  const s = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v));
  const values: PosDefaults = {
    currency_code: String(c.currency_code),
    source: s(c.source),
    referral_source: s(c.referral_source),
    comments: s(c.comments),
    is_anonymous: Boolean(c.is_anonymous),
    dcc_enabled_by_customer: Boolean(c.dcc_enabled_by_customer),
    dcc_type: (s(c.dcc_type) as DccType | null) ?? null,
    email_opt_in: Boolean(c.email_opt_in),
    send_confirmation_emails: Boolean(c.send_confirmation_emails),
    account_type_id: c.account_type_id === null ? null : Number(c.account_type_id),
    tax_address1: s(c.tax_address_01),
    tax_address2: s(c.tax_address_02),
    tax_city: s(c.tax_city),
    tax_state: s(c.tax_state),
    tax_zip: s(c.tax_zip),
    tax_country: s(c.tax_country),
  };
  await q.insert(posDefaults).values({ userId, values }).onConflictDoUpdate({ target: posDefaults.userId, set: { values, updatedAt: sql`now()` } });
  return values;
}

export async function clearDefaults(q: Queryable, userId: number): Promise<void> {
  await q.delete(posDefaults).where(eq(posDefaults.userId, userId));
}
