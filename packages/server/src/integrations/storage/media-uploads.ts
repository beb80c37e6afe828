import { storageMessages } from '@almoner/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fieldError } from '../../http/errors.ts';
import { media } from '../../modules/media/media.tables.ts';
import { REENCODED_TYPES, reencode } from './images.ts';
import { storageFor, type Storage } from './index.ts';
import type { Db } from '../../db/client.ts';
import { registerUploads, type CompletedUpload, type UploadsOptions } from './uploads.ts';

export type MediaRow = typeof media.$inferSelect;

export type MediaUploadsOptions<Answer extends z.ZodType> = Omit<UploadsOptions<Answer>, 'onDone'> & {
  /** The done route's answer for the recorded row (each area shows media its own way). */
  view: (row: MediaRow, thumbnail: MediaRow | null) => Promise<z.infer<Answer>>;
};

/** Where an image's thumbnail is kept: beside it, under thumbnails/ (not a name a user can sign). */
export const thumbnailKey = (key: string) => key.replace(/\/([^/]+)$/, '/thumbnails/$1');

/**
 * The one upload flow every area that stores media uses (media library, catalogue images,
 * sponsee photos, timeline photos): sign → PUT → done, then PNG and JPEG files are re-encoded
 * without metadata, given a thumbnail, and recorded as a `media` row (and a child row for the
 * thumbnail). A second `done` for the same file is refused rather than recorded twice.
 */
export function registerMediaUploads<Answer extends z.ZodType>(app: FastifyInstance, options: MediaUploadsOptions<Answer>): void {
  const { view, ...rest } = options;
  registerUploads(app, {
    ...rest,
    onDone: async (upload, request) => {
      const { row, thumbnail } = await recordMedia(app.ctx.db, storageFor(app.ctx.config), upload, request.actor.userId);
      return view(row, thumbnail);
    },
  });
}

/**
 * Records a stored, type-checked file as a `media` row: PNG and JPEG are re-encoded without
 * metadata and given a thumbnail (a child row). A key already recorded is refused ("already
 * finished"); bytes that do not decode are removed and refused.
 */
export async function recordMedia(db: Db, storage: Storage, upload: CompletedUpload, actor: number | null): Promise<{ row: MediaRow; thumbnail: MediaRow | null }> {
  const [existing] = await db.select({ id: media.id }).from(media).where(eq(media.storageKey, upload.key));
  if (existing) throw fieldError('filename', storageMessages.alreadyDone);

  let size = upload.size;
  let dimensions: { width: number; height: number } | null = null;
  let thumbnail: { body: Buffer; width: number; height: number } | null = null;
  if ((REENCODED_TYPES as readonly string[]).includes(upload.contentType)) {
    const result = reencode(upload.body, upload.contentType);
    if (!result) {
      await storage.remove(upload.key);
      throw fieldError('content_type', storageMessages.notThatType);
    }
    await storage.put(upload.key, result.image.body, upload.contentType);
    await storage.put(thumbnailKey(upload.key), result.thumbnail.body, upload.contentType);
    size = result.image.body.length;
    dimensions = { width: result.image.width, height: result.image.height };
    thumbnail = result.thumbnail;
  }

  const base = { collectionName: upload.collectionName, contentType: upload.contentType, createdBy: actor };
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(media)
      .values({ ...base, name: upload.originalName, filename: upload.filename, storageKey: upload.key, size, ...dimensions })
      .onConflictDoNothing()
      .returning();
    // Two `done` calls racing: the loser finds the key recorded.
    if (!row) throw fieldError('filename', storageMessages.alreadyDone);
    const [thumb] = thumbnail
      ? await tx
          .insert(media)
          .values({
            ...base,
            name: upload.originalName,
            filename: upload.filename,
            storageKey: thumbnailKey(upload.key),
            size: thumbnail.body.length,
            width: thumbnail.width,
            height: thumbnail.height,
            parentId: row.id,
          })
          .returning()
      : [];
    return { row, thumbnail: thumb ?? null };
  });
}

/** A photo as sponsee and timeline forms show it: signed links to the image and its thumbnail. */
export async function mediaPhoto(storage: Storage, row: MediaRow, thumbnail: MediaRow | null) {
  const link = async (key: string) => (await storage.signDownload(key, { expiresInSeconds: 3600 })).url;
  const url = await link(row.storageKey);
  return { id: row.id, filename: row.filename, public_url: url, thumbnail_url: thumbnail ? await link(thumbnail.storageKey) : url, caption: null };
}
