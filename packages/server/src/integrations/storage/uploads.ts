import {
  formatByteLimit,
  storageMessages,
  uploadDoneRequestSchema,
  uploadSignRequestSchema,
  uploadSignResponseSchema,
} from '@almoner/contracts';
import { eq, lt } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, fieldError } from '../../http/errors.ts';
import { storageFor } from './index.ts';
import { availableFilename, storageKey } from './keys.ts';
import { bytesMatch } from './sniff.ts';
import { uploadReservations } from '../../modules/media/media.tables.ts';
import { DEFAULT_EXPIRY_SECONDS, type Storage } from './storage.ts';

/** Upload links last the usual quarter hour; a name stays reserved a minute longer. */
const SIGNED_SECONDS = DEFAULT_EXPIRY_SECONDS;
const RESERVATION_GRACE_SECONDS = 60;

/** A finished upload, checked against the store: what an area's `onDone` records. */
export type CompletedUpload = {
  key: string;
  filename: string;
  collectionName: string;
  contentType: string;
  size: number;
  /** The name shown in libraries: the stored filename (already sanitised and unique). */
  originalName: string;
  /** The stored bytes, already checked against the declared type. */
  body: Buffer;
};

export type UploadsOptions<Answer extends z.ZodType> = {
  /** `/jpanel/media/cdn` → POST /jpanel/media/cdn/sign and /jpanel/media/cdn/done. */
  prefix: string;
  /** One permission, or a list of which any one will do. */
  permission: string | readonly string[];
  /** Collections this area takes (media: files, products …). */
  collections: readonly string[];
  /** Accepted content types; a trailing `/*` accepts a family (image/*). */
  contentTypes: readonly string[];
  maxBytes: number;
  /** The done route's answer, e.g. the media item. */
  answer: Answer;
  onDone: (upload: CompletedUpload, request: FastifyRequest) => Promise<z.infer<Answer>>;
  tag?: string;
};

const accepts = (patterns: readonly string[], type: string) =>
  patterns.some((p) => (p.endsWith('/*') ? type.startsWith(p.slice(0, -1)) : p === type));

/**
 * The spec's sign → PUT → done flow (part 1 §4 "Media upload", §7 "Media and files") for any
 * area: sign answers a stored filename and a signed PUT URL; the browser PUTs the file there;
 * done checks the stored object against what was signed and hands it to the area.
 */
export function registerUploads<Answer extends z.ZodType>(app: FastifyInstance, options: UploadsOptions<Answer>): void {
  const plugin: FastifyPluginAsyncZod = async (scope) => {
    const storage = (): Storage => storageFor(scope.ctx.config);
    const route = { config: { permission: options.permission }, schema: { tags: [options.tag ?? 'uploads'] } };

    scope.post(
      `${options.prefix}/sign`,
      { ...route, schema: { ...route.schema, summary: 'Sign an upload: a stored filename and a URL to PUT the file to', body: uploadSignRequestSchema, response: { 200: uploadSignResponseSchema } } },
      async (request) => {
        const { collection_name: collection, content_type: contentType } = request.body;
        checkCollectionAndType(options, collection, contentType);
        // A name carrying a path (../, /etc, a\\b, encoded slashes) is a trick: no browser sends one.
        const name = request.body.filename;
        if (/[\\/]|%2f|%5c|^\.+$/i.test(name) || name.includes('\u0000')) throw fieldError('filename', storageMessages.filename);
        const filename = await reserveFilename(scope.ctx.db, storage(), collection, name, request.actor.userId);
        const key = storageKey(collection, filename);
        if (!key) throw fieldError('filename', storageMessages.filename);
        const signed = await storage().signUpload(incomingKey(key), { contentType, maxBytes: options.maxBytes, expiresInSeconds: SIGNED_SECONDS });
        return { filename, signed_upload_url: signed.url };
      },
    );

    scope.post(
      `${options.prefix}/done`,
      { ...route, schema: { ...route.schema, summary: 'Finish an upload: check the stored file and record it', body: uploadDoneRequestSchema, response: { 200: options.answer as z.ZodType } } },
      async (request) => {
        const { collection_name: collection, content_type: contentType, filename } = request.body;
        checkCollectionAndType(options, collection, contentType);
        const key = storageKey(collection, filename);
        if (!key) throw fieldError('filename', storageMessages.filename);
        const answer: unknown = await acceptUpload(storage(), key, contentType, options.maxBytes, ({ size, body }) =>
          options.onDone({ key, filename, collectionName: collection, contentType, size, originalName: filename, body }, request),
        );
        await releaseReservation(scope.ctx.db, key);
        // Serialised through `options.answer`, like any route's response schema.
        return answer;
      },
    );
  };
  void app.register(plugin);
}

