import {
  customFieldMessages,
  linesFromChoices,
  messages,
  normaliseDesignations,
  productMessages,
  skuMessages,
  type CustomField,
  type CustomFieldInputParsed,
  type ProductDetail,
  type ProductFormOptions,
  type ProductInputParsed,
  type ProductOption,
  type VariantOption,
} from '@almoner/contracts';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { decimalNumberSql } from '../money/money.sql.ts';
import type { Actor } from '../../db/actor.ts';
import { withActor } from '../../db/actor.ts';
import type { Db, Queryable, Tx } from '../../db/client.ts';
import { sanitizeHtml } from '../../html/sanitize.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { downloadFiles } from '../media/media.tables.ts';
import { getSettings } from '../settings/settings.service.ts';
import { memberships } from '../supporters/supporters.tables.ts';
import { tributeTypes } from '../tributes/tribute-types.tables.ts';
import { productCategories, productCategoryLinks, productCustomFields, products, productTributeTypes, productVariants } from './products.tables.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { media } from '../media/media.tables.ts';
import { imageView } from './catalogue-images.ts';
import { readVariants, saveVariants } from './products.variants.ts';
import { likeAnywhere, searchWords } from '../../listing/search-words.ts';

type ProductRow = typeof products.$inferSelect;
type FieldRow = typeof productCustomFields.$inferSelect;

const notFound = () => new AppError('not_found', messages.notFound);

async function findProduct(db: Queryable, id: number): Promise<ProductRow> {
  const [row] = await db.select().from(products).where(and(eq(products.id, id), isNull(products.deletedAt)));
  if (!row) throw notFound();
  return row;
}

const toField = (f: FieldRow): CustomField => ({
  id: f.id,
  sequence: f.sequence,
  type: f.type as CustomField['type'],
  name: f.name,
  hint: f.hint,
  is_required: f.isRequired,
  format: f.format as CustomField['format'],
  options: linesFromChoices(f.choices),
  choices: f.choices,
  default_value: f.defaultValue,
  body: f.body,
  map_to_product_meta: f.mapToProductMeta,
});

export async function getProduct(db: Queryable, id: number, storage?: Storage): Promise<ProductDetail> {
  const p = await findProduct(db, id);
  const [fields, categories, variants, tributes] = await Promise.all([
    db.select().from(productCustomFields).where(and(eq(productCustomFields.productId, id), isNull(productCustomFields.deletedAt))).orderBy(asc(productCustomFields.sequence), asc(productCustomFields.id)),
    db.select({ id: productCategoryLinks.categoryId }).from(productCategoryLinks).where(eq(productCategoryLinks.productId, id)).orderBy(asc(productCategoryLinks.sequence)),
    readVariants(db, id, p.baseCurrency, storage),
    db.select({ id: productTributeTypes.tributeTypeId }).from(productTributeTypes).where(eq(productTributeTypes.productId, id)).orderBy(asc(productTributeTypes.tributeTypeId)),
  ]);
  const stock = variants.reduce((sum, v) => sum + v.quantity, 0);
  return {
    id: p.id,
    type: p.type as ProductDetail['type'],
    name: p.name,
    code: p.code,
    summary: p.summary,
    description: p.description,
    is_enabled: p.isEnabled,
    show_in_pos: p.showInPos,
    is_featured: p.isFeatured,
    outofstock_allow: p.outofstockAllow,
    outofstock_message: p.outofstockMessage,
    limit_sales: p.limitSales,
    sold: p.soldCount,
    // Incumbent §1.5 available_for_purchase; null is "no limit".
    available: p.limitSales !== null ? Math.max(0, p.limitSales - p.soldCount) : p.outofstockAllow ? null : Math.max(0, stock),
    base_currency: p.baseCurrency,
    is_tax_receiptable: p.isTaxReceiptable,
    is_dcc_enabled: p.isDccEnabled,
    allow_tributes: p.allowTributes,
    allow_tribute_notification: p.allowTributeNotification,
    tribute_type_ids: tributes.map((t) => t.id),
    template_suffix: p.templateSuffix,
    gl_code: p.glCode,
    alt_button_label: p.altButtonLabel,
    alt_button_url: p.altButtonUrl,
    category_ids: categories.map((c) => c.id),
    designation_options: p.designationOptions ?? { type: 'single_account', default_account: p.glCode, designations: [] },
    custom_fields: fields.map(toField),
    variants,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** SKUs are unique ignoring case, deleted products included (their codes stay taken). */
async function isSkuTaken(db: Queryable, code: string, exceptId: number | null): Promise<boolean> {
  const [taken] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`lower(${products.code}) = ${code.toLowerCase()}`, exceptId ? ne(products.id, exceptId) : undefined));
  return taken !== undefined;
}

