import { type MediaItem, type DownloadFile, mediaMessages } from '@almoner/contracts';
import { eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import type { Storage } from '../../integrations/storage/index.ts';
import { thumbnailKey } from '../../integrations/storage/media-uploads.ts';
import { feedPosts } from '../feeds/feeds.tables.ts';
import { fundraisingPages } from '../fundraising/fundraising.tables.ts';
import { pages } from '../pages/pages.tables.ts';
import { productCategories, products, productVariants } from '../products/products.tables.ts';
import { sponsorships } from '../sponsorships/sponsorships.tables.ts';
import { contributionItemDownloads } from '../contributions/contribution-items.tables.ts';
import { downloadFiles, media, mediables } from './media.tables.ts';

/** Library links last a working session; the library reloads long before. */
const LINK_SECONDS = 6 * 3600;

type MediaRow = typeof media.$inferSelect;

/** SQL: the media row is attached somewhere (a gallery, a page, a product …), so it may not be deleted. */
export const mediaInUse = sql<boolean>`(
  exists (select 1 from ${mediables} where ${mediables.mediaId} = ${media.id})
  or exists (select 1 from ${feedPosts} where ${or(eq(feedPosts.featuredImageId, media.id), eq(feedPosts.altImageId, media.id), eq(feedPosts.mediaId, media.id))})
  or exists (select 1 from ${pages} where ${or(eq(pages.featuredImageId, media.id), eq(pages.altImageId, media.id))})
  or exists (select 1 from ${fundraisingPages} where ${eq(fundraisingPages.mediaId, media.id)})
  or exists (select 1 from ${productCategories} where ${eq(productCategories.mediaId, media.id)})
  or exists (select 1 from ${products} where ${eq(products.mediaId, media.id)})
  or exists (select 1 from ${sponsorships} where ${eq(sponsorships.mediaId, media.id)})
)`;

/** SQL: a variant sells the file, or an order line points at it. */
export const downloadInUse = sql<boolean>`(
  exists (select 1 from ${productVariants} where ${eq(productVariants.fileId, downloadFiles.id)})
  or exists (select 1 from ${contributionItemDownloads} where ${eq(contributionItemDownloads.fileId, downloadFiles.id)})
)`;

export async function mediaView(storage: Storage, row: MediaRow, inUse: boolean): Promise<MediaItem> {
  const isImage = row.contentType.startsWith('image/');
  const link = async (key: string) => (await storage.signDownload(key, { expiresInSeconds: LINK_SECONDS })).url;
  const publicUrl = await link(row.storageKey);
  const hasThumb = row.contentType === 'image/png' || row.contentType === 'image/jpeg';
  return {
    id: row.id,
    public_url: publicUrl,
    thumbnail_url: hasThumb ? await link(thumbnailKey(row.storageKey)) : publicUrl,
    filename: row.filename,
    size: row.size,
    caption: row.caption,
    content_type: row.contentType,
    is_image: isImage,
    in_use: inUse,
  };
}

export function downloadView(row: typeof downloadFiles.$inferSelect, inUse: boolean): DownloadFile {
  return { id: row.id, filename: row.filename, download_url: `/jpanel/downloads/${row.id}`, size: row.size, content_type: row.contentType, in_use: inUse };
}

/**
 * Deletes an original media row (its thumbnail row goes with it by cascade) and both stored
 * objects. Refused while the file is in use. The row goes first, inside the transaction; the
 * objects after it commits, so a failure never leaves a row pointing at nothing.
 */
export async function destroyMedia(db: Db, storage: Storage, id: number): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ key: media.storageKey, inUse: mediaInUse })
      .from(media)
      .where(sql`${media.id} = ${id} and ${media.parentId} is null`)
      .for('update');
    if (!row) return null;
    if (row.inUse) throw fieldError('id', mediaMessages.inUse);
    await tx.delete(media).where(eq(media.id, id));
    return row.key;
  });
  if (!removed) return false;
  await storage.remove(removed);
  await storage.remove(thumbnailKey(removed));
  return true;
}
