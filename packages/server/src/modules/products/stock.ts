import { productMessages, type StockMovement, type StockReason } from '@almoner/contracts';
import { sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { stockMovements } from './products.tables.ts';

/**
 * Stock that cannot oversell. A sale takes units with one conditional UPDATE: PostgreSQL locks
 * the variant's row, and a second sale waiting on that lock re-checks the condition against the
 * row the first one left, so two buyers of the last unit cannot both get it. The product's sold
 * counter (behind limit_sales) is taken the same way. Both run in the caller's transaction (the
 * point of sale's completion), so a later failure there gives the units back.
 */

export type StockChange = {
  variantId: number;
  quantity: number;
  userId: number | null;
  contributionId?: number | null;
  note?: string | null;
};

const rowsOf = async <T>(db: Queryable, query: ReturnType<typeof sql>) => (await queryRows(db, query)) as T[];

type Taken = { quantity: number; product_id: number; outofstock_message: string | null };

export class OutOfStockError extends AppError {
  constructor(message: string) {
    super('conflict', message, { quantity: [message] });
  }
}

async function recordMovement(tx: Queryable, change: StockChange, delta: number, after: number, reason: StockReason): Promise<void> {
  await tx.insert(stockMovements).values({
    variantId: change.variantId,
    change: delta,
    quantityAfter: after,
    reason,
    note: change.note ?? null,
    userId: change.userId,
    contributionId: change.contributionId ?? null,
  });
}

async function outOfStockMessage(tx: Queryable, variantId: number): Promise<string> {
  const [row] = await rowsOf<{ message: string | null }>(
    tx,
    sql`select p.outofstock_message as message from product_variants v join products p on p.id = v.product_id where v.id = ${variantId}`,
  );
  return row?.message || productMessages.outOfStock;
}

/** Sells `quantity` units of a variant inside `tx`, or throws the product's out-of-stock message. */
export async function takeStock(tx: Tx, change: StockChange): Promise<{ quantity: number }> {
  if (!Number.isInteger(change.quantity) || change.quantity < 1) throw new RangeError('quantity must be a positive integer');
  const n = change.quantity;
  const [row] = await rowsOf<Taken>(tx, sql`
    update product_variants v set quantity = v.quantity - ${n}, updated_at = now()
      from products p
     where v.id = ${change.variantId} and p.id = v.product_id and v.deleted_at is null and p.deleted_at is null
       and (v.quantity >= ${n} or p.outofstock_allow)
    returning v.quantity, p.id as product_id, p.outofstock_message`);
  if (!row) throw new OutOfStockError(await outOfStockMessage(tx, change.variantId));
  const [sold] = await rowsOf<{ sold_count: number }>(tx, sql`
    update products set sold_count = sold_count + ${n}
     where id = ${row.product_id} and (limit_sales is null or sold_count + ${n} <= limit_sales)
    returning sold_count`);
  // Throwing rolls back the variant's decrement above with the caller's transaction.
  if (!sold) throw new OutOfStockError(row.outofstock_message || productMessages.salesLimitReached);
  await recordMovement(tx, change, -n, row.quantity, 'sale');
  return { quantity: row.quantity };
}

/** Puts refunded units back on the shelf and off the sold counter. */
export async function returnStock(tx: Tx, change: StockChange): Promise<{ quantity: number }> {
  if (!Number.isInteger(change.quantity) || change.quantity < 1) throw new RangeError('quantity must be a positive integer');
  const n = change.quantity;
  const [row] = await rowsOf<{ quantity: number; product_id: number }>(tx, sql`
    update product_variants set quantity = quantity + ${n}, updated_at = now()
     where id = ${change.variantId} returning quantity, product_id`);
  if (!row) throw new AppError('not_found', productMessages.unknownVariant);
  await tx.execute(sql`update products set sold_count = greatest(0, sold_count - ${n}) where id = ${row.product_id}`);
  await recordMovement(tx, change, n, row.quantity, 'refund');
  return { quantity: row.quantity };
}

/** A stock level set by hand (the variant's quantity toggle) or an import, with its reason. */
export async function setStock(tx: Tx, change: StockChange & { reason: 'manual_edit' | 'import' | 'initial' }): Promise<void> {
  const [before] = await rowsOf<{ quantity: number }>(tx, sql`select quantity from product_variants where id = ${change.variantId} for update`);
  const current = before?.quantity ?? 0;
  const target = change.quantity;
  if (change.reason !== 'initial' && target === current) return;
  await tx.execute(sql`
    update product_variants set quantity = ${target}, quantity_modified_at = now(), quantity_modified_by = ${change.userId}, updated_at = now()
     where id = ${change.variantId}`);
  await recordMovement(tx, change, change.reason === 'initial' ? target : target - current, target, change.reason);
}

/** A product's stock history, newest first. */
export async function listStockMovements(db: Queryable, productId: number): Promise<StockMovement[]> {
  const rows = await rowsOf<{
    id: number; variant_id: number; variant_name: string; change: number; quantity_after: number; reason: StockReason;
    note: string | null; user_name: string | null; contribution_id: number | null; created_at: Date | string;
  }>(db, sql`
    select m.id, m.variant_id, v.variant_name, m.change, m.quantity_after, m.reason, m.note,
           nullif(concat_ws(' ', u.first_name, u.last_name), '') as user_name, m.contribution_id, m.created_at
      from stock_movements m
      join product_variants v on v.id = m.variant_id
      left join users u on u.id = m.user_id
     where v.product_id = ${productId}
     order by m.id desc
     limit 500`);
  return rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() }));
}
