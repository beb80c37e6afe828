import {
  referenceOfFile,
  SPONSEE_PHOTO_COLLECTION,
  SPONSEE_PHOTO_MAX_BYTES,
  sponseePhotoMessages,
  storageMessages,
  type SponseePhotoCheckRow,
  type sponseePhotoAttachRequestSchema,
} from '@almoner/contracts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { withActor, type Actor } from '../../db/actor.ts';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../http/errors.ts';
import { storageKey, type Storage } from '../../integrations/storage/index.ts';
import { recordMedia } from '../../integrations/storage/media-uploads.ts';
import { DEFAULT_EXPIRY_SECONDS } from '../../integrations/storage/storage.ts';
import { acceptUpload, incomingKey, releaseReservation, reserveFilename } from '../../integrations/storage/uploads.ts';
import { mediaView } from '../media/media.service.ts';
import { media } from '../media/media.tables.ts';
import { sponsorships } from './sponsorships.tables.ts';

type AttachInput = z.output<typeof sponseePhotoAttachRequestSchema>;

/** Each file name with the sponsee whose reference number it is (ignoring case), or null. */
export async function checkSponseePhotos(db: Db, names: string[]): Promise<SponseePhotoCheckRow[]> {
  const refs = [...new Set(names.map((n) => referenceOfFile(n).toLowerCase()).filter(Boolean))];
  const rows = refs.length
    ? await db
        .select({
          id: sponsorships.id,
          ref: sponsorships.referenceNumber,
          fullName: sql<string>`person_name(${sponsorships.firstName}, ${sponsorships.lastName})`,
          hasPhoto: sql<boolean>`${sponsorships.mediaId} is not null`,
        })
        .from(sponsorships)
        .where(and(inArray(sql`lower(${sponsorships.referenceNumber})`, refs), isNull(sponsorships.deletedAt)))
    : [];
  const byRef = new Map(rows.map((r) => [r.ref.toLowerCase(), r]));
  return names.map((name) => {
    const row = byRef.get(referenceOfFile(name).toLowerCase());
    return {
      name,
      sponsee: row ? { id: row.id, has_photo: Boolean(row.hasPhoto), reference_number: row.ref, full_name: row.fullName ?? '' } : null,
    };
  });
}

/** A stored, reserved filename under the sponsee photo collection and a URL to PUT the file to. */
export async function signSponseePhoto(db: Db, storage: Storage, filename: string, contentType: string, userId: number | null) {
  if (/[\\/]|%2f|%5c|^\.+$/i.test(filename)) throw fieldError('filename', storageMessages.filename);
  const stored = await reserveFilename(db, storage, SPONSEE_PHOTO_COLLECTION, filename, userId);
  const key = storageKey(SPONSEE_PHOTO_COLLECTION, stored);
  if (!key) throw fieldError('filename', storageMessages.filename);
  const signed = await storage.signUpload(incomingKey(key), { contentType, maxBytes: SPONSEE_PHOTO_MAX_BYTES, expiresInSeconds: DEFAULT_EXPIRY_SECONDS });
  return { filename: stored, signed_upload_url: signed.url };
}

/**
 * Makes an uploaded file the sponsee's photo (the `media_id` the sponsee page shows). The stored
 * object is checked first (there, of its type and size, bytes bearing the type out) and recorded
 * as a media row by the shared flow. Repeating it finds the row already recorded and links the
 * same photo again: nothing more changes.
 */
export async function attachSponseePhoto(db: Db, storage: Storage, input: AttachInput, actor: Actor) {
  const key = storageKey(SPONSEE_PHOTO_COLLECTION, input.filename);
  if (!key) throw fieldError('filename', storageMessages.filename);
  const [sponsee] = await db
    .select({ id: sponsorships.id })
    .from(sponsorships)
    .where(and(eq(sponsorships.id, input.sponsee), isNull(sponsorships.deletedAt)));
  if (!sponsee) throw fieldError('sponsee', sponseePhotoMessages.sponseeGone);

  let [photo] = await db
    .select({ id: media.id, contentType: media.contentType })
    .from(media)
    .where(and(eq(media.storageKey, key), isNull(media.parentId)));
  if (photo && photo.contentType !== input.content_type) throw fieldError('content_type', storageMessages.uploadMismatch);
  if (!photo) {
    const { row } = await acceptUpload(storage, key, input.content_type, SPONSEE_PHOTO_MAX_BYTES, async ({ size, body }) => {
      if (size !== input.size) {
        await storage.remove(incomingKey(key));
        throw fieldError('size', sponseePhotoMessages.sizeMismatch);
      }
      const upload = { key, filename: input.filename, collectionName: SPONSEE_PHOTO_COLLECTION, contentType: input.content_type, size, originalName: input.filename, body };
      return recordMedia(db, storage, upload, actor.userId);
    });
    await releaseReservation(db, key);
    photo = { id: row.id, contentType: row.contentType };
  }
  const mediaId = photo.id;
  await withActor(db, actor, async (tx) => {
    // Only a change is written (and audited): a repeated attach leaves the row as it is.
    await tx
      .update(sponsorships)
      .set({ mediaId, updatedAt: sql`now()` })
      .where(and(eq(sponsorships.id, input.sponsee), isNull(sponsorships.deletedAt), sql`${sponsorships.mediaId} is distinct from ${mediaId}`));
  });
  const [row] = await db.select().from(media).where(eq(media.id, mediaId));
  // The photo was attached just now: it is in use.
  return { ...(await mediaView(storage, row!, true)), sponsee: input.sponsee, media_id: mediaId };
}
