import {
  productMessages,
  skuMessages,
  toDecimal,
  toMinor,
  withOneDefault,
  type Variant,
  type VariantInputParsed,
} from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { queryRows } from '../../listing/engine.ts';
import { downloadFiles } from '../media/media.tables.ts';
import { users } from '../users/users.tables.ts';
import { products, productVariants, variantBundles } from './products.tables.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { assertImages, readVariantImages, saveVariantImages } from './catalogue-images.ts';
import { setStock } from './stock.ts';

type VariantRow = typeof productVariants.$inferSelect;

const fieldErrors = (errors: Record<string, string[]>) => new AppError('validation', Object.values(errors)[0]?.[0] ?? '', errors);

const dec = (minor: number | null, currency: string) => (minor === null ? null : toDecimal(minor, currency));
const minorOf = (amount: number | null, currency: string) => (amount === null ? null : toMinor(amount, currency));

/** A product's live variants as the API answers them, in their order. */
export async function readVariants(db: Queryable, productId: number, currency: string, storage?: Storage): Promise<Variant[]> {
  const rows = await db
    .select({ v: productVariants, file: downloadFiles.filename, by: sql<string | null>`nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), '')` })
    .from(productVariants)
    .leftJoin(downloadFiles, eq(downloadFiles.id, productVariants.fileId))
    .leftJoin(users, eq(users.id, productVariants.quantityModifiedBy))
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.deletedAt)))
    .orderBy(asc(productVariants.sequence), asc(productVariants.id));
  const ids = rows.map((r) => r.v.id);
  const bundles = ids.length
    ? await db
        .select({ variantId: variantBundles.variantId, linkedId: variantBundles.linkedVariantId, quantity: variantBundles.quantity, price: variantBundles.price, name: sql<string>`${products.name} || ' – ' || ${productVariants.variantName}` })
        .from(variantBundles)
        .innerJoin(productVariants, eq(productVariants.id, variantBundles.linkedVariantId))
        .innerJoin(products, eq(products.id, productVariants.productId))
        .where(inArray(variantBundles.variantId, ids))
    : [];
  const images = await readVariantImages(db, storage, ids);
  return rows.map(({ v, file, by }) => ({
    ...toVariant(v, file, by, currency, bundles.filter((b) => b.variantId === v.id)),
    images: images.get(v.id) ?? [],
  }));
}

function toVariant(
  v: VariantRow,
  fileName: string | null,
  modifiedBy: string | null,
  currency: string,
  bundles: { linkedId: number; quantity: number; price: number; name: string }[],
): Omit<Variant, 'images'> {
  return {
    id: v.id,
    variant_name: v.variantName,
    is_default: v.isDefault,
    sequence: v.sequence,
    billing_period: v.billingPeriod as Variant['billing_period'],
    total_billing_cycles: v.totalBillingCycles,
    billing_starts_on: v.billingStartsOn,
    billing_ends_on: v.billingEndsOn,
    is_donation: v.isDonation,
    price: toDecimal(v.price, currency),
    sale_price: dec(v.salePrice, currency),
    cost: dec(v.cost, currency),
    fair_market_value: dec(v.fairMarketValue, currency),
    price_presets: (v.pricePresets ?? []).map((p) => toDecimal(p, currency)),
    price_minimum: dec(v.priceMinimum, currency),
    redirects_to_product_id: v.redirectsToProductId,
    is_shippable: v.isShippable,
    is_shipping_free: v.isShippingFree,
    weight_lbs: v.weightLbs === null ? null : Number(v.weightLbs),
    shipping_expectation_threshold: dec(v.shippingExpectationThreshold, currency),
    shipping_expectation_over: v.shippingExpectationOver,
    shipping_expectation_under: v.shippingExpectationUnder,
    sku: v.sku,
    barcode: v.barcode,
    quantity: v.quantity,
    quantity_restock: v.quantityRestock,
    quantity_modified_at: v.quantityModifiedAt?.toISOString() ?? null,
    quantity_modified_by: modifiedBy,
    membership_id: v.membershipId,
    file_type: v.fileType as Variant['file_type'],
    file_id: v.fileId,
    file_name: fileName,
    external_resource_uri: v.externalResourceUri,
    download_expiry_seconds: v.downloadExpirySeconds,
    download_address_limit: v.downloadAddressLimit,
    download_limit: v.downloadLimit,
    file_description: v.fileDescription,
    crm_metadata: v.crmMetadata,
    linked_variants: bundles.map((b) => ({ variant_id: b.linkedId, name: b.name, quantity: b.quantity, price: toDecimal(b.price, currency) })),
  };
}