/** POST /jpanel/products/validate_sku: the form's live check, with the spec's messages. */
export async function validateSku(db: Queryable, productId: number | null, raw: string): Promise<{ valid: boolean; message: string | null }> {
  const code = raw.trim();
  if (!code) return { valid: false, message: skuMessages.required };
  if (!/^[A-Za-z0-9-]+$/.test(code)) return { valid: false, message: skuMessages.format };
  if (code.length > 25) return { valid: false, message: skuMessages.tooLong };
  if (await isSkuTaken(db, code, productId)) return { valid: false, message: skuMessages.inUse };
  return { valid: true, message: null };
}

const isSkuConflict = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string; constraint?: string }; constraint?: string };
  return (e.cause?.code ?? e.code) === '23505' && (e.cause?.constraint ?? e.constraint) === 'products_code_unique';
};

function productColumns(input: ProductInputParsed, userId: number | null) {
  return {
    // The type may change on a saved product: it is read live (the point of sale offers a donation
    // form's billing periods and leaves templates out), and sales keep their variant, not the type.
    // Left out, the column keeps its value (a new product's default is 'standard').
    ...(input.type ? { type: input.type } : {}),
    name: input.name,
    code: input.code,
    summary: input.summary,
    description: input.description,
    isEnabled: input.is_enabled,
    showInPos: input.show_in_pos,
    isFeatured: input.is_featured,
    outofstockAllow: input.outofstock_allow,
    outofstockMessage: input.outofstock_message,
    limitSales: input.limit_sales,
    baseCurrency: input.base_currency,
    isTaxReceiptable: input.is_tax_receiptable,
    isDccEnabled: input.is_dcc_enabled,
    allowTributes: input.allow_tributes,
    allowTributeNotification: input.allow_tribute_notification,
    templateSuffix: input.template_suffix,
    glCode: input.gl_code,
    altButtonLabel: input.alt_button_label,
    altButtonUrl: input.alt_button_url,
    designationOptions: normaliseDesignations(input.designation_options, input.template_suffix),
    updatedBy: userId,
    updatedAt: sql`now()`,
  };
}

async function saveCategories(tx: Tx, productId: number, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length) {
    const found = await tx.select({ id: productCategories.id }).from(productCategories).where(inArray(productCategories.id, unique));
    if (found.length !== unique.length) throw fieldError('category_ids', productMessages.unknownCategory);
  }
  await tx.delete(productCategoryLinks).where(eq(productCategoryLinks.productId, productId));
  if (unique.length) await tx.insert(productCategoryLinks).values(unique.map((categoryId, sequence) => ({ productId, categoryId, sequence })));
}

/** The product's tribute types, as sent; an id that is not a live tribute type refuses the save. */
async function saveTributeTypes(tx: Tx, productId: number, ids: number[] | undefined): Promise<void> {
  if (ids === undefined) return;
  const unique = [...new Set(ids)];
  if (unique.length) {
    const found = await tx.select({ id: tributeTypes.id }).from(tributeTypes).where(and(inArray(tributeTypes.id, unique), isNull(tributeTypes.deletedAt)));
    if (found.length !== unique.length) throw fieldError('tribute_type_ids', productMessages.unknownTributeType);
  }
  await tx.delete(productTributeTypes).where(eq(productTributeTypes.productId, productId));
  if (unique.length) await tx.insert(productTributeTypes).values(unique.map((tributeTypeId) => ({ productId, tributeTypeId })));
}