/**
 * Where a signed PUT lands: never the key a file is served from. A signed URL cannot be taken
 * back (S3's presigned ones least of all), so finishing an upload copies the checked bytes to
 * the lasting key; a second PUT to the same URL afterwards changes nothing anyone is served.
 */
export const incomingKey = (key: string) => `incoming/${key}`;

/**
 * Finishes an upload signed for `key` (at its incoming key): checks the bytes, keeps them under
 * `key` and hands them to `record`, which writes the area's row. A file already kept under the
 * key is not replaced ("already finished"). When `record` fails for another reason the kept copy
 * goes again, so the same upload can be finished once the fault has passed; the incoming copy is
 * removed only once the upload is recorded.
 */
export async function acceptUpload<T>(store: Storage, key: string, contentType: string, maxBytes: number, record: (checked: { size: number; body: Buffer }) => Promise<T>): Promise<T> {
  if (await store.stat(key)) {
    await store.remove(incomingKey(key));
    throw fieldError('filename', storageMessages.alreadyDone);
  }
  const checked = await verifyStoredUpload(store, incomingKey(key), contentType, maxBytes);
  await store.put(key, checked.body, contentType);
  let answer: T;
  try {
    answer = await record(checked);
  } catch (error) {
    const finished = error instanceof AppError && error.errors?.filename?.[0] === storageMessages.alreadyDone;
    if (!finished) await store.remove(key);
    throw error;
  }
  await store.remove(incomingKey(key));
  return answer;
}

/**
 * Checks a PUT arrived as signed: the object is there, within the limit, of the declared type,
 * and its bytes bear the type out. A file that fails is removed. Answers its size and bytes.
 */
export async function verifyStoredUpload(store: Storage, key: string, contentType: string, maxBytes: number): Promise<{ size: number; body: Buffer }> {
  const stored = await store.stat(key);
  if (!stored) throw fieldError('filename', storageMessages.uploadMissing);
  if (stored.size > maxBytes) {
    await store.remove(key);
    throw fieldError('size', storageMessages.tooLarge(formatByteLimit(maxBytes)));
  }
  if (stored.contentType.toLowerCase() !== contentType) {
    await store.remove(key);
    throw fieldError('content_type', storageMessages.uploadMismatch);
  }
  // The declared type is a claim: the stored bytes must bear it out (a "PNG" that is not is refused).
  const body = await store.get(key);
  if (!body || !bytesMatch(body, contentType)) {
    await store.remove(key);
    throw fieldError('content_type', storageMessages.notThatType);
  }
  return { size: stored.size, body };
}

/**
 * The sanitised, numbered name ("logo.png", "logo-2.png" …) of a new file in `collection`,
 * reserved for this upload: a name is free when nothing is stored under it and this request wins
 * its reservation, so two signs of one name at once get "name" and "name-2", never the same key.
 */
export async function reserveFilename(db: Db, store: Storage, collection: string, name: string, userId: number | null): Promise<string> {
  const now = new Date();
  const until = new Date(now.getTime() + (SIGNED_SECONDS + RESERVATION_GRACE_SECONDS) * 1000);
  await db.delete(uploadReservations).where(lt(uploadReservations.expiresAt, now));
  return availableFilename(name, async (candidate) => {
    const key = storageKey(collection, candidate);
    if (!key) return false;
    if ((await store.stat(key)) !== null) return true;
    const claimed = await db
      .insert(uploadReservations)
      .values({ storageKey: key, expiresAt: until, createdBy: userId })
      .onConflictDoUpdate({ target: uploadReservations.storageKey, set: { expiresAt: until, createdBy: userId }, setWhere: lt(uploadReservations.expiresAt, now) })
      .returning({ key: uploadReservations.storageKey });
    return claimed.length === 0;
  });
}

/** Once recorded, the stored file holds the name: the reservation is done with. */
export async function releaseReservation(db: Db, key: string): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.storageKey, key));
}

function checkCollectionAndType(options: UploadsOptions<z.ZodType>, collection: string, contentType: string) {
  if (!options.collections.includes(collection)) throw fieldError('collection_name', storageMessages.collection);
  if (!accepts(options.contentTypes, contentType)) throw fieldError('content_type', storageMessages.contentType);
}
