import {
  describeDiscount,
  isPercent,
  messages,
  productMessages,
  promoMessages,
  toDecimal,
  toMinor,
  type DiscountType,
  type Promo,
  type PromoInputParsed,
} from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { orgTimeZoneSql, startOfOrgDaySql } from '../money/money.sql.ts';
import { productCategories, products } from '../products/products.tables.ts';
import { getSettings } from '../settings/settings.service.ts';
import { promoCodeCategories, promoCodeProducts, promoCodes } from './promos.tables.ts';

const notFound = () => new AppError('not_found', messages.notFound);

/** The row with its dates as the organisation's calendar days (ends_at is the day after the last). */
const selection = {
  row: promoCodes,
  starts_on: sql<string | null>`to_char(${promoCodes.startsAt} at time zone ${orgTimeZoneSql}, 'YYYY-MM-DD')`,
  ends_on: sql<string | null>`to_char((${promoCodes.endsAt} at time zone ${orgTimeZoneSql}) - interval '1 day', 'YYYY-MM-DD')`,
};
type Selected = { row: typeof promoCodes.$inferSelect; starts_on: string | null; ends_on: string | null };

function toPromo({ row, starts_on, ends_on }: Selected, productIds: number[], categoryIds: number[]): Promo {
  const type = row.discountType as DiscountType;
  const discount = isPercent(type) ? Number(row.discountPercent ?? 0) : toDecimal(row.discountAmount ?? 0, row.currencyCode);
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discount_type: type,
    discount,
    currency_code: row.currencyCode,
    buy_quantity: row.buyQuantity,
    allocation_limit: row.allocationLimit,
    usage_limit: row.usageLimit,
    usage_limit_per_account: row.usageLimitPerAccount,
    usage_count: row.usageCount,
    starts_on,
    ends_on,
    is_free_shipping: row.isFreeShipping,
    free_shipping_label: row.freeShippingLabel,
    product_ids: productIds,
    category_ids: categoryIds,
    summary: describeDiscount({ discount_type: type, discount, buy_quantity: row.buyQuantity, currency_code: row.currencyCode }),
  };
}

export async function listPromos(db: Queryable): Promise<{ data: Omit<Promo, 'product_ids' | 'category_ids'>[]; site_currency: string }> {
  const rows = await db.select(selection).from(promoCodes).where(isNull(promoCodes.deletedAt)).orderBy(asc(promoCodes.code));
  const data = rows.map((r) => {
    const { product_ids: _p, category_ids: _c, ...rest } = toPromo(r, [], []);
    return rest;
  });
  return { data, site_currency: (await getSettings(db, ['site_currency'])).site_currency };
}

export async function getPromo(db: Queryable, id: number): Promise<Promo> {
  const [row] = await db.select(selection).from(promoCodes).where(and(eq(promoCodes.id, id), isNull(promoCodes.deletedAt)));
  if (!row) throw notFound();
  const [productIds, categoryIds] = await Promise.all([
    db.select({ id: promoCodeProducts.productId }).from(promoCodeProducts).where(eq(promoCodeProducts.promoCodeId, id)),
    db.select({ id: promoCodeCategories.categoryId }).from(promoCodeCategories).where(eq(promoCodeCategories.promoCodeId, id)),
  ]);
  return toPromo(row, productIds.map((p) => p.id).sort((a, b) => a - b), categoryIds.map((c) => c.id).sort((a, b) => a - b));
}

async function isCodeTaken(db: Queryable, code: string, exceptId: number | null) {
  const [row] = await db.select({ id: promoCodes.id }).from(promoCodes).where(and(sql`lower(${promoCodes.code}) = ${code.toLowerCase()}`, isNull(promoCodes.deletedAt), exceptId ? ne(promoCodes.id, exceptId) : undefined));
  return row !== undefined;
}