/** Rows in the order sent; existing rows marked `_delete` are soft-deleted, not dropped. */
async function saveCustomFields(tx: Tx, productId: number, fields: CustomFieldInputParsed[]): Promise<void> {
  const existing = await tx.select({ id: productCustomFields.id }).from(productCustomFields).where(and(eq(productCustomFields.productId, productId), isNull(productCustomFields.deletedAt)));
  const known = new Set(existing.map((e) => e.id));
  const unknown = fields.findIndex((f) => f.id !== undefined && !known.has(f.id));
  if (unknown >= 0) throw fieldError(`custom_fields.${unknown}.id`, messages.notFound);
  let sequence = 0;
  for (const f of fields) {
    if (f._delete) {
      if (f.id !== undefined) await tx.update(productCustomFields).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(productCustomFields.id, f.id));
      continue;
    }
    const columns = {
      sequence: sequence++,
      type: f.type,
      name: f.name,
      hint: f.hint,
      isRequired: f.is_required,
      format: f.format,
      choices: f.choices,
      defaultValue: f.default_value,
      body: f.type === 'html' ? f.body : null,
      mapToProductMeta: f.map_to_product_meta,
      updatedAt: sql`now()`,
    };
    if (f.id === undefined) await tx.insert(productCustomFields).values({ ...columns, productId });
    else await tx.update(productCustomFields).set(columns).where(eq(productCustomFields.id, f.id));
  }
}

/**
 * The product's HTML (its description and HTML custom fields) through the one HTML policy, before
 * anything is written. An HTML field that shows nothing once cleaned is refused, not stored blank.
 */
function cleanProductHtml(input: ProductInputParsed): ProductInputParsed {
  const description = input.description === null ? null : sanitizeHtml(input.description) || null;
  const customFields = input.custom_fields.map((f, index) => {
    if (f._delete || f.type !== 'html' || f.body === null) return f;
    const body = sanitizeHtml(f.body);
    if (body.trim() === '') throw fieldError(`custom_fields.${index}.body`, customFieldMessages.htmlBodyEmpty);
    return { ...f, body };
  });
  return { ...input, description, custom_fields: customFields };
}

async function saveProduct(db: Db, actor: Actor, id: number | null, dirty: ProductInputParsed, storage?: Storage): Promise<ProductDetail> {
  const input = cleanProductHtml(dirty);
  try {
    const productId = await withActor(db, actor, async (tx) => {
      if (id !== null) await findProduct(tx, id);
      if (await isSkuTaken(tx, input.code, id)) throw fieldError('code', skuMessages.inUse);
      const columns = productColumns(input, actor.userId);
      let savedId = id;
      if (savedId === null) {
        const [row] = await tx.insert(products).values({ ...columns, createdBy: actor.userId }).returning({ id: products.id });
        savedId = (row as { id: number }).id;
      } else {
        await tx.update(products).set(columns).where(eq(products.id, savedId));
      }
      await saveCategories(tx, savedId, input.category_ids);
      await saveTributeTypes(tx, savedId, input.tribute_type_ids);
      await saveCustomFields(tx, savedId, input.custom_fields);
      await saveVariants(tx, savedId, input.base_currency, input.variants, actor.userId);
      return savedId;
    });
    return await getProduct(db, productId, storage);
  } catch (error) {
    // Two saves of one new code at once: the unique index decides, with the same message.
    if (isSkuConflict(error)) throw fieldError('code', skuMessages.inUse);
    throw error;
  }
}

export const createProduct = (db: Db, actor: Actor, input: ProductInputParsed, storage?: Storage) => saveProduct(db, actor, null, input, storage);
export const updateProduct = (db: Db, actor: Actor, id: number, input: ProductInputParsed, storage?: Storage) => saveProduct(db, actor, id, input, storage);

/** Soft delete: the product leaves lists and pickers; its SKU stays taken. */
export async function deleteProduct(db: Db, actor: Actor, id: number): Promise<{ message: string }> {
  return withActor(db, actor, async (tx) => {
    const p = await findProduct(tx, id);
    await tx.update(products).set({ deletedAt: sql`now()`, updatedAt: sql`now()`, updatedBy: actor.userId }).where(eq(products.id, id));
    return { message: productMessages.deleted(p.name) };
  });
}

