import {
  EDITOR_IMAGE_MAX_BYTES,
  EDITOR_IMAGE_TYPES,
  editorImageUploadResponseSchema,
  editorImageUploadSchema,
  editorUploadMessages,
  embedMessages,
  embedQuerySchema,
  embedSchema,
  formatByteLimit,
  MEDIA_COLLECTION,
  mediaFileUrl,
  messages,
  storageMessages,
} from '@almoner/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, fieldError } from '../../http/errors.ts';
import { embedProviderFor } from '../../integrations/embeds/index.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { recordMedia } from '../../integrations/storage/media-uploads.ts';
import { bytesMatch } from '../../integrations/storage/sniff.ts';
import { storageKey } from '../../integrations/storage/keys.ts';
import { releaseReservation, reserveFilename } from '../../integrations/storage/uploads.ts';
import { mediaView } from './media.service.ts';
import { media } from './media.tables.ts';

/** The `file` part of a multipart request, kept beside the parsed fields until the handler reads it. */
const files = new WeakMap<FastifyRequest, File>();
const BODY_LIMIT = EDITOR_IMAGE_MAX_BYTES + 64_000;

/**
 * The content editor's image upload (spec part 1 §7: POST /jpanel/api/v1/tinymce/imageupload,
 * multipart file → location) and the lasting address it answers. The image goes through the same
 * checks and recording as a library upload: a sanitised, numbered name; the bytes must be the
 * image type they claim; PNG and JPEG re-encoded without metadata, with a thumbnail.
 */
export const editorUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);

  // Multipart through the platform's own parser (undici's FormData): no extra dependency.
  app.addContentTypeParser('multipart/form-data', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (request, body, done) => {
    new Request('http://editor.local/', { method: 'POST', headers: { 'content-type': String(request.headers['content-type']) }, body: body as Buffer })
      .formData()
      .then((form) => {
        const file = form.get('file');
        if (file && typeof file !== 'string') files.set(request, file);
        done(null, { file: file && typeof file !== 'string' ? file.name : undefined });
      })
      .catch(() => done(new AppError('validation', editorUploadMessages.unreadable, { file: [editorUploadMessages.unreadable] })));
  });

  app.post(
    '/jpanel/api/v1/tinymce/imageupload',
    {
      config: { permission: 'file.add' },
      bodyLimit: BODY_LIMIT,
      schema: {
        summary: 'Upload an image from the content editor into the media library; answers its lasting location',
        tags: ['media'],
        consumes: ['multipart/form-data'],
        body: editorImageUploadSchema.optional(),
        response: { 200: editorImageUploadResponseSchema },
      },
    },
    async (request) => {
      const file = files.get(request);
      if (!file || file.size === 0) throw fieldError('file', editorUploadMessages.noFile);
      const contentType = file.type.toLowerCase();
      if (!(EDITOR_IMAGE_TYPES as readonly string[]).includes(contentType)) throw fieldError('file', storageMessages.contentType);
      if (file.size > EDITOR_IMAGE_MAX_BYTES) throw fieldError('file', storageMessages.tooLarge(formatByteLimit(EDITOR_IMAGE_MAX_BYTES)));
      const body = Buffer.from(await file.arrayBuffer());
      if (!bytesMatch(body, contentType)) throw fieldError('file', storageMessages.notThatType);

      const store = storage();
      const filename = await reserveFilename(app.ctx.db, store, MEDIA_COLLECTION, file.name || 'image', request.actor.userId);
      const key = storageKey(MEDIA_COLLECTION, filename);
      if (!key) throw fieldError('file', storageMessages.filename);
      await store.put(key, body, contentType);
      let recorded;
      try {
        recorded = await recordMedia(app.ctx.db, store, { key, filename, collectionName: MEDIA_COLLECTION, contentType, size: body.length, originalName: filename, body }, request.actor.userId);
      } catch (error) {
        await store.remove(key);
        throw error;
      } finally {
        await releaseReservation(app.ctx.db, key);
      }
      const item = await mediaView(store, recorded.row, false);
      return { id: item.id, filename: item.filename, public_url: item.public_url, thumbnail_url: item.thumbnail_url, location: mediaFileUrl(item.id, item.filename) };
    },
  );

  // Library files are public (pages and posts show them): a lasting address, answered with a fresh signed link.
  app.get(
    '/media/:id/:filename',
    {
      config: { public: true },
      schema: {
        summary: 'A library file by its lasting address: a redirect to a short-lived signed link',
        tags: ['media'],
        params: z.object({ id: z.coerce.number({ error: messages.number }).int().min(1).max(2147483647), filename: z.string().max(255) }),
      },
    },
    async (request, reply) => {
      const [row] = await app.ctx.db
        .select({ key: media.storageKey, filename: media.filename })
        .from(media)
        .where(and(eq(media.id, request.params.id), isNull(media.parentId), eq(media.collectionName, MEDIA_COLLECTION)));
      if (!row || row.filename !== request.params.filename) throw new AppError('not_found', messages.notFound);
      const signed = await storage().signDownload(row.key, { expiresInSeconds: 3600 });
      return reply.header('cache-control', 'public, max-age=300').redirect(signed.url, 302);
    },
  );

  // The editor's embed lookup: a video address becomes the HTML that plays it (the sandbox needs no network).
  app.get(
    '/jpanel/api/v1/embed',
    {
      config: { permission: ['node.add', 'node.edit', 'post.add', 'post.edit'] },
      schema: { summary: 'Look up the embed HTML of a video address (oEmbed-style: url → html)', tags: ['media'], querystring: embedQuerySchema, response: { 200: embedSchema } },
    },
    async (request) => {
      let address: URL;
      try {
        address = new URL(request.query.url);
      } catch {
        throw fieldError('url', embedMessages.url);
      }
      const embed = await embedProviderFor(app.ctx.config).lookup(address);
      if (!embed) throw fieldError('url', embedMessages.notEmbeddable);
      return embed;
    },
  );
};
