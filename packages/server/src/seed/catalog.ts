import type { Queryable } from '../db/client.ts';
import { thumbnailKey } from '../integrations/storage/media-uploads.ts';
import { downloadFiles, media, mediables } from '../modules/media/media.tables.ts';
import { productPicture } from './pictures.ts';
import {
  productCategories,
  productCategoryLinks,
  productCustomFields,
  products,
  productTributeTypes,
  productVariants,
  stockMovements,
  variantBundles,
} from '../modules/products/products.tables.ts';
import { CATEGORIES, PRODUCTS, type FieldSpec, type ProductSpec, type VariantKind, type VariantSpec } from './catalog-data.ts';
import { at, DAY, type SeedContext } from './context.ts';
import { insertPromos, type PromoRef } from './promos.ts';
import { insertTaxesAndShipping } from './taxes-shipping.ts';
import type { Reference } from './reference.ts';
import { insertRows } from './writer.ts';

export type FieldRef = { id: number; name: string; type: FieldSpec['type']; choices: string[]; defaultValue: string | null };

/** What contributions need to know about a variant, kept in memory while generating. */
export type VariantRef = {
  id: number;
  productId: number;
  productName: string;
  variantName: string;
  code: string;
  kind: VariantKind;
  /** What a buyer pays today (the sale price when on sale). */
  price: number;
  originalPrice: number;
  presets: number[];
  minimum: number;
  billingPeriod: string;
  shippable: boolean;
  weightLbs: number;
  membershipIndex: number | null;
  fileId: number | null;
  fairMarketValue: number | null;
  glCode: string;
  receiptable: boolean;
  dcc: boolean;
  tributes: boolean;
  fields: FieldRef[];
  bundle: VariantRef[];
};

export type Catalog = {
  variants: VariantRef[];
  byKind: Record<VariantKind, VariantRef[]>;
  productIds: Map<string, number>;
  categoryIds: Map<string, number>;
  promos: PromoRef[];
};

/** Categories, products, variants, bundles, custom fields, product images, the download file. */
export async function insertCatalog(ctx: SeedContext, q: Queryable, reference: Reference): Promise<Catalog> {
  const categoryIds = await insertCategories(ctx, q);
  const fileId = ctx.ids.next(downloadFiles);
  await insertRows(q, downloadFiles, [
    { id: fileId, name: 'Annual Report', filename: 'annual-report.pdf', storageKey: 'downloads/annual-report.pdf', contentType: 'application/pdf', size: 2_412_330 },
  ]);
  const productIds = new Map<string, number>();
  const variants: VariantRef[] = [];
  for (const [index, spec] of PRODUCTS.entries()) {
    const productId = await insertProduct(ctx, q, spec, index, categoryIds, reference);
    productIds.set(spec.code, productId);
    const fields = await insertFields(ctx, q, productId, spec.fields ?? []);
    const refs = spec.variants.map((v) => variantRef(ctx, spec, v, { productId, fileId, fields }));
    const rows = refs.map((ref, i) => variantRow(spec, spec.variants[i] as VariantSpec, ref, reference, i));
    await insertRows(q, productVariants, rows);
    // The stock history starts with each variant's opening quantity, so it explains the stock.
    const opening = rows.filter((r) => r.quantity).map((r) => ({ variantId: r.id as number, change: r.quantity as number, quantityAfter: r.quantity as number, reason: 'initial', note: 'Demo data' }));
    if (opening.length) await insertRows(q, stockMovements, opening);
    if (!spec.deleted) variants.push(...refs);
  }
  await insertBundles(q, variants, productIds);
  const promos = await insertPromos(ctx, q, productIds, categoryIds, reference);
  await insertTaxesAndShipping(ctx, q, productIds);
  return { variants, byKind: groupByKind(variants), productIds, categoryIds, promos };
}

async function insertCategories(ctx: SeedContext, q: Queryable): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = CATEGORIES.map(([name, parent], i) => {
    const id = ctx.ids.next(productCategories);
    ids.set(name, id);
    const urlName = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return { id, name, urlName, sequence: i, parentId: parent ? (ids.get(parent) as number) : null };
  });
  await insertRows(q, productCategories, rows);
  return ids;
}

async function insertProduct(
  ctx: SeedContext, q: Queryable, spec: ProductSpec, index: number, categoryIds: Map<string, number>, reference: Reference,
): Promise<number> {
  const id = ctx.ids.next(products);
  const mediaId = ctx.ids.next(media);
  const createdAt = at(ctx.now - 900 * DAY + index * DAY);
  const slug = spec.code.toLowerCase();
  const key = `products/${slug}.jpg`;
  const picture = productPicture(index);
  ctx.files.push({ key, body: picture.image.body, contentType: 'image/jpeg' }, { key: thumbnailKey(key), body: picture.thumbnail.body, contentType: 'image/jpeg' });
  await insertRows(q, media, [
    { id: mediaId, collectionName: 'products', name: spec.name, filename: `${slug}.jpg`, storageKey: key, contentType: 'image/jpeg', size: picture.image.body.length, width: picture.image.width, height: picture.image.height, createdAt },
  ]);
  // Only goods counted on a shelf (variants with a quantity) run out; gifts, memberships,
  // downloads and donation forms sell without stock, so the demo's POS can sell every one.
  const stocked = spec.variants.some((v) => v.quantity !== undefined);
  await insertRows(q, products, [{
    id, type: spec.type, name: spec.name, code: spec.code, baseCurrency: ctx.currency, permalink: slug, summary: spec.summary,
    description: `<p>${spec.summary}</p>`, mediaId, glCode: spec.glCode, isTaxReceiptable: spec.receiptable ?? false,
    isDccEnabled: spec.dcc ?? false, allowTributes: spec.tributes ?? false, allowTributeNotification: spec.tributes ?? false,
    designationOptions: spec.designation ?? null, goalAmount: spec.goal ?? null, isFeatured: index < 3,
    outofstockAllow: !stocked, outofstockMessage: stocked ? 'Sold out, back soon.' : null,
    recurringType: spec.type === 'donation_form' ? 'natural' : null, crmMetadata: { dp_campaign: 'ANNUAL' },
    createdAt, updatedAt: createdAt, deletedAt: spec.deleted ? at(ctx.now - 200 * DAY) : null,
  }]);
  await insertRows(q, mediables, [{ mediaId, mediableType: 'product', mediableId: id }]);
  await insertRows(q, productCategoryLinks, spec.categories.map((name, i) => ({ productId: id, categoryId: categoryIds.get(name) as number, sequence: i })));
  if (spec.tributes) await insertRows(q, productTributeTypes, reference.tributeTypeIds.map((tributeTypeId) => ({ productId: id, tributeTypeId })));
  return id;
}

