import { posMessages } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { queryRows } from '../../listing/engine.ts';
import { quoteOrder } from './pos.pricing.ts';

/**
 * Promo codes on an open order (reference §6.5): each code is checked (PromoCode::validate's
 * messages), kept on the order, and priced by the totals engine on every change.
 */

type Code = Record<string, unknown> & { id: number; code: string };

/** Why a code cannot be used on this order now, or null when it can. */
async function refusal(q: Queryable, order: Record<string, unknown>, promo: Code): Promise<string | null> {
  const now = Date.now();
  const at = (v: unknown) => (v === null ? null : new Date(v as string).getTime());
  const starts = at(promo.starts_at);
  const ends = at(promo.ends_at);
  if ((starts !== null && starts > now) || (ends !== null && ends < now)) return posMessages.codeExpired;
  if (promo.usage_limit !== null && Number(promo.usage_count) >= Number(promo.usage_limit)) return posMessages.codeUsedUp;
  if (promo.usage_limit_per_account !== null && (order.supporter_id !== null || order.bill_email)) {
    const [used] = await queryRows(q, sql`
      select count(*)::int as n from contributions c join contribution_promo_codes cp on cp.contribution_id = c.id
       where cp.promo_code_id = ${promo.id} and c.paid_at is not null and c.deleted_at is null and c.id <> ${order.id as number}
         and (c.supporter_id = ${order.supporter_id as number | null} or lower(c.bill_email) = lower(${(order.bill_email as string | null) ?? ''}))`);
    if (Number(used?.n ?? 0) >= Number(promo.usage_limit_per_account)) return posMessages.codePerCustomer(Number(promo.usage_limit_per_account));
  }
  const [restricted] = await queryRows(q, sql`select count(*)::int as n from promo_code_memberships where promo_code_id = ${promo.id}`);
  if (Number(restricted?.n ?? 0) > 0) {
    if (order.supporter_id === null) return posMessages.codeMembersOnly;
    const [active] = await queryRows(q, sql`
      select 1 from supporter_memberships sm join promo_code_memberships pm on pm.membership_id = sm.membership_id
       where pm.promo_code_id = ${promo.id} and sm.supporter_id = ${order.supporter_id as number} and sm.deleted_at is null
         and sm.starts_on <= current_date and (sm.expires_on is null or sm.expires_on >= current_date)
       limit 1`);
    if (!active) return posMessages.codeActiveMemberships;
  }
  return null;
}

/**
 * POST /jpanel/pos/{id}/promos/apply: replaces the order's codes with the valid ones among
 * `codes` that apply to something. Returns the refusals (empty = every code applied).
 */
export async function applyPromoCodes(q: Queryable, orderId: number, codes: string[]): Promise<string[]> {
  await q.execute(sql`delete from contribution_promo_codes where contribution_id = ${orderId}`);
  const [order] = await queryRows(q, sql`select * from contributions where id = ${orderId}`);
  const messages: string[] = [];
  const kept: Code[] = [];
  for (const code of codes) {
    const [promo] = (await queryRows(q, sql`select * from promo_codes where lower(code) = lower(${code}) and deleted_at is null`)) as Code[];
    if (!promo) {
      messages.push(posMessages.codeNotFound);
      continue;
    }
    const reason = await refusal(q, order!, promo);
    if (reason) messages.push(reason);
    else kept.push(promo);
  }
  for (const promo of kept) await q.execute(sql`insert into contribution_promo_codes (contribution_id, promo_code_id) values (${orderId}, ${promo.id}) on conflict do nothing`);
  if (kept.length > 0) {
    const { result } = await quoteOrder(q, orderId);
    for (const code of result.unappliedCodes) {
      messages.push(posMessages.codeNotApplied(code));
      await q.execute(sql`delete from contribution_promo_codes cp using promo_codes p
                           where cp.contribution_id = ${orderId} and p.id = cp.promo_code_id and p.code = ${code}`);
    }
  }
  return [...new Set(messages)];
}

/** After a supporter change: drops codes the order may no longer use, answering their codes. */
export async function revalidatePromos(q: Queryable, orderId: number): Promise<string[]> {
  const [order] = await queryRows(q, sql`select * from contributions where id = ${orderId}`);
  const promos = (await queryRows(q, sql`select p.* from contribution_promo_codes cp join promo_codes p on p.id = cp.promo_code_id
                                          where cp.contribution_id = ${orderId} order by p.code`)) as Code[];
  const removed: string[] = [];
  for (const promo of promos) {
    if (!(await refusal(q, order!, promo))) continue;
    removed.push(String(promo.code));
    await q.execute(sql`delete from contribution_promo_codes where contribution_id = ${orderId} and promo_code_id = ${promo.id}`);
  }
  return removed;
}
