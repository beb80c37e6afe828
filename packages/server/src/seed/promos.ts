import type { Queryable } from '../db/client.ts';
import { promoCodeCategories, promoCodeMemberships, promoCodeProducts, promoCodes } from '../modules/promos/promos.tables.ts';
import { at, DAY, type SeedContext } from './context.ts';
import type { Reference } from './reference.ts';
import { insertRows } from './writer.ts';

/** A code contributions may carry: applies to `productIds` (categories already expanded). */
export type PromoRef = { id: number; code: string; percent: number; amount: number; freeShipping: boolean; productIds: Set<number> };

type PromoSpec = {
  code: string;
  description: string;
  type: 'percent' | 'dollar' | 'bxgy_percent' | 'bxgy_dollar';
  percent?: number;
  amount?: number;
  products?: string[];
  categories?: string[];
  members?: boolean;
  freeShipping?: boolean;
  buy?: number;
  /** Days before today it ended; absent = still running. */
  endedDaysAgo?: number;
};

const SHOP = ['TSHIRT-HOPE', 'MUG-HOPE', 'TOTE-CANVAS', 'CARDS-XMAS', 'BUNDLE-GIFT'];

const PROMOS: PromoSpec[] = [
  { code: 'SPRING10', description: '10% off the shop', type: 'percent', percent: 10, categories: ['Shop'] },
  { code: 'MEMBER15', description: 'Members save 15% in the shop', type: 'percent', percent: 15, categories: ['Shop'], members: true },
  { code: 'FREESHIP', description: 'Free shipping on the shop', type: 'percent', percent: 0, categories: ['Shop'], freeShipping: true },
  { code: 'GALA25', description: '$25 off a gala ticket', type: 'dollar', amount: 2500, products: ['GALA-TICKET'] },
  { code: 'MUGBOGO', description: 'Buy a mug, get one free', type: 'bxgy_percent', percent: 100, products: ['MUG-HOPE'], buy: 1 },
  { code: 'CARDS3FOR2', description: 'Third card pack on us', type: 'bxgy_dollar', amount: 1800, products: ['CARDS-XMAS'], buy: 2 },
  { code: 'HOLIDAY22', description: 'Holiday sale (ended)', type: 'percent', percent: 20, products: SHOP, endedDaysAgo: 400 },
];

/** Promo codes and their product, category and membership scopes. */
export async function insertPromos(
  ctx: SeedContext, q: Queryable, productIds: Map<string, number>, categoryIds: Map<string, number>, reference: Reference,
): Promise<PromoRef[]> {
  const refs: PromoRef[] = [];
  for (const spec of PROMOS) {
    const id = ctx.ids.next(promoCodes);
    const ended = spec.endedDaysAgo === undefined ? null : ctx.now - spec.endedDaysAgo * DAY;
    await insertRows(q, promoCodes, [{
      id, code: spec.code, currencyCode: ctx.currency, description: spec.description, discountType: spec.type, discountPercent: spec.percent?.toFixed(3) ?? null,
      discountAmount: spec.amount ?? null, isFreeShipping: spec.freeShipping ?? false, freeShippingLabel: spec.freeShipping ? 'Free Shipping' : null,
      buyQuantity: spec.buy ?? null, allocationLimit: spec.buy ? 1 : null, usageLimitPerAccount: spec.members ? 3 : null,
      startsAt: at(ctx.now - 760 * DAY), endsAt: ended === null ? null : at(ended),
    }]);
    const products = (spec.products ?? []).map((code) => productIds.get(code) as number);
    await insertRows(q, promoCodeProducts, products.map((productId) => ({ promoCodeId: id, productId })));
    await insertRows(q, promoCodeCategories, (spec.categories ?? []).map((name) => ({ promoCodeId: id, categoryId: categoryIds.get(name) as number })));
    if (spec.members) await insertRows(q, promoCodeMemberships, reference.membershipIds.map((membershipId) => ({ promoCodeId: id, membershipId })));
    // Contributions only use the simple item promos that are still running.
    if (ended !== null || spec.type.startsWith('bxgy')) continue;
    const scope = spec.categories?.includes('Shop') ? SHOP.map((code) => productIds.get(code) as number) : products;
    refs.push({ id, code: spec.code, percent: spec.percent ?? 0, amount: spec.amount ?? 0, freeShipping: spec.freeShipping ?? false, productIds: new Set(scope) });
  }
  return refs;
}
