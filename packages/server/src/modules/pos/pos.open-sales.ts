import { posMessages, type PosOpenSale } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Actor } from '../../db/actor.ts';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { numberSql, openSaleSql } from '../contributions/contributions.status.ts';
import { decimalNumberSql } from '../money/money.sql.ts';

/** The most a list of open sales shows: a till with more set aside than this is being misused. */
const SHOWN = 200;

/**
 * GET /jpanel/pos/open.json: the sales started at the point of sale and not paid (no payment
 * tried), newest first. They are not in the ledger (contributions.status.ts, `openSaleSql`), so
 * this is where a cashier finds one set aside with "New contribution", to resume or discard it.
 */
export async function listOpenSales(q: Queryable): Promise<PosOpenSale[]> {
  const rows = await queryRows(
    q,
    sql`select c.id, ${numberSql} as number, c.started_at,
               nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '') as started_by,
               case when c.supporter_id is null and c.bill_first_name is null and c.bill_last_name is null then null
                    else c.supporter_name end as supporter,
               c.total_items::int as items, ${decimalNumberSql(sql`c.total_amount`, sql`c.currency_code`)} as total_amount, c.currency_code
          from contributions c left join users u on u.id = c.created_by
         where ${openSaleSql} and c.deleted_at is null
         order by c.started_at desc, c.id desc
         limit ${SHOWN}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    number: String(r.number),
    started_at: new Date(r.started_at as string | Date).toISOString(),
    started_by: (r.started_by as string | null) ?? null,
    supporter: (r.supporter as string | null) ?? null,
    items: Number(r.items),
    total_amount: Number(r.total_amount),
    currency_code: String(r.currency_code),
  }));
}

/**
 * POST /jpanel/pos/{id}/discard: an open sale is set aside for good. A soft delete with its
 * status-history entry, as a deleted contribution has: nothing was paid, so no money moves. A
 * sale that was paid, or had a payment tried, is in the ledger and is refused here.
 */
export async function discardOpenSale(tx: Tx, actor: Actor, id: number): Promise<void> {
  const [sale] = await queryRows(
    tx,
    sql`select c.is_pos, ${openSaleSql} as open from contributions c where c.id = ${id} and c.deleted_at is null for update`,
  );
  if (!sale) throw new AppError('not_found', posMessages.orderNotFound);
  if (!sale.is_pos) throw new AppError('not_found', posMessages.notPosOrder);
  if (!sale.open) throw new AppError('conflict', posMessages.notAnOpenSale);
  await tx.execute(sql`
    with gone as (update contributions set deleted_at = now(), deleted_by = ${actor.userId}, updated_at = now() where id = ${id} returning id)
    insert into contribution_status_history (contribution_id, event, user_id) select id, 'deleted', ${actor.userId} from gone`);
}