function columnsOf(v: VariantInputParsed, sequence: number, currency: string) {
  const redirect = v.redirects_to_product_id;
  return {
    variantName: v.variant_name,
    isDefault: v.is_default,
    sequence,
    // A redirect sells nothing itself: no price or billing (spec part 2 §4).
    billingPeriod: redirect ? 'onetime' : v.billing_period,
    totalBillingCycles: redirect || v.billing_period === 'onetime' ? null : v.total_billing_cycles,
    billingStartsOn: redirect || v.billing_period === 'onetime' ? null : v.billing_starts_on,
    billingEndsOn: redirect || v.billing_period === 'onetime' ? null : v.billing_ends_on,
    isDonation: v.is_donation,
    price: v.is_donation || redirect ? 0 : (minorOf(v.price, currency) ?? 0),
    salePrice: v.is_donation || redirect ? null : minorOf(v.sale_price, currency),
    cost: v.is_donation || redirect ? null : minorOf(v.cost, currency),
    fairMarketValue: minorOf(v.fair_market_value, currency),
    pricePresets: v.is_donation && !redirect ? v.price_presets.map((p) => toMinor(p, currency)) : null,
    priceMinimum: v.is_donation && !redirect ? minorOf(v.price_minimum, currency) : null,
    redirectsToProductId: redirect,
    isShippable: v.is_shippable,
    isShippingFree: v.is_shippable && v.is_shipping_free,
    weightLbs: v.weight_lbs === null ? null : String(v.weight_lbs),
    shippingExpectationThreshold: minorOf(v.shipping_expectation_threshold, currency),
    shippingExpectationOver: v.shipping_expectation_over,
    shippingExpectationUnder: v.shipping_expectation_under,
    sku: v.sku,
    barcode: v.barcode,
    quantityRestock: v.quantity_restock,
    membershipId: v.membership_id,
    fileType: v.file_type,
    fileId: v.file_type === 'file' ? v.file_id : null,
    externalResourceUri: v.file_type === 'external' ? v.external_resource_uri : null,
    downloadExpirySeconds: v.file_type ? v.download_expiry_seconds : null,
    downloadAddressLimit: v.file_type ? v.download_address_limit : null,
    downloadLimit: v.file_type ? v.download_limit : null,
    fileDescription: v.file_type ? v.file_description : null,
    crmMetadata: v.crm_metadata,
    updatedAt: sql`now()`,
  };
}

