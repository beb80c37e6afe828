import { posCompleteMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { recordEvent } from '../domain-events/domain-events.service.ts';
import type { ItemRow, OrderRow } from './pos.complete.checks.ts';

/** Who the sale's donor is once it is paid, and what the cashier is told about it. */
export type SaleSupporter = { id: number | null; message: string | null };

const nameSql = sql`coalesce(nullif(display_name, ''), nullif(trim(concat_ws(' ', first_name, last_name)), ''), email, 'Supporter #' || id)`;

/** "Save as supporter" needs someone to save: refused before anything is charged. */
export function checkSaveAsSupporter(order: OrderRow, save: boolean): void {
  if (!save || order.supporter_id) return;
  if (!order.bill_first_name?.trim() && !order.bill_last_name?.trim() && !order.bill_email?.trim()) {
    throw fieldError('save_as_supporter', posCompleteMessages.saveNeedsName);
  }
}

/**
 * A guest sale's donor becomes a supporter, in the sale's transaction, when the cashier asked
 * ("Save as supporter") or the sale starts something lasting (a membership, a recurring plan, a
 * sponsorship: the incumbent's "ensure supporter"). A donor whose e-mail a supporter already has
 * is that supporter: the sale is linked to them rather than making a second record, and the
 * cashier is told so.
 */
export async function ensureSupporter(tx: Tx, order: OrderRow, items: ItemRow[], save: boolean): Promise<SaleSupporter> {
  if (order.supporter_id) return { id: order.supporter_id, message: null };
  const lasting = items.some((i) => i.membership_id !== null || i.recurring_frequency !== null || i.sponsorship_id !== null);
  if (!lasting && !save) return { id: null, message: null };
  const email = order.bill_email?.trim();
  const [existing] = email
    ? await queryRows(tx, sql`select id, ${nameSql} as name from supporters
        where lower(email) = lower(${email}) and not is_spam order by is_active desc, id limit 1`)
    : [];
  if (existing) {
    const id = Number(existing.id);
    await tx.execute(sql`update contributions set supporter_id = ${id} where id = ${order.id}`);
    return { id, message: posCompleteMessages.linkedToSupporter(email ?? '', `${String(existing.name)} (#${id})`) };
  }
  const [row] = await queryRows(tx, sql`
    insert into supporters (account_type_id, first_name, last_name, display_name, email, bill_title, bill_first_name, bill_last_name,
                            bill_organization_name, bill_email, bill_address_01, bill_address_02, bill_city, bill_state, bill_zip,
                            bill_country, bill_phone, currency_code, sign_up_method)
    select c.account_type_id, c.bill_first_name, c.bill_last_name,
           nullif(trim(coalesce(c.bill_first_name, '') || ' ' || coalesce(c.bill_last_name, '')), ''), c.bill_email,
           c.bill_title, c.bill_first_name, c.bill_last_name, c.bill_organization_name, c.bill_email, c.bill_address_01,
           c.bill_address_02, c.bill_city, c.bill_state, c.bill_zip, c.bill_country, c.bill_phone, c.currency_code, 'pos'
      from contributions c where c.id = ${order.id}
    returning id, email, ${nameSql} as name`);
  const id = Number(row?.id);
  await tx.execute(sql`update contributions set supporter_id = ${id} where id = ${order.id}`);
  await recordEvent(tx, 'supporter.created', { supporter_id: id, email: (row?.email as string | null) ?? null });
  return { id, message: save ? posCompleteMessages.savedAsSupporter(`${String(row?.name)} (#${id})`) : null };
}