async function saveScope(tx: Tx, promoId: number, productIds: number[], categoryIds: number[]): Promise<void> {
  const uniqueProducts = [...new Set(productIds)];
  const uniqueCategories = [...new Set(categoryIds)];
  if (uniqueProducts.length) {
    const found = await tx.select({ id: products.id }).from(products).where(and(inArray(products.id, uniqueProducts), isNull(products.deletedAt)));
    if (found.length !== uniqueProducts.length) throw fieldError('product_ids', productMessages.unknownRedirect);
  }
  if (uniqueCategories.length) {
    const found = await tx.select({ id: productCategories.id }).from(productCategories).where(inArray(productCategories.id, uniqueCategories));
    if (found.length !== uniqueCategories.length) throw fieldError('category_ids', productMessages.unknownCategory);
  }
  await tx.delete(promoCodeProducts).where(eq(promoCodeProducts.promoCodeId, promoId));
  await tx.delete(promoCodeCategories).where(eq(promoCodeCategories.promoCodeId, promoId));
  if (uniqueProducts.length) await tx.insert(promoCodeProducts).values(uniqueProducts.map((productId) => ({ promoCodeId: promoId, productId })));
  if (uniqueCategories.length) await tx.insert(promoCodeCategories).values(uniqueCategories.map((categoryId) => ({ promoCodeId: promoId, categoryId })));
}

const columnsOf = (p: PromoInputParsed) => ({
  code: p.code,
  description: p.description,
  discountType: p.discount_type,
  discountPercent: isPercent(p.discount_type) ? String(p.discount) : null,
  discountAmount: isPercent(p.discount_type) ? null : toMinor(p.discount ?? 0, p.currency_code),
  currencyCode: p.currency_code,
  startsAt: p.starts_on ? startOfOrgDaySql(p.starts_on) : null,
  endsAt: p.ends_on ? startOfOrgDaySql(p.ends_on, 1) : null,
  buyQuantity: p.buy_quantity,
  allocationLimit: p.allocation_limit,
  usageLimit: p.usage_limit,
  usageLimitPerAccount: p.usage_limit_per_account,
  isFreeShipping: p.is_free_shipping,
  freeShippingLabel: p.is_free_shipping ? p.free_shipping_label : null,
  updatedAt: sql`now()`,
});

const isCodeConflict = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return (e.cause?.code ?? e.code) === '23505' && (e.cause?.constraint ?? e.constraint) === 'promo_codes_code_unique';
};

async function savePromo(db: Db, actor: Actor, id: number | null, input: PromoInputParsed): Promise<Promo> {
  try {
    const promoId = await withActor(db, actor, async (tx) => {
      if (id !== null) await getPromo(tx, id);
      if (await isCodeTaken(tx, input.code, id)) throw fieldError('code', promoMessages.codeInUse);
      let savedId = id;
      if (savedId === null) {
        const [row] = await tx.insert(promoCodes).values(columnsOf(input)).returning({ id: promoCodes.id });
        savedId = (row as { id: number }).id;
      } else {
        await tx.update(promoCodes).set(columnsOf(input)).where(eq(promoCodes.id, savedId));
      }
      await saveScope(tx, savedId, input.product_ids, input.category_ids);
      return savedId;
    });
    return await getPromo(db, promoId);
  } catch (error) {
    if (isCodeConflict(error)) throw fieldError('code', promoMessages.codeInUse);
    throw error;
  }
}

export const createPromo = (db: Db, actor: Actor, input: PromoInputParsed) => savePromo(db, actor, null, input);
export const updatePromo = (db: Db, actor: Actor, id: number, input: PromoInputParsed) => savePromo(db, actor, id, input);

export async function deletePromo(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const promo = await getPromo(tx, id);
    await tx.update(promoCodes).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(promoCodes.id, id));
    return { message: promoMessages.deleted(promo.code) };
  });
}

/** A copy with a free code (CODE-2, CODE-3 …, shortened to fit 15), its scope, and no usage. */
export async function duplicatePromo(db: Db, actor: Actor, id: number): Promise<Promo & { message: string }> {
  const source = await getPromo(db, id);
  let code = '';
  for (let n = 2; n < 1000; n++) {
    const suffix = `-${n}`;
    code = `${source.code.slice(0, 15 - suffix.length)}${suffix}`;
    if (!(await isCodeTaken(db, code, null))) break;
  }
  const copy = await createPromo(db, actor, {
    ...source,
    code,
    starts_on: source.starts_on,
    ends_on: source.ends_on,
  });
  return { ...copy, message: promoMessages.duplicated(code) };
}