async function insertFields(ctx: SeedContext, q: Queryable, productId: number, specs: FieldSpec[]): Promise<FieldRef[]> {
  const refs = specs.map((spec) => ({
    id: ctx.ids.next(productCustomFields), name: spec.name, type: spec.type, choices: spec.choices ?? [], defaultValue: spec.defaultValue ?? null,
  }));
  await insertRows(q, productCustomFields, specs.map((spec, i) => ({
    id: (refs[i] as FieldRef).id, productId, sequence: i + 1, type: spec.type, name: spec.name, hint: spec.hint ?? null,
    isRequired: spec.required ?? false, choices: (spec.choices ?? []).map((c) => ({ value: c, label: c })), defaultValue: spec.defaultValue ?? null,
  })));
  return refs;
}

function variantRef(
  ctx: SeedContext, spec: ProductSpec, v: VariantSpec, parts: { productId: number; fileId: number; fields: FieldRef[] },
): VariantRef {
  return {
    id: ctx.ids.next(productVariants), productId: parts.productId, productName: spec.name, variantName: v.name,
    code: v.sku ?? spec.code, kind: v.kind, price: v.salePrice ?? v.price, originalPrice: v.price, presets: v.presets ?? [],
    minimum: v.minimum ?? 0, billingPeriod: v.billingPeriod ?? 'onetime', shippable: v.weightLbs !== undefined,
    weightLbs: Number(v.weightLbs ?? 0), membershipIndex: v.membership ?? null, fileId: v.file ? parts.fileId : null,
    fairMarketValue: v.fairMarketValue ?? null, glCode: spec.glCode, receiptable: spec.receiptable ?? false,
    dcc: spec.dcc ?? false, tributes: spec.tributes ?? false, fields: parts.fields, bundle: [],
  };
}

function variantRow(spec: ProductSpec, v: VariantSpec, ref: VariantRef, reference: Reference, index: number): typeof productVariants.$inferInsert {
  const isDonation = ['donation', 'recurring_donation', 'p2p'].includes(v.kind);
  return {
    id: ref.id, productId: ref.productId, variantName: v.name, isDefault: index === 0, sequence: index + 1,
    billingPeriod: ref.billingPeriod, isDonation, price: v.price, salePrice: v.salePrice ?? null, cost: v.cost ?? null,
    fairMarketValue: v.fairMarketValue ?? null, pricePresets: v.presets ?? null, priceMinimum: v.minimum ?? null,
    isShippable: ref.shippable, weightLbs: v.weightLbs ?? null, sku: v.sku ?? null, quantity: v.quantity ?? 0,
    quantityRestock: v.quantity ? 20 : null, membershipId: ref.membershipIndex === null ? null : reference.membershipIds[ref.membershipIndex],
    fileType: ref.fileId ? 'file' : null, fileId: ref.fileId, downloadExpirySeconds: ref.fileId ? 30 * 86_400 : null,
    downloadLimit: ref.fileId ? 5 : null, downloadAddressLimit: ref.fileId ? 3 : null,
    shippingExpectationThreshold: ref.shippable ? 5000 : null,
    shippingExpectationUnder: ref.shippable ? 'Ships in 3\u20135 business days.' : null,
    shippingExpectationOver: ref.shippable ? 'Orders over $50 ship free.' : null,
    crmMetadata: { dp_gl_code: spec.glCode, dp_campaign: 'ANNUAL', dp_solicit: isDonation ? 'ONLINE' : 'STORE', dp_no_calc: 'N' },
  };
}

/** Bundle children are the first variant of each product named in the spec's `bundles`. */
async function insertBundles(q: Queryable, variants: VariantRef[], productIds: Map<string, number>): Promise<void> {
  const rows: (typeof variantBundles.$inferInsert)[] = [];
  for (const parent of variants) {
    const spec = PRODUCTS.find((p) => productIds.get(p.code) === parent.productId)?.variants.find((v) => v.name === parent.variantName);
    for (const code of spec?.bundles ?? []) {
      const linked = variants.find((ref) => ref.productId === productIds.get(code));
      if (!linked) continue;
      parent.bundle.push(linked);
      rows.push({ variantId: parent.id, linkedVariantId: linked.id, quantity: 1, price: 0 });
    }
  }
  await insertRows(q, variantBundles, rows);
}

function groupByKind(variants: VariantRef[]): Record<VariantKind, VariantRef[]> {
  const groups = {} as Record<VariantKind, VariantRef[]>;
  for (const v of variants) (groups[v.kind] ??= []).push(v);
  return groups;
}