/** GET /jpanel/products.json (part 2 §7): picker options by search, or the chosen ids. */
export async function listProductOptions(db: Queryable, query: { query?: string | undefined; ids?: number[] | undefined }, storage?: Storage): Promise<ProductOption[]> {
  const words = searchWords(query.query ?? '');
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      code: products.code,
      has_donation_variant: sql<boolean>`exists (select 1 from product_variants v where v.product_id = "products"."id" and v.is_donation and v.deleted_at is null)`,
      // The product's own image, else the first image of its first live variant.
      imageId: sql<number | null>`coalesce(${products.mediaId}, (select mb.media_id from product_variants v join mediables mb on mb.mediable_type = 'product_variant' and mb.mediable_id = v.id
        where v.product_id = "products"."id" and v.deleted_at is null order by v.sequence, v.id, mb.sequence limit 1))`,
    })
    .from(products)
    .where(
      and(
        isNull(products.deletedAt),
        query.ids ? inArray(products.id, query.ids.length ? query.ids : [0]) : undefined,
        ...words.map((w) => sql`(lower(${products.name}) like ${likeAnywhere(w)} or lower(${products.code}) like ${likeAnywhere(w)})`),
      ),
    )
    .orderBy(asc(sql`lower(${products.name})`), asc(products.id))
    .limit(50);
  const imageIds = [...new Set(rows.map((r) => r.imageId).filter((x): x is number => x !== null).map(Number))];
  const images = imageIds.length
    ? await db.select({ id: media.id, filename: media.filename, storageKey: media.storageKey }).from(media).where(inArray(media.id, imageIds))
    : [];
  const urls = new Map(await Promise.all(images.map(async (m) => [m.id, (await imageView(storage, m)).thumbnail_url] as const)));
  return rows.map(({ imageId, ...r }) => ({ ...r, thumbnail: imageId === null ? null : (urls.get(Number(imageId)) ?? null) }));
}

/** What the product form chooses from. */
export async function getProductFormOptions(db: Queryable): Promise<ProductFormOptions> {
  const [categories, levels, files, settings, tributes] = await Promise.all([
    db.select({ id: productCategories.id, name: productCategories.name, parent_id: productCategories.parentId }).from(productCategories).orderBy(asc(productCategories.sequence), asc(productCategories.name)),
    db.select({ id: memberships.id, name: memberships.name }).from(memberships).where(isNull(memberships.deletedAt)).orderBy(asc(memberships.sequence), asc(memberships.name)),
    db.select({ id: downloadFiles.id, filename: downloadFiles.filename }).from(downloadFiles).orderBy(asc(downloadFiles.filename)).limit(500),
    getSettings(db, ['edition_dp', 'site_currency']),
    db.select({ id: tributeTypes.id, label: tributeTypes.label, is_enabled: tributeTypes.isEnabled }).from(tributeTypes).where(isNull(tributeTypes.deletedAt)).orderBy(asc(tributeTypes.sequence), asc(tributeTypes.id)),
  ]);
  return { categories, memberships: levels, files, crm_enabled: settings.edition_dp, site_currency: settings.site_currency, tribute_types: tributes };
}

/** Live variants of live products matching every word of `query` (bundle picker). */
export async function listVariantOptions(db: Queryable, query: string): Promise<VariantOption[]> {
  const words = searchWords(query);
  const name = sql<string>`${products.name} || ' – ' || ${productVariants.variantName}`;
  const rows = await db
    .select({
      id: productVariants.id,
      name,
      product_id: products.id,
      variantname: productVariants.variantName,
      price: sql<number>`${decimalNumberSql(sql`${productVariants.price}`, sql`${products.baseCurrency}`)}`,
      saleprice: sql<number | null>`case when ${productVariants.salePrice} is null then null else ${decimalNumberSql(sql`${productVariants.salePrice}`, sql`${products.baseCurrency}`)} end`,
      currency_code: products.baseCurrency,
      is_donation: productVariants.isDonation,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(isNull(productVariants.deletedAt), isNull(products.deletedAt), ...words.map((w) => sql`lower(${name}) like ${`%${w.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`)))
    .orderBy(asc(sql`lower(${products.name})`), asc(productVariants.sequence), asc(productVariants.id))
    .limit(50);
  return rows;
}
