import {
  captionRequestSchema,
  idParam,
  IMAGE_PAGE_SIZE,
  imageDestroyRequestSchema,
  imageListingQuerySchema,
  imageListingSchema,
  MEDIA_COLLECTION,
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  mediaItemSchema,
  mediaListRequestSchema,
  messages,
} from '@almoner/contracts';
import { and, asc, count, desc, eq, ilike, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { storageFor } from '../../integrations/storage/index.ts';
import { registerMediaUploads } from '../../integrations/storage/media-uploads.ts';
import { destroyMedia, mediaInUse, mediaView } from './media.service.ts';
import { media, mediables } from './media.tables.ts';
import { pageLinks } from './pagination.ts';

const tags = ['media'];
const okSchema = z.object({ success: z.boolean() });
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The media and images libraries (spec part 1 §7 "Media and files"; part 2 images library modal). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = () => storageFor(app.ctx.config);

  registerMediaUploads(app, {
    prefix: '/jpanel/media/cdn',
    permission: 'file.add',
    collections: [MEDIA_COLLECTION],
    contentTypes: MEDIA_TYPES,
    maxBytes: MEDIA_MAX_BYTES,
    answer: mediaItemSchema,
    tag: 'media',
    view: (row) => mediaView(storage(), row, false),
  });

  app.get(
    '/jpanel/images/directory_listing',
    { config: { permission: 'file.view' }, schema: { summary: 'The images library: a page of library files, newest first', tags, querystring: imageListingQuerySchema, response: { 200: imageListingSchema } } },
    async (request) => {
      const { query, page } = request.query;
      const where = and(eq(media.collectionName, MEDIA_COLLECTION), isNull(media.parentId), query ? ilike(media.filename, likePattern(query)) : undefined);
      const [{ total } = { total: 0 }] = await app.ctx.db.select({ total: count() }).from(media).where(where);
      const pages = Math.max(1, Math.ceil(total / IMAGE_PAGE_SIZE));
      const current = Math.min(page, pages);
      const rows = await app.ctx.db
        .select({ row: media, inUse: mediaInUse })
        .from(media)
        .where(where)
        .orderBy(desc(media.createdAt), desc(media.id))
        .limit(IMAGE_PAGE_SIZE)
        .offset((current - 1) * IMAGE_PAGE_SIZE);
      const data = await Promise.all(rows.map((r) => mediaView(storage(), r.row, r.inUse)));
      return { data, current_page: current, pages, items: total, ...pageLinks(current, pages, (n) => `/jpanel/images/directory_listing?page=${n}${query ? `&query=${encodeURIComponent(query)}` : ''}`) };
    },
  );

  app.post(
    '/jpanel/media/list',
    { config: { permission: 'file.view' }, schema: { summary: 'Media attached to one record, in order', tags, body: mediaListRequestSchema, response: { 200: z.array(mediaItemSchema) } } },
    async (request) => {
      const { parent_type: type, parent_id: id, collection_name: collection } = request.body;
      if (!type || !id) return [];
      const rows = await app.ctx.db
        .select({ row: media, inUse: mediaInUse })
        .from(mediables)
        .innerJoin(media, eq(media.id, mediables.mediaId))
        .where(and(eq(mediables.mediableType, type), eq(mediables.mediableId, id), collection ? eq(media.collectionName, collection) : undefined))
        .orderBy(asc(mediables.sequence), asc(media.id));
      return Promise.all(rows.map((r) => mediaView(storage(), r.row, r.inUse)));
    },
  );

  app.post(
    '/jpanel/media/:id/caption',
    { config: { permission: 'file.edit' }, schema: { summary: 'Set a library file’s caption (up to 191 characters)', tags, params: idParam, body: captionRequestSchema, response: { 200: mediaItemSchema } } },
    async (request) => {
      const [row] = await app.ctx.db
        .update(media)
        .set({ caption: request.body.caption || null, updatedAt: new Date() })
        .where(and(eq(media.id, request.params.id), isNull(media.parentId)))
        .returning();
      if (!row) throw new AppError('not_found', messages.notFound);
      const [use] = await app.ctx.db.select({ inUse: mediaInUse }).from(media).where(eq(media.id, row.id));
      return mediaView(storage(), row, use?.inUse ?? false);
    },
  );

  const destroy = async (id: number) => {
    if (!(await destroyMedia(app.ctx.db, storage(), id))) throw new AppError('not_found', messages.notFound);
    return { success: true };
  };
  app.post(
    '/jpanel/media/:id/destroy',
    { config: { permission: 'file.edit' }, schema: { summary: 'Delete a media file (refused while in use)', tags, params: idParam, response: { 200: okSchema } } },
    async (request) => destroy(request.params.id),
  );
  app.post(
    '/jpanel/images/destroy',
    { config: { permission: 'file.edit' }, schema: { summary: 'Delete a library image (refused while in use)', tags, body: imageDestroyRequestSchema, response: { 200: okSchema } } },
    async (request) => destroy(request.body.id),
  );
};