/** Every reference a variant makes must exist, or the field says so. */
async function assertReferences(tx: Queryable, productId: number, variants: VariantInputParsed[], keepIds: number[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  const ids = (pick: (v: VariantInputParsed) => (number | null)[]) => [...new Set(variants.flatMap(pick).filter((x): x is number => x !== null))];
  const redirects = ids((v) => [v.redirects_to_product_id]);
  const found = async (table: 'products' | 'memberships' | 'download_files' | 'product_variants', list: number[]) =>
    list.length === 0
      ? new Set<number>()
      : new Set(
          (
            await queryRows(tx, sql`select id from ${sql.identifier(table)} where id in (${sql.join(list.map((i) => sql`${i}`), sql`, `)}) and ${table === 'download_files' ? sql`true` : sql`deleted_at is null`}`)
          ).map((r) => Number(r.id)),
        );
  const liveProducts = await found('products', redirects);
  const liveMemberships = await found('memberships', ids((v) => [v.membership_id]));
  const liveFiles = await found('download_files', ids((v) => [v.file_type === 'file' ? v.file_id : null]));
  const liveVariants = await found('product_variants', ids((v) => v.linked_variants.map((l) => l.variant_id)));
  variants.forEach((v, i) => {
    const add = (field: string, message: string) => (errors[`variants.${i}.${field}`] ??= []).push(message);
    if (v.redirects_to_product_id !== null && (!liveProducts.has(v.redirects_to_product_id) || v.redirects_to_product_id === productId)) add('redirects_to_product_id', productMessages.unknownRedirect);
    if (v.membership_id !== null && !liveMemberships.has(v.membership_id)) add('membership_id', productMessages.unknownMembership);
    if (v.file_type === 'file' && (v.file_id === null || !liveFiles.has(v.file_id))) add('file_id', productMessages.unknownFile);
    v.linked_variants.forEach((l, j) => {
      if (!liveVariants.has(l.variant_id)) add(`linked_variants.${j}.variant_id`, productMessages.unknownBundleVariant);
    });
    if (v.id !== undefined && !keepIds.includes(v.id)) add('id', productMessages.unknownVariant);
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/** Variant SKUs are unique among live variants (ignoring case), in the request and in the table. */
async function assertVariantSkus(tx: Queryable, variants: VariantInputParsed[]): Promise<void> {
  const errors: Record<string, string[]> = {};
  const seen = new Map<string, number>();
  const skus = variants.map((v) => v.sku?.toLowerCase() ?? null);
  const taken = skus.some(Boolean)
    ? await tx
        .select({ id: productVariants.id, sku: sql<string>`lower(${productVariants.sku})` })
        .from(productVariants)
        .where(and(isNull(productVariants.deletedAt), inArray(sql`lower(${productVariants.sku})`, skus.filter((s): s is string => s !== null))))
    : [];
  variants.forEach((v, i) => {
    const sku = skus[i];
    if (!sku) return;
    const other = taken.find((t) => t.sku === sku && t.id !== v.id);
    if (seen.has(sku) || other) errors[`variants.${i}.sku`] = [skuMessages.inUse];
    seen.set(sku, i);
  });
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

/**
 * Writes the product's variants as sent, in that order, with exactly one default. Variants no
 * longer sent are soft-deleted. A new variant's stock, and an existing one's when its quantity
 * toggle set `update_quantity`, become stock movements with who and when.
 */
export async function saveVariants(tx: Tx, productId: number, currency: string, input: VariantInputParsed[], userId: number | null): Promise<void> {
  const existing = await tx
    .select({ id: productVariants.id })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.deletedAt)));
  const existingIds = existing.map((e) => e.id);
  await assertReferences(tx, productId, input, existingIds);
  await assertVariantSkus(tx, input);
  for (const [i, v] of input.entries()) await assertImages(tx, v.image_ids ?? [], (j) => `variants.${i}.image_ids.${j}`);
  const variants = withOneDefault(input);
  const sentIds = variants.map((v) => v.id).filter((x): x is number => x !== undefined);
  const gone = existingIds.filter((id) => !sentIds.includes(id));
  // The one-default index is checked row by row: clear every flag before setting the new one.
  await tx.update(productVariants).set({ isDefault: false }).where(and(eq(productVariants.productId, productId), isNull(productVariants.deletedAt)));
  if (gone.length) await tx.update(productVariants).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(inArray(productVariants.id, gone));
  for (const [i, v] of variants.entries()) {
    const columns = columnsOf(v, i, currency);
    let id = v.id;
    if (id === undefined) {
      const [row] = await tx.insert(productVariants).values({ ...columns, productId, quantity: 0 }).returning({ id: productVariants.id });
      id = (row as { id: number }).id;
      await setStock(tx, { variantId: id, quantity: v.quantity ?? 0, userId, reason: 'initial' });
    } else {
      await tx.update(productVariants).set(columns).where(eq(productVariants.id, id));
      if (v.update_quantity && v.quantity !== null) await setStock(tx, { variantId: id, quantity: v.quantity, userId, reason: 'manual_edit' });
    }
    if (v.image_ids !== undefined) await saveVariantImages(tx, id, v.image_ids);
    await tx.delete(variantBundles).where(eq(variantBundles.variantId, id));
    const links = v.linked_variants.filter((l) => l.variant_id !== id);
    if (links.length) {
      await tx.insert(variantBundles).values(links.map((l) => ({ variantId: id, linkedVariantId: l.variant_id, quantity: l.quantity, price: toMinor(l.price, currency) })));
    }
  }
}
