import { messages, pickerMessages, taxMessages, type TaxRate, type TaxRateInputParsed } from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { products } from '../products/products.tables.ts';
import { assertKnownRegions, withPlaceName } from './regions.ts';
import { productTaxRates, taxRateRegions, taxRates } from './taxes.tables.ts';

/** Tax rates as staff set them up under Settings › Taxes. */

const notFound = () => new AppError('not_found', messages.notFound);

async function findRate(db: Queryable, id: number) {
  const [row] = await db.select().from(taxRates).where(and(eq(taxRates.id, id), isNull(taxRates.deletedAt)));
  if (!row) throw notFound();
  return row;
}

/** Rates with their regions and products, in one query each rather than one per rate. */
async function present(db: Queryable, rows: (typeof taxRates.$inferSelect)[]): Promise<TaxRate[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const regions = await db.select().from(taxRateRegions).where(inArray(taxRateRegions.taxRateId, ids)).orderBy(asc(taxRateRegions.country), asc(taxRateRegions.region));
  const links = await db
    .select({ taxRateId: productTaxRates.taxRateId, productId: productTaxRates.productId })
    .from(productTaxRates)
    .innerJoin(products, and(eq(products.id, productTaxRates.productId), isNull(products.deletedAt)))
    .where(inArray(productTaxRates.taxRateId, ids))
    .orderBy(asc(productTaxRates.productId));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    description: r.description,
    rate: Number(r.rate),
    city: r.city,
    regions: regions.filter((g) => g.taxRateId === r.id).map(withPlaceName),
    product_ids: links.filter((l) => l.taxRateId === r.id).map((l) => l.productId),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function listTaxRates(db: Queryable): Promise<{ data: TaxRate[] }> {
  const rows = await db.select().from(taxRates).where(isNull(taxRates.deletedAt)).orderBy(asc(sql`lower(${taxRates.code})`), asc(taxRates.id));
  return { data: await present(db, rows) };
}

export async function getTaxRate(db: Queryable, id: number): Promise<TaxRate> {
  const [rate] = await present(db, [await findRate(db, id)]);
  return rate as TaxRate;
}

async function assertProducts(db: Queryable, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db.select({ id: products.id }).from(products).where(and(inArray(products.id, ids), isNull(products.deletedAt)));
  if (found.length < new Set(ids).size) throw fieldError('product_ids', pickerMessages.productMissing);
}

async function saveTaxRate(db: Db, actor: Actor, id: number | null, input: TaxRateInputParsed): Promise<TaxRate> {
  assertKnownRegions(input.regions);
  const savedId = await withActor(db, actor, async (tx) => {
    await assertProducts(tx, input.product_ids);
    const columns = { code: input.code, description: input.description, rate: String(input.rate), city: input.city };
    let rateId = id;
    if (rateId === null) {
      const [row] = await tx.insert(taxRates).values(columns).returning({ id: taxRates.id });
      rateId = (row as { id: number }).id;
    } else {
      await findRate(tx, rateId);
      await tx.update(taxRates).set({ ...columns, updatedAt: sql`now()` }).where(eq(taxRates.id, rateId));
    }
    // Regions and product links are the form's lists: replaced whole.
    await tx.delete(taxRateRegions).where(eq(taxRateRegions.taxRateId, rateId));
    await tx.insert(taxRateRegions).values(input.regions.map((r) => ({ taxRateId: rateId, country: r.country, region: r.region })));
    await tx.delete(productTaxRates).where(eq(productTaxRates.taxRateId, rateId));
    const productIds = [...new Set(input.product_ids)];
    if (productIds.length) await tx.insert(productTaxRates).values(productIds.map((productId) => ({ productId, taxRateId: rateId })));
    return rateId;
  });
  return getTaxRate(db, savedId);
}

export const createTaxRate = (db: Db, actor: Actor, input: TaxRateInputParsed) => saveTaxRate(db, actor, null, input);
export const updateTaxRate = (db: Db, actor: Actor, id: number, input: TaxRateInputParsed) => saveTaxRate(db, actor, id, input);

/** Soft: orders already taxed keep pointing at it; `taxesFor` stops offering it. */
export async function deleteTaxRate(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const rate = await findRate(tx, id);
    await tx.update(taxRates).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(taxRates.id, id));
    return { message: taxMessages.deleted(rate.code) };
  });
}
