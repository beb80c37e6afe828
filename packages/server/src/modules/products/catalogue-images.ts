import {
  CATALOGUE_IMAGE_COLLECTION,
  CATALOGUE_IMAGE_MAX_BYTES,
  CATALOGUE_IMAGE_TYPES,
  catalogueImageMessages,
  catalogueImageSchema,
  type CatalogueImage,
} from '@almoner/contracts';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { registerMediaUploads } from '../../integrations/storage/media-uploads.ts';
import { media, mediables } from '../media/media.tables.ts';

/** How long an image link in a form stays valid (the form is reloaded well within it). */
const LINK_SECONDS = 6 * 3600;

type ImageRow = { id: number; filename: string; storageKey: string };

/** The image as the API answers it, with signed links (none without a store to sign with). */
export async function imageView(storage: Storage | undefined, row: ImageRow): Promise<CatalogueImage> {
  const url = storage ? (await storage.signDownload(row.storageKey, { expiresInSeconds: LINK_SECONDS })).url : null;
  return { id: row.id, filename: row.filename, thumbnail_url: url, public_url: url };
}

/** A catalogue image by id, or null. */
export async function readImage(db: Queryable, storage: Storage | undefined, id: number | null): Promise<CatalogueImage | null> {
  if (id === null) return null;
  const [row] = await db.select({ id: media.id, filename: media.filename, storageKey: media.storageKey }).from(media).where(eq(media.id, id));
  return row ? imageView(storage, row) : null;
}

/** Each variant's images, in their order. */
export async function readVariantImages(db: Queryable, storage: Storage | undefined, variantIds: number[]): Promise<Map<number, CatalogueImage[]>> {
  const byVariant = new Map<number, CatalogueImage[]>();
  if (variantIds.length === 0) return byVariant;
  const rows = await db
    .select({ variantId: mediables.mediableId, id: media.id, filename: media.filename, storageKey: media.storageKey })
    .from(mediables)
    .innerJoin(media, eq(media.id, mediables.mediaId))
    .where(and(eq(mediables.mediableType, 'product_variant'), inArray(mediables.mediableId, variantIds)))
    .orderBy(asc(mediables.sequence), asc(media.id));
  for (const row of rows) {
    const list = byVariant.get(row.variantId) ?? [];
    list.push(await imageView(storage, row));
    byVariant.set(row.variantId, list);
  }
  return byVariant;
}

/** Every id must be an uploaded catalogue image (not a thumbnail, not another area's file). */
export async function assertImages(db: Queryable, ids: number[], field: (index: number) => string): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await db
        .select({ id: media.id })
        .from(media)
        .where(and(inArray(media.id, [...new Set(ids)]), eq(media.collectionName, CATALOGUE_IMAGE_COLLECTION), isNull(media.parentId)))
    ).map((r) => r.id),
  );
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw fieldError(field(missing), catalogueImageMessages.unknown);
}

/** Replaces a variant's images with `ids`, in that order (removed ones stay in the library). */
export async function saveVariantImages(db: Queryable, variantId: number, ids: number[]): Promise<void> {
  await db.delete(mediables).where(and(eq(mediables.mediableType, 'product_variant'), eq(mediables.mediableId, variantId)));
  const unique = [...new Set(ids)];
  if (unique.length) {
    await db.insert(mediables).values(unique.map((mediaId, sequence) => ({ mediaId, mediableType: 'product_variant', mediableId: variantId, sequence })));
  }
}

/**
 * Image uploads for variants and categories: the shared sign → PUT → done flow into the
 * `products` media collection; done records the media row and answers the image.
 */
export function registerCatalogueUploads(app: FastifyInstance, prefix: string, permission: string | readonly string[]): void {
  registerMediaUploads(app, {
    prefix,
    permission,
    collections: [CATALOGUE_IMAGE_COLLECTION],
    contentTypes: CATALOGUE_IMAGE_TYPES,
    maxBytes: CATALOGUE_IMAGE_MAX_BYTES,
    answer: catalogueImageSchema,
    tag: 'products',
    view: (row) => imageView(storageFor(app.ctx.config), row),
  });
}
